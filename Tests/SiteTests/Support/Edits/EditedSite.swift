/// A small site held as values (settings, pages, files, templates) that generated edits change
/// and that is written out as a project's files (``files()``): the fixture of the
/// generated-edit tests. Each edit changes the model; the files whose text changed are what
/// the edit wrote.
struct EditedSite {
  /// The two sites the edits run on.
  enum Variant: String, CaseIterable, CustomStringConvertible, Sendable {
    /// One language.
    case monolingual
    /// English and Japanese (`languages:`), with translations, `lang` and `translationKey`
    /// pages and an `i18n/ja.yaml` label file.
    case multilingual

    var description: String { rawValue }
  }

  /// One Markdown file of `Content/`.
  struct Page: Equatable {
    var title: String?
    var date: String?
    var slug: String?
    var tags: [String] = []
    var draft = false
    var lang: String?
    var translationKey: String?
    var updated: String?
    var weight: Int?
    /// Old URLs that redirect to the page.
    var aliases: [String] = []
    /// A `summary` field, shown by lists instead of the first paragraph.
    var summary: String?
    /// A layout of the site's own (`layout: custom`) instead of `page`.
    var layout: String?
    /// Whether a `<!-- more -->` cut follows the first paragraph.
    var more = false
    /// The body's paragraphs: the first is the summary lists show.
    var paragraphs: [String]
    /// `##` headings, each written after a paragraph (their ids are what anchors name).
    var headings: [String] = []
    /// Links, written in a paragraph of their own at the end.
    var links: [Link] = []
    /// The data file of a `<!-- bookmarks src=… -->` block, relative to the page's folder.
    var bookmarks: String?
    /// An image beside the page (a bundle's), shown with `![…](name)`.
    var image: String?
    /// Whether the body has a fenced Swift code block (highlighted).
    var code = false
    /// Front matter that is not YAML: the build fails at this page.
    var brokenFrontMatter = false
  }

  /// A link written in a page.
  enum Link: Equatable {
    /// `[text](relative/path.md#anchor)`: to another page's file, relative to the linking
    /// page's folder (the path is relative to `Content/`).
    case file(String, anchor: String?)
    /// `[text](/url/)`: a URL of the site, as written (a page's or a static file's).
    case url(String)
  }

  /// A menu entry of folio.yaml.
  struct MenuEntry: Equatable {
    var title: String
    var url: String
  }

  /// The settings of folio.yaml.
  struct Settings: Equatable {
    var title = "Edited"
    var baseURL = "https://example.org/"
    var pagination = 3
    var menu = [MenuEntry(title: "Posts", url: "/posts/"), MenuEntry(title: "About", url: "/about/")]
    var checkLinks = "warn"
    var search = false
    /// The Japanese site's title (multilingual only).
    var japaneseTitle = "サイト"
    /// A setting with a value of the wrong type: the build fails at folio.yaml.
    var broken = false
  }

  /// One row of the bookmarks data file.
  struct Bookmark: Equatable {
    var title: String
    var url: String
  }

  var variant: Variant
  var settings = Settings()
  /// The Markdown files, by path relative to `Content/`.
  var pages: [String: Page] = [:]
  /// The other files of `Content/` (bundle images, linked files), by path relative to it.
  var staticFiles: [String: String] = [:]
  /// The rows of `Content/data/links.csv`; nil when the file is gone.
  var bookmarks: [Bookmark]? = []
  /// The version written into the site's page layout (`Templates/page.mustache`); nil when
  /// the site has none and the default theme's is used.
  var layoutVersion: Int? = 1
  /// The version written into the site's footer partial, which replaces the default theme's;
  /// nil when the site has none.
  var partialVersion: Int? = 1
  /// The version written into the site's second layout, `Templates/custom.mustache`, which
  /// pages name with `layout: custom`; nil when there is none.
  var customLayoutVersion: Int? = 1
  /// The version written into the site's stylesheet, `Templates/assets/site.css`; nil when
  /// there is none.
  var stylesheetVersion: Int?
  /// Whether the footer partial includes a partial that does not exist: the build fails.
  var partialBroken = false
  /// Labels of `i18n/ja.yaml` (multilingual only).
  var labels: [String: String] = [:]

  /// The path of the bookmarks data file, relative to `Content/`.
  static let bookmarkFile = "data/links.csv"
}
