import RichText

/// Turns Apple's extended attribute syntax into custom attributes (filled in below).
enum ExtendedAttributeRewriter {
  static func rewrite(_ text: AttributedText) -> AttributedText { text }
}
