/// One chapter: an XHTML document of its own in the book's reading order.
public struct EPUBChapter: Sendable, Equatable {
  /// The document's path in `EPUB/`, ending in `.xhtml`.
  public var fileName: String
  /// The title, for the document's `<title>` and the table of contents.
  public var title: String
  /// The body's content: a well-formed XHTML fragment, written as it is.
  public var body: String
  /// The chapter's sections for the table of contents, nested as the headings are.
  public var contents: [EPUBTOCEntry]
  /// Whether the body holds MathML (the manifest's `mathml` property).
  public var containsMathML: Bool
  /// Whether the body holds inline SVG (the manifest's `svg` property).
  public var containsSVG: Bool
  /// Whether the body loads anything from outside the book (the `remote-resources` property).
  public var hasRemoteResources: Bool

  /// A chapter at `fileName` titled `title` with the XHTML fragment `body`.
  public init(
    fileName: String, title: String, body: String, contents: [EPUBTOCEntry] = [],
    containsMathML: Bool = false, containsSVG: Bool = false, hasRemoteResources: Bool = false
  ) {
    self.fileName = fileName
    self.title = title
    self.body = body
    self.contents = contents
    self.containsMathML = containsMathML
    self.containsSVG = containsSVG
    self.hasRemoteResources = hasRemoteResources
  }
}
