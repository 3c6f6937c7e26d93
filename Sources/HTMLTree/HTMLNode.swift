/// A node of a parsed HTML fragment: an element, text, or a comment (kept in the tree, left out
/// of both serialisations).
public enum HTMLNode: Sendable, Hashable {
  /// An element and, inside it, its children.
  case element(HTMLElement)
  /// Text, with character references decoded (`&nbsp;` is U+00A0).
  case text(String)
  /// A comment's text, without `<!--` and `-->`.
  case comment(String)
}
