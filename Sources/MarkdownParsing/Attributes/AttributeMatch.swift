import RichText

/// One `^[text](key: value)` found in a text, located by byte positions in the text's bytes.
struct AttributeMatch {
  /// How cmark-gfm delivered the syntax.
  enum Shape {
    /// As literal text: `^[` opens in `caretRun`, `]` sits at `closeBracket` in `closeRun`, and
    /// the `(…)` ends just before `end`.
    case literal(closeRun: Int, closeBracket: Int, end: Int)
    /// As a text run ending in `^` followed by the link container `link`, whose destination
    /// and title were the attribute list.
    case link(Int32)
  }

  /// The attributes read from the parentheses.
  var attributes: CustomAttributes
  /// The shape it arrived in.
  var shape: Shape
  /// The run holding the `^`.
  var caretRun: Int
  /// The byte position of the `^`.
  var caret: Int
  /// Where the covered text ends: the `]`, or the end of the link's text.
  var textEnd: Int
  /// Where the whole construct ends, for nesting checks.
  var end: Int
  /// From the `^` to the `)`.
  var span: SourceSpan
}
