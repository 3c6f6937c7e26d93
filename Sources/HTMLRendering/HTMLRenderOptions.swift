/// How the model becomes HTML. The defaults are cmark-gfm's defaults: safe mode, soft breaks
/// as newlines.
///
/// ```swift
/// var options = HTMLRenderOptions(allowsRawHTML: true)
/// options.softBreak = .cjkAware
/// HTMLRenderer(options: options).render(text)
/// ```
public struct HTMLRenderOptions: Hashable, Sendable {
  /// What a soft line break becomes.
  public enum SoftBreak: Hashable, Sendable {
    /// A newline, as written (the default).
    case newline
    /// A space (`--nobreaks`).
    case space
    /// `<br />` (`--hardbreaks`).
    case lineBreak
    /// Nothing between two CJK characters (Japanese and Chinese do not put spaces between
    /// words), a newline elsewhere.
    case cjkAware
  }

  /// Render raw HTML (otherwise it becomes `<!-- raw HTML omitted -->`).
  public var allowsRawHTML: Bool
  /// Keep `javascript:`, `vbscript:`, `file:` and non-image `data:` URLs (otherwise emptied).
  public var allowsUnsafeURLs: Bool
  /// Escape the tags GitHub disallows (`<script>`, `<iframe>`…) in raw HTML.
  public var filtersTags: Bool
  /// What soft line breaks become.
  public var softBreak: SoftBreak
  /// Add `data-sourcepos` attributes to block elements.
  public var includesSourcePositions: Bool
  /// `<pre lang="x"><code>` instead of `<code class="language-x">`.
  public var usesGitHubPreLang: Bool
  /// Put the rest of a code block's info string in `data-meta`.
  public var includesFullInfoString: Bool
  /// `style="text-align: …"` instead of `align="…"` on table cells.
  public var prefersStyleAttributesInTables: Bool
  /// `class="align-…"` on aligned table cells instead of either attribute: valid HTML5 that
  /// works under a Content-Security-Policy without `'unsafe-inline'` styles (site builds).
  public var alignsTableCellsWithClasses: Bool = false

  /// Creates options; the defaults are cmark-gfm's.
  public init(
    allowsRawHTML: Bool = false,
    allowsUnsafeURLs: Bool = false,
    filtersTags: Bool = false,
    softBreak: SoftBreak = .newline,
    includesSourcePositions: Bool = false,
    usesGitHubPreLang: Bool = false,
    includesFullInfoString: Bool = false,
    prefersStyleAttributesInTables: Bool = false
  ) {
    self.allowsRawHTML = allowsRawHTML
    self.allowsUnsafeURLs = allowsUnsafeURLs
    self.filtersTags = filtersTags
    self.softBreak = softBreak
    self.includesSourcePositions = includesSourcePositions
    self.usesGitHubPreLang = usesGitHubPreLang
    self.includesFullInfoString = includesFullInfoString
    self.prefersStyleAttributesInTables = prefersStyleAttributesInTables
  }
}
