/// How Markdown is parsed. Rendering options (safe mode, line breaks, source positions) belong
/// to the renderer; these are the ones that change the tree.
///
/// ```swift
/// var options = MarkdownOptions(extensions: [.table, .footnotes], smartPunctuation: true)
/// options.lineOffset = 4  // the Markdown starts on line 5 of its file, after front matter
/// let text = MarkdownParser(options: options).parse(body)
/// ```
public struct MarkdownOptions: Hashable, Sendable {
  /// The GFM extensions to enable.
  public var extensions: Set<MarkdownExtension>
  /// Curly quotes, dashes and ellipses (`--smart`).
  public var smartPunctuation: Bool
  /// Replace invalid UTF-8 with U+FFFD while parsing (`--validate-utf8`).
  public var validatesUTF8: Bool
  /// Strikethrough only with two tildes (`--strikethrough-double-tilde`).
  public var strikethroughNeedsDoubleTilde: Bool
  /// Read Apple's extended attribute syntax `^[text](key: value)` into custom attributes.
  public var extendedAttributes: Bool
  /// Added to every line number, for text that starts further down a file (after front matter).
  public var lineOffset: Int
  /// Parse as cmark-gfm parses for `--sourcepos` (set it when rendering source positions). The
  /// option changes cmark-gfm's tree, not only its output: with it, a `[^…]` that is no footnote
  /// and holds raw HTML over a line break (`[^<s⏎n>]`) loses its text, as cmark-gfm renders it.
  public var sourcePositions: Bool = false
  /// The Zenn, Qiita and GitHub syntax to read besides GFM (``WriterSyntax``); none by default.
  public var syntax: Set<WriterSyntax> = []

  /// Creates options; the defaults are cmark-gfm's defaults (no extensions).
  public init(
    extensions: Set<MarkdownExtension> = [],
    smartPunctuation: Bool = false,
    validatesUTF8: Bool = false,
    strikethroughNeedsDoubleTilde: Bool = false,
    extendedAttributes: Bool = false,
    lineOffset: Int = 0,
    syntax: Set<WriterSyntax> = []
  ) {
    self.extensions = extensions
    self.smartPunctuation = smartPunctuation
    self.validatesUTF8 = validatesUTF8
    self.strikethroughNeedsDoubleTilde = strikethroughNeedsDoubleTilde
    self.extendedAttributes = extendedAttributes
    self.lineOffset = lineOffset
    self.syntax = syntax
  }

  /// Every GFM extension on, as GitHub renders READMEs.
  public static let gitHubFlavored = MarkdownOptions(extensions: Set(MarkdownExtension.allCases))
}
