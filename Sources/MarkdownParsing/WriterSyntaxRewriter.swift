import RichText

/// Reads the ``WriterSyntax`` that lies in a parsed text (alerts, image sizes, figures, inline
/// footnotes, attribute lists) in one pass over the page's tables: each rewriter changes the tables in place, and
/// the tables are put in order once at the end (``TextTables/text()``), instead of a copy of the
/// whole document per rewriter.
///
/// A rewriter whose trigger bytes (`[!`, ` =` before a digit or `x`, `^[`) do not occur in the
/// page is not run at all, and a page with none of them is returned as it was parsed.
enum WriterSyntaxRewriter {
  /// `text` with the syntax of `options` read; `text` itself when it holds none.
  static func rewrite(_ text: consuming AttributedText, options: MarkdownOptions) -> AttributedText {
    let syntax = options.syntax
    // Most pages hold neither `[!` nor `^[` nor ` =` before a size, and are let go after one
    // pass over their bytes instead of a look at every run.
    let found = text.bytes.withUnsafeBufferPointer { Self.triggers(in: $0) }
    let alerts = syntax.contains(.alerts) && found.alerts
    let sizes = syntax.contains(.imageSizes) && found.sizes
    let footnotes =
      syntax.contains(.inlineFootnotes) && options.extensions.contains(.footnotes) && found.footnotes
    // Figures need an image, which the parser or the image sizes make.
    let figures = syntax.contains(.figures) && (sizes || Self.holdsImage(text))
    let attributeLists = syntax.contains(.headingAttributes) && found.braces
    guard alerts || sizes || figures || footnotes || attributeLists else { return text }
    // The parser's text goes into the tables (`consume`): they then hold its only copy.
    var tables = TextTables(consume text)
    // In this order: a sized image can be a figure's, and a footnote can be in a callout or a
    // caption.
    if alerts { AlertRewriter.rewrite(&tables) }
    if sizes { ImageSizes.rewrite(&tables) }
    if figures { Figures.rewrite(&tables) }
    if footnotes { InlineFootnotes.rewrite(&tables) }
    if attributeLists { HeadingAttributeLists.rewrite(&tables) }
    return tables.text()
  }

  /// Whether `bytes` hold `[!` (an alert's marker), ` =` before a digit or `x` (an image's
  /// size) and `^[` (an inline footnote): one scan, which looks closely only at `[` and `=`.
  static func triggers(in bytes: UnsafeBufferPointer<UInt8>) -> (
    alerts: Bool, sizes: Bool, footnotes: Bool, braces: Bool
  ) {
    var alerts = false
    var sizes = false
    var footnotes = false
    var cursor = 0
    let count = bytes.count
    while !(alerts && sizes && footnotes),
      let index = ByteScan.firstIndex(of: UInt8(ascii: "["), or: UInt8(ascii: "="), in: bytes, from: cursor)
    {
      let next: UInt8 = index + 1 < count ? bytes[index + 1] : 0
      let previous: UInt8 = index > 0 ? bytes[index - 1] : 0
      if bytes[index] == UInt8(ascii: "[") {
        if next == UInt8(ascii: "!") { alerts = true }
        if previous == UInt8(ascii: "^") { footnotes = true }
      } else if previous == UInt8(ascii: " "),
        next == UInt8(ascii: "x") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(next)
      {
        sizes = true
      }
      cursor = index + 1
    }
    // An attribute list ends in `}`: one more byte search, only on pages with syntax to read.
    let braces = ByteScan.firstIndex(of: UInt8(ascii: "}"), or: UInt8(ascii: "}"), in: bytes) != nil
    return (alerts, sizes, footnotes, braces)
  }

  private static func holdsImage(_ text: AttributedText) -> Bool {
    text.inlineRecords.contains { if case .image = $0.kind { true } else { false } }
  }
}
