/// A place in a chapter listed in the table of contents, with the places nested under it.
public struct EPUBTOCEntry: Sendable, Equatable {
  /// The text of the entry.
  public var title: String
  /// The `id` of the element the entry leads to, in its chapter.
  public var fragment: String
  /// The entries under this one (a part's chapters, a section's subsections).
  public var children: [EPUBTOCEntry]

  /// An entry titled `title` leading to `#fragment`.
  public init(title: String, fragment: String, children: [EPUBTOCEntry] = []) {
    self.title = title
    self.fragment = fragment
    self.children = children
  }
}
