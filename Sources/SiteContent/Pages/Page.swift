import Diagnostics
import RichText
import YAML

/// One Markdown file of `Content/`: its metadata and its parsed text.
///
/// A class, so the many lists, pagers and neighbour links that refer to a page share it
/// instead of copying a dozen fields each time (a 10,000-page site has tens of thousands).
public final class Page: Sendable {
  /// What the page is in the site's structure.
  public enum Kind: Sendable, Hashable {
    /// A regular page.
    case page
    /// `_index.md` of a folder: the section's list page.
    case section
    /// `Content/_index.md`: the home page.
    case home
  }

  /// Everything the loader filled in; the properties below read it.
  let fields: PageFields

  /// Wraps `fields`: the loader's, or a copy of another page's with one field changed.
  init(_ fields: PageFields) {
    self.fields = fields
  }

  /// The file, relative to the project root (`Content/docs/cli.md`), as diagnostics print it.
  public var sourcePath: String { fields.sourcePath }

  /// What kind of page it is.
  public var kind: Kind { fields.kind }

  /// The folder of the page relative to `Content/` (`docs`), empty at the top. On a
  /// multilingual site, a page of a language other than the default has that language's code
  /// first (`ja/docs`, `ja` for its home page), so every language has sections of its own.
  public var folder: String { fields.folder }

  /// Site-relative URL, starting and ending with `/`.
  public var url: String { fields.url }

  /// The title (front matter, else the first heading, else the file name).
  public var title: String { fields.title }

  /// The date as `YYYY-MM-DD` or RFC 3339, when given.
  public var date: String? { fields.date }

  /// When the page was last updated: its front matter's `lastmod`/`updated`, else (with
  /// `lastUpdated: git`) the last commit that changed its file.
  public var updated: String? { fields.updated }

  /// Where its file is edited on the repository's host (`repository:`), when folio.yaml says.
  public var editURL: String? { fields.editURL }

  /// Drafts are left out unless `--drafts`.
  public var isDraft: Bool { fields.isDraft }

  /// Terms per taxonomy (`tags` → [`swift`, `日本語`]).
  public var terms: [String: [String]] { fields.terms }

  /// A summary written in front matter.
  public var summaryOverride: String? { fields.summaryOverride }

  /// The page's description for search engines and feeds (`description` in its front matter,
  /// else its `summary`), as plain text.
  public var description: String? { fields.description ?? fields.summaryOverride }

  /// The `description` written in the page's front matter, when it has one.
  package var writtenDescription: String? { fields.description }

  /// The layout to use instead of the default for the kind.
  public var layout: String? { fields.layout }

  /// Where `layout` is written in the front matter, for diagnostics.
  package var layoutLocation: SourceLocation? { fields.layoutLocation }

  /// Where `slug` is written in the front matter, for diagnostics about the page's URL.
  package var slugLocation: SourceLocation? { fields.slugLocation }

  /// Where `title` is written in the front matter, for diagnostics about what the feeds write.
  package var titleLocation: SourceLocation? { fields.titleLocation }

  /// Where `summary` is written in the front matter, for diagnostics about what the feeds write.
  package var summaryLocation: SourceLocation? { fields.summaryLocation }

  /// The page's language: `lang` in its front matter; on a multilingual site always set, from
  /// the file name (`about.ja.md`), else `lang`, else the language folder (`Content/ja/`), else
  /// the default language.
  public var language: String? { fields.language }

  /// What links the page to its translations on a multilingual site (nil on others):
  /// `translationKey` from the front matter, else the file's path without its language
  /// (`docs/about.md` for `docs/about.ja.md` and `ja/docs/about.md`).
  public var translationKey: String? { fields.translationKey }

  /// Where `translationKey` (else `lang`) is written in the front matter, for diagnostics.
  package var languageLocation: SourceLocation? { fields.languageLocation }

  /// Orders pages in a section (lower first).
  public var weight: Int { fields.weight }

  /// Extra URLs that redirect here.
  public var aliases: [String] { fields.aliases }

