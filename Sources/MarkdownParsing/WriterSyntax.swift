/// Syntax that Japanese writers use on Zenn and Qiita, and GitHub's alerts: none of it is
/// CommonMark or GFM, so each is off in ``MarkdownOptions`` unless asked for (Folio's site builds
/// turn them all on). docs/RICHTEXT.md describes each.
///
/// ```swift
/// MarkdownOptions(extensions: [.footnotes], syntax: [.alerts, .details])
/// WriterSyntax(rawValue: "inline-footnotes")  // .inlineFootnotes
/// ```
public enum WriterSyntax: String, CaseIterable, Hashable, Sendable {
  /// GitHub's alerts: a block quote whose first line is `[!NOTE]`, `[!TIP]`, `[!IMPORTANT]`,
  /// `[!WARNING]` or `[!CAUTION]`.
  case alerts
  /// Zenn's `:::message` and `:::message alert`, closed by `:::`.
  case messages
  /// Qiita's `:::note info`, `:::note warn` and `:::note alert`, closed by `:::`.
  case notes
  /// Zenn's `:::details Summary`, closed by `:::`.
  case details
  /// `^[text]` footnotes written where they are referenced (Zenn, Pandoc).
  case inlineFootnotes = "inline-footnotes"
  /// Zenn's image sizes, `![alt](a.png =250x)`, `=x100`, `=250x100`.
  case imageSizes = "image-sizes"
  /// An image with `*caption*` on the line right under it, in one paragraph (Zenn): a figure.
  case figures
  /// TeX formulas: `$…$` and `$$…$$` within a line (Zenn, GitHub), GitHub's `` $`…`$ ``, a block
  /// between `$$` lines, and GitHub's ```` ```math ```` fences.
  case math

  /// The name in folio.yaml's `markdown:` (camel case: `inlineFootnotes`).
  public var settingName: String {
    switch self {
    case .inlineFootnotes: "inlineFootnotes"
    case .imageSizes: "imageSizes"
    default: rawValue
    }
  }
}
