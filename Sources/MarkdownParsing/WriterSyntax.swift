/// Syntax that Japanese writers use on Zenn and Qiita, GitHub's alerts, and what Hugo, Jekyll
/// and MkDocs sites are written in (heading attributes, admonitions, tabs): none of it is
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
  /// An attribute list at the end of a heading, `## Title {#id .class key=value}` (Goldmark,
  /// kramdown, Pandoc, Python-Markdown's attr_list): the id becomes the heading's anchor.
  case headingAttributes = "heading-attributes"
  /// Python-Markdown's admonitions, `!!! note "Title"`, and pymdownx.details' collapsible
  /// `??? note` and `???+ note`, with content indented four spaces (MkDocs).
  case admonitions
  /// pymdownx.tabbed's content tabs, `=== "Label"`, with content indented four spaces (MkDocs).
  case tabs

  /// The name in folio.yaml's `markdown:` (camel case: `inlineFootnotes`).
  public var settingName: String {
    switch self {
    case .inlineFootnotes: "inlineFootnotes"
    case .imageSizes: "imageSizes"
    case .headingAttributes: "headingAttributes"
    default: rawValue
    }
  }
}
