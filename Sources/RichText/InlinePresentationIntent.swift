/// The inline styles of a run, with the raw values of Apple Foundation's
/// `InlinePresentationIntent`, so code written against Foundation reads the same bits.
///
/// ```swift
/// let run = MarkdownParser().parse("***`x`***").runs[0]
/// run.inlinePresentationIntent == [.emphasized, .stronglyEmphasized, .code]  // true
/// run.inlinePresentationIntent.rawValue                                     // 7
/// ```
public struct InlinePresentationIntent: OptionSet, Hashable, Sendable {
  /// The bits.
  public var rawValue: UInt

  /// Creates a set from its bits.
  public init(rawValue: UInt) { self.rawValue = rawValue }

  /// `*text*`.
  public static let emphasized = InlinePresentationIntent(rawValue: 1 << 0)
  /// `**text**`.
  public static let stronglyEmphasized = InlinePresentationIntent(rawValue: 1 << 1)
  /// `` `code` ``.
  public static let code = InlinePresentationIntent(rawValue: 1 << 2)
  /// `~~text~~` (GFM strikethrough).
  public static let strikethrough = InlinePresentationIntent(rawValue: 1 << 5)
  /// A line ending inside a paragraph.
  public static let softBreak = InlinePresentationIntent(rawValue: 1 << 6)
  /// A hard line break (two spaces or a backslash before the line ending).
  public static let lineBreak = InlinePresentationIntent(rawValue: 1 << 7)
  /// Raw HTML inside a paragraph; the run's text is the HTML.
  public static let inlineHTML = InlinePresentationIntent(rawValue: 1 << 8)
  /// A raw HTML block; the run's text is the HTML.
  public static let blockHTML = InlinePresentationIntent(rawValue: 1 << 9)
}
