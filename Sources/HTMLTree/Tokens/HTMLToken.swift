/// One piece of a fragment read without a tree (``HTMLTokenReader``): a start tag, the end of
/// the element a start tag opened, or text, in document order.
enum HTMLToken: Sendable {
  /// An element's start tag, with the index of its ``end`` token (its own index when it has
  /// no end token: a void element, or a MathML element written `<mspace />`).
  case start(StartTag, end: Int)
  /// The end of the innermost open element.
  case end
  /// Text, with its character references decoded; never empty.
  case text(String)

  /// A start tag's element.
  struct StartTag: Sendable {
    /// The local name, lowercase.
    var name: String
    /// The namespace HTML parsing puts the element in.
    var namespace: HTMLNamespace
    /// The attributes in the order written, values decoded, each name once.
    var attributes: [HTMLAttribute]
  }
}
