import RichText

/// Reads the ``WriterSyntax`` that lies in a parsed text (alerts, image sizes, figures, inline
/// footnotes) in one pass over the page's tables: each rewriter changes the tables in place, and
/// the tables are put in order once at the end (``TextTables/text()``), instead of a copy of the
/// whole document per rewriter.
///
/// A rewriter whose trigger bytes (`[!`, ` =` before a digit or `x`, `^[`) do not occur in the
/// page is not run at all, and a page with none of them is returned as it was parsed.
enum WriterSyntaxRewriter {
  /// `text` with the syntax of `options` read; `text` itself when it holds none.
  static func rewrite(_ text: AttributedText, options: MarkdownOptions) -> AttributedText {
    let syntax = options.syntax
    let bytes = text.bytes
    // Most pages hold neither `[!` nor `^[`, and are let go after one pass over their bytes
    // instead of a look at every run.
    let alerts = syntax.contains(.alerts) && Self.holds(UInt8(ascii: "["), UInt8(ascii: "!"), in: bytes)
    let sizes = syntax.contains(.imageSizes) && ImageSizes.mayHaveSize(bytes)
    let footnotes =
      syntax.contains(.inlineFootnotes) && options.extensions.contains(.footnotes)
      && Self.holds(UInt8(ascii: "^"), UInt8(ascii: "["), in: bytes)
    // Figures need an image, which the parser or the image sizes make.
    let figures = syntax.contains(.figures) && (sizes || Self.holdsImage(text))
    guard alerts || sizes || figures || footnotes else { return text }
    var tables = TextTables(text)
    // In this order: a sized image can be a figure's, and a footnote can be in a callout or a
    // caption.
    if alerts { AlertRewriter.rewrite(&tables) }
    if sizes { ImageSizes.rewrite(&tables) }
    if figures { Figures.rewrite(&tables) }
    if footnotes { InlineFootnotes.rewrite(&tables) }
    return tables.text()
  }

  /// Whether `bytes` hold `first` followed at once by `second` anywhere.
  static func holds(_ first: UInt8, _ second: UInt8, in bytes: [UInt8]) -> Bool {
    var previous: UInt8 = 0
    for byte in bytes {
      if byte == second, previous == first { return true }
      previous = byte
    }
    return false
  }

  private static func holdsImage(_ text: AttributedText) -> Bool {
    text.inlineRecords.contains { if case .image = $0.kind { true } else { false } }
  }
}
