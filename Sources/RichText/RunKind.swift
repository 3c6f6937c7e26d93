/// What a run's text is: the leaf node of the Markdown tree it came from.
///
/// ```swift
/// MarkdownParser().parse("a `b`\nc").runs.map(\.kind)  // [.text, .code, .softBreak, .text]
/// ```
public enum RunKind: UInt8, Hashable, Sendable, CustomStringConvertible {
  /// Plain text (entities and escapes already decoded), including a code block's content.
  case text
  /// Inline code; the text is the code.
  case code
  /// A soft line break; the text is a single space, as in Foundation.
  case softBreak
  /// A hard line break; the text is a newline.
  case lineBreak
  /// Raw inline HTML; the text is the HTML.
  case inlineHTML
  /// A raw HTML block; the text is the HTML.
  case blockHTML
  /// A footnote reference; the text is the footnote's number.
  case footnoteReference
  /// No text: stands for a block that has no content (an empty list item, a thematic break,
  /// an empty table cell), so that the block still appears in the run sequence.
  case empty

  /// The kind as `dump()` prints it.
  public var description: String {
    switch self {
    case .text: "text"
    case .code: "code"
    case .softBreak: "softBreak"
    case .lineBreak: "lineBreak"
    case .inlineHTML: "inlineHTML"
    case .blockHTML: "blockHTML"
    case .footnoteReference: "footnoteReference"
    case .empty: "empty"
    }
  }
}
