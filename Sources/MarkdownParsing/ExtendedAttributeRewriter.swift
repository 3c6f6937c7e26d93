import RichText

/// Turns Apple's extended attribute syntax, `^[text](key: value, other: 'x')`, into
/// `.attributes` inline containers over the covered runs, as Foundation does with
/// `allowsExtendedAttributes`.
///
/// cmark-gfm does not know the syntax, so it works on the parsed text, where the syntax is
/// either literal text runs (`^[`, the text, `](key: value)`) or, when the parentheses look
/// like a link destination and title, a `^` followed by a link. Anything that does not form a
/// non-empty, well-nested text with a valid, non-empty attribute list is left exactly as it
/// was parsed. The rules are in docs/RICHTEXT.md.
enum ExtendedAttributeRewriter {
  /// `text` with every extended attribute turned into a container; `text` itself when there
  /// is none.
  static func rewrite(_ text: AttributedText) -> AttributedText {
    let bytes = text.bytes
    // Most documents have no `^` at all: skip them after one fast scan.
    let caret = UInt8(ascii: "^")
    guard bytes.withUnsafeBufferPointer({ ByteScan.firstIndex(of: caret, or: caret, in: $0) != nil }) else {
      return text
    }
    return bytes.withUnsafeBufferPointer { buffer in
      var finder = AttributeMatchFinder(text: text, bytes: buffer)
      let matches = finder.find()
      guard !matches.isEmpty else { return text }
      var splicer = AttributeSplicer(text: text, bytes: buffer, matches: matches)
      text.replayTree(into: &splicer)
      return splicer.build()
    }
  }
}
