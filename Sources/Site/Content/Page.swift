import Diagnostics
import RichText
import YAML

/// One Markdown file of `Content/`: its metadata and its parsed text.
public struct Page: Sendable {
  /// What the page is in the site's structure.
  public enum Kind: Sendable, Hashable {
    /// A regular page.
    case page
    /// `_index.md` of a folder: the section's list page.
    case section
    /// `Content/_index.md`: the home page.
    case home
  }

  /// The file, relative to the project root (`Content/docs/cli.md`), as diagnostics print it.
  public var sourcePath: String
  /// What kind of page it is.
  public var kind: Kind
  /// The folder of the page relative to `Content/` (`docs`), empty at the top.
  public var folder: String
  /// Site-relative URL, starting and ending with `/`.
  public var url: String
  /// The title (front matter, else the first heading, else the file name).
  public var title: String
  /// The date as `YYYY-MM-DD` or RFC 3339, when given.
  public var date: String?
  /// When the page was last updated, when given.
  public var updated: String?
  /// Drafts are left out unless `--drafts`.
  public var isDraft: Bool
  /// Terms per taxonomy (`tags` → [`swift`, `日本語`]).
  public var terms: [String: [String]]
  /// A summary written in front matter.
  public var summaryOverride: String?
  /// The layout to use instead of the default for the kind.
  public var layout: String?
  /// Where `layout` is written in the front matter, for diagnostics.
  var layoutLocation: SourceLocation? = nil
  /// The page's language.
  public var language: String?
  /// Orders pages in a section (lower first).
  public var weight: Int
  /// Extra URLs that redirect here.
  public var aliases: [String]
  /// Where each alias is written in the front matter, for diagnostics.
  var aliasLocations: [SourceLocation?] = []
  /// Every other front-matter field.
  public var params: [(key: String, value: YAMLValue)]
  /// The parsed Markdown.
  public var text: AttributedText
}