  /// Where each alias is written in the front matter, for diagnostics.
  package var aliasLocations: [SourceLocation?] { fields.aliasLocations }

  /// Every other front-matter field.
  public var params: [(key: String, value: YAMLValue)] { fields.params }

  /// The parsed Markdown; empty once released (see ``releasingText()``).
  public var text: AttributedText { fields.text }

  /// Whether ``text`` was let go after the page's content was rendered.
  package var hasReleasedText: Bool { fields.hasReleasedText }

  /// The HTML of the page's shortcode partials, by the number of their placeholder comments.
  package var shortcodeOutputs: [String] { fields.shortcodeOutputs }

  /// What loading the page found that does not stop the build (shortcodes, Liquid tags, a file
  /// name its URL could not keep whole).
  package var loadWarnings: [Diagnostic] { fields.loadWarnings }

  /// The same load of the page without its parsed text, once its content is rendered (and kept
  /// by the session, see `RenderCache`): a 10,000-page site's models are half of a build's
  /// memory, and every fresh page of memory costs a page fault.
  package func releasingText() -> Page {
    var fields = fields
    fields.text = AttributedText()
    fields.hasReleasedText = true
    return Page(fields)
  }
}

/// The values of a ``Page``, filled in by the loader.
package struct PageFields: Sendable {
  /// What the page is in the site's structure.
  package typealias Kind = Page.Kind

  /// The file, relative to the project root (`Content/docs/cli.md`), as diagnostics print it.
  package var sourcePath: String
  /// What kind of page it is.
  package var kind: Kind
  /// The folder of the page relative to `Content/` (`docs`), empty at the top.
  package var folder: String
  /// Site-relative URL, starting and ending with `/`.
  package var url: String
  /// The title (front matter, else the first heading, else the file name).
  package var title: String
  /// The date as `YYYY-MM-DD` or RFC 3339, when given.
  package var date: String?
  /// When the page was last updated, when given.
  package var updated: String?
  /// Drafts are left out unless `--drafts`.
  package var isDraft: Bool
  /// Terms per taxonomy (`tags` → [`swift`, `日本語`]).
  package var terms: [String: [String]]
  /// A summary written in front matter.
  package var summaryOverride: String?
  /// The `description` written in front matter.
  package var description: String? = nil
  /// Where the file is edited (``Page/editURL``).
  package var editURL: String? = nil
  /// A URL written in front matter (`url`, Hugo; `permalink`, Jekyll), and where.
  package var urlOverride: (url: String, location: SourceLocation?)? = nil
  /// The layout to use instead of the default for the kind.
  package var layout: String?
  /// Where `layout` is written in the front matter, for diagnostics.
  package var layoutLocation: SourceLocation? = nil
  /// Where `slug` is written in the front matter, for diagnostics about the page's URL.
  package var slugLocation: SourceLocation? = nil
  /// Where `title` is written in the front matter, when it is.
  package var titleLocation: SourceLocation? = nil
  /// Where `summary` is written in the front matter, when it is.
  package var summaryLocation: SourceLocation? = nil
  /// The page's language.
  package var language: String?
  /// What links the page to its translations (see ``Page/translationKey``).
  package var translationKey: String? = nil
  /// Where `translationKey` (else `lang`) is written in the front matter.
  package var languageLocation: SourceLocation? = nil
  /// Orders pages in a section (lower first).
  package var weight: Int
  /// Extra URLs that redirect here.
  package var aliases: [String]
  /// Where each alias is written in the front matter, for diagnostics.
  package var aliasLocations: [SourceLocation?] = []
  /// Every other front-matter field.
  package var params: [(key: String, value: YAMLValue)]
  /// The parsed Markdown.
  package var text: AttributedText
  /// Whether `text` was let go after rendering (see ``Page/releasingText()``).
  package var hasReleasedText = false
  /// The HTML of the page's shortcode partials (``ShortcodeExpander``).
  package var shortcodeOutputs: [String] = []
  /// What loading the page found that does not stop the build: its shortcodes and Liquid
  /// tags, and a file name that its URL could not keep whole.
  package var loadWarnings: [Diagnostic] = []
}
