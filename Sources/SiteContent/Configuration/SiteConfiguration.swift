import Diagnostics
import Foundation
import HTMLRendering
import MarkdownParsing
import YAML

/// A site's settings, read from `folio.yaml` at the project root. Every key is optional.
///
/// Only what the project's settings files say, and values derived from them: the choices of a
/// run (drafts, anchor checks, the math renderer) are the site layer's `BuildContext`. The one
/// exception is ``baseURL``, which a run may replace (`--base-url`): the session writes the
/// replacement here, once, so that every URL is written from one value.
public struct SiteConfiguration: Sendable {
  /// A menu entry.
  public struct MenuItem: Sendable, Hashable {
    /// The label.
    public var title: String
    /// The site-relative URL.
    public var url: String
  }

  /// The site's name: folio.yaml's `title`, else the project folder's name (``load(from:sections:)``).
  public var title = "Untitled site"
  /// Whether folio.yaml sets `title`.
  package var hasTitleSetting = false
  /// The sections whose pages the home page lists (`mainSections`); empty: the section with the
  /// most dated pages, as the site is laid out.
  public var mainSections: [String] = []
  /// One sentence about the site (feeds, meta description).
  public var description = ""
  /// The absolute URL the site is published at, ending in `/`: folio.yaml's, or the run's
  /// replacement (`BuildContext.baseURL`) once the session has applied it.
  public var baseURL = "http://localhost/" {
    didSet { basePath = SiteConfiguration.path(of: baseURL) }
  }
  /// Whether folio.yaml or the run gave ``baseURL``: without one, pages have no canonical
  /// link, `og:url` or absolute image URL (they would name `http://localhost/`), and the build
  /// warns once (``SiteProblem/noBaseURL``).
  public var hasBaseURL = false
  /// The path of ``baseURL`` on its host, starting and ending with `/`: `/project/` for
  /// `https://user.github.io/project/`. Every site-relative URL Folio writes starts with it.
  /// Kept beside `baseURL` rather than computed: every URL of every page asks for it.
  public private(set) var basePath = "/"

  /// The path part of an absolute URL, starting and ending with `/`.
  static func path(of url: String) -> String {
    guard let schemeEnd = url.range(of: "://") else { return "/" }
    let afterHost = url[schemeEnd.upperBound...].drop { $0 != "/" }
    let path = afterHost.prefix { $0 != "?" && $0 != "#" }
    guard !path.isEmpty else { return "/" }
    return path.hasSuffix("/") ? String(path) : path + "/"
  }

  /// A site path (`/docs/cli/`) as the host serves it, with ``basePath`` before it
  /// (`/project/docs/cli/`): the one function every site-relative URL Folio writes goes
  /// through. Relative URLs, absolute ones and `//host/` are returned as they are.
  public func href(_ sitePath: String) -> String {
    SiteConfiguration.href(sitePath, under: basePath)
  }

  /// ``href(_:)`` under `basePath`.
  package static func href(_ sitePath: String, under basePath: String) -> String {
    guard basePath != "/", sitePath.utf8.first == UInt8(ascii: "/"),
      sitePath.utf8.dropFirst().first != UInt8(ascii: "/")
    else { return sitePath }
    return basePath + sitePath.dropFirst()
  }

  /// The default language of pages (`en`, `ja`…).
  public var language = "en"
  /// The site's languages with their settings (`languages:`); empty on a one-language site.
  public var languages = SiteLanguages()
  /// Labels from `i18n/<code>.yaml`, by language, over the built-in ones (see ``labels(in:)``).
  package var labelFiles: [String: [String: String]] = [:]
  /// The labels of `i18n/<code>.yaml` that hold a count, by language (see ``pluralLabels(in:)``).
  package var pluralLabelFiles: [String: [String: PluralLabel]] = [:]
  /// The languages' menus as read, until the URL policy checks them.
  var languageMenus: [String: [(item: MenuItem, location: SourceLocation?)]] = [:]
  /// The languages' titles and descriptions as read, checked with the feeds' other texts.
  var languageFeedTexts: [(field: String, value: YAMLValue)] = []
  /// The author named in feeds (and, without `copyright`, in the default theme's footer).
  public var author = ""
  /// The footer's copyright line as written (`copyright: © 2026 Jane Doe`); empty: none.
  public var copyright = ""
  /// How the pages of the site's `language` show dates (top-level `dateFormat`); nil: that
  /// language's built-in format (``DateFormat/builtIn(for:)``). On a multilingual site,
  /// `languages.<code>.dateFormat` sets each language's, and the default language's own wins.
  public var dateFormat: DateFormat?
  /// Whether counts are written as each language writes numbers, through ICU (`digitGrouping:
  /// true`): `1,234` in English, `12.345` in Spanish, in the theme's counted labels and in
  /// inflected spans. Off, a number stays as written.
  public var digitGrouping = false
  /// Curly quotes and dashes.
  public var smartPunctuation = true
  /// Render raw HTML and unsafe URLs from Markdown (off: safe by default).
  public var allowsUnsafeHTML = false
  /// No space for a line break between two CJK characters.
  public var joinsCJKLines = true
  /// The Zenn, Qiita and GitHub syntax pages are read with: all of it unless `markdown:` turns
  /// some off (`alerts: false`).
  public var writerSyntax = Set(WriterSyntax.allCases)
  /// Show a paragraph that is only a URL, and `@[card](url)`, as a link card (`markdown.linkCards`).
  public var linkCards = true
  /// Read Hugo shortcodes (`{{< name >}}`, `{{% name %}}`) outside code (`markdown.shortcodes`,
  /// off: `{{<` is text in other sites).
  public var hugoShortcodes = false
  /// Read Jekyll's Liquid tags (`{% name %}`, `{{ expression }}`) outside code
  /// (`markdown.liquid`, off).
  public var liquidTags = false
  /// `params:`, the site's own values (Hugo's site params), which `{{< param name >}}` reads
  /// when the page's front matter has no such field.
  package var params: [(key: String, value: YAMLValue)] = []
  /// Other tools' layout names and the layout each stands for (`layouts: {post: page}` in
  /// folio.yaml): imported pages keep their `layout: post` and are laid out with `page`.
  package var layoutNames: [String: String] = [:]
  /// The site's shortcode partials (`Templates/shortcodes/`), read with the settings when
  /// shortcodes are on.
  package var shortcodeTemplates: ShortcodeTemplates? = nil
  /// Bullet glyphs per nesting level.
  public var bullets = ["•", "◦", "▪"]
  /// The gap between list items (CSS length), if not the theme's.
  public var listSpacing: String? = nil
  /// "Read more" labels by language, over the built-in ones (`Labels`): `readMore` in folio.yaml.
  public var readMoreLabels: [String: String] = [:]
  /// Taxonomy names (each gets `/name/` and `/name/term/` pages).
  public var taxonomies = ["tags"]
  /// Front-matter fields that feed a taxonomy other than their own name (`topics` → `tags`,
  /// from `taxonomies: [{name: tags, from: [tags, topics]}]`); see ``taxonomy(fromField:)``.
  public var taxonomyFields: [String: String] = [:]
  /// The taxonomies whose terms may be written as words in one string (`words: true`, as
  /// Jekyll reads `tags: swift ios`): a string is split at white space.
  package var taxonomiesOfWords: Set<String> = []
  /// Write `/atom.xml`.
  public var atomFeed = true
  /// Write `/rss.xml`.
  public var rssFeed = true
  /// Write `/sitemap.xml`.
  public var sitemap = true
  /// Write `/robots.txt`.
  public var robots = true
  /// Pages per list page (0: no pagination).
  public var pageSize = 10
  /// The navigation menu (entries whose URL ``urlPolicy`` refuses are left out).
  public var menu: [MenuItem] = []
  /// Which URLs bookmarks and the menu may link to: http, https, mailto, relative, and the
  /// schemes listed under `urls.schemes`.
  public var urlPolicy = URLPolicy()
  /// How pages' URLs are made from their files (`urls.lowercase`, `urls.permalinks`).
  public var pageURLs = PageURLSettings()
  /// What reading the settings found that does not stop the build (menu entries left out).
  public var warnings: [Diagnostic] = []
  /// What a site-relative link to no page or file is: an error that stops the build (the
  /// default) or a warning.
  public var brokenLinks: Diagnostic.Severity = .error
  /// The features' own sections (`highlight:`, `search:`), each read by the feature's
  /// ``SettingsSection``, by the section's type (`configuration.sections[Section.self]`).
  public var sections = SettingsSections()
  /// How `folio check --external` checks links that leave the site (`externalLinks:`).
  public var externalLinks = ExternalLinkSettings()
  /// How the files of `Content/` that are not pages are published (`static:`).
  public var staticFiles = StaticSettings()
  /// The files the settings were read from (`folio.yaml`, `i18n/<code>.yaml`), relative to the
  /// project: what the build cache's key of the settings digests.
  package var settingsFiles: [String] = []
  /// Project folders read as folders of the content (`mounts:`), such as a Zenn repository's
  /// `articles/` and `images/`.
  public var mounts: [ContentMount] = []
  /// Old URLs that send readers to a page (`redirects:`), in the order written.
  public var redirects: [SiteRedirect] = []
  /// The menu's http and https URLs at their places in folio.yaml, for `folio check --external`.
  package var menuLinks: [ExternalLink] = []

  /// The defaults.
  public init() {}

  /// Reads `folio.yaml` in `root`, or the defaults when there is none, with the features'
  /// `sections` (see ``parse(_:path:sections:)``).
  public static func load(fromProjectAt root: URL, sections: [any SettingsSection.Type]) throws
    -> SiteConfiguration
  {
    try load(from: SiteFiles(root: root), sections: sections)
  }

  /// Reads `folio.yaml` through `files`, or the defaults when there is none, with the features'
  /// `sections`.
  package static func load(from files: SiteFiles, sections: [any SettingsSection.Type]) throws
    -> SiteConfiguration
  {
    var config = SiteConfiguration()
    let hasSettingsFile: Bool
    if let bytes = try files.readIfPresent("folio.yaml") {
      config = try parse(bytes, path: "folio.yaml", sections: sections)
      config.settingsFiles.append("folio.yaml")
      hasSettingsFile = true
    } else {
      hasSettingsFile = false
    }
    if !config.hasTitleSetting { config.titleFromFolder(files.rootPath, hasSettingsFile: hasSettingsFile) }
    // The partials are read with the settings, so that an edit renders the pages again.
    if config.hugoShortcodes, let (templates, paths) = try ShortcodeTemplates.read(from: files) {
      config.shortcodeTemplates = templates
      config.settingsFiles += paths
    }
    try config.readLabelFiles(from: files)
    return config
  }

  /// Reads configuration YAML: Folio's own settings, and each of `sections` (the features',
  /// `SiteFeatures.settingsSections`) under its key; any other key is an error at its place.
  /// Errors point at the offending value.
  public static func parse(_ bytes: [UInt8], path: String, sections: [any SettingsSection.Type]) throws
    -> SiteConfiguration
  {
    let root = try YAMLParser().parse(bytes, path: path)
    var config = SiteConfiguration()
    if root.isNull { return config }
    guard root.mapping != nil else { throw root.mismatch("a mapping of settings", "folio.yaml") }
    // Checked once every setting is read: `urls` may come after `menu`.
    var menu: [(item: MenuItem, location: SourceLocation?)] = []
    // The settings the feeds write, checked at the end for characters XML forbids (`feeds` may
    // come after them).
    var feedTexts: [(field: String, value: YAMLValue)] = []
    var languageLocation: SourceLocation? = nil
    for (key, value) in root.stringEntries {
      switch key {
      case "title":
        config.title = try value.expectString(key, in: path)
        config.hasTitleSetting = true
        feedTexts.append((key, value))
      case "description":
        config.description = try value.expectString(key, in: path)
        feedTexts.append((key, value))
      case "baseURL", "base_url", "baseUrl":
        config.baseURL = try baseURL(value, key, in: path)
        config.hasBaseURL = true
      case "language":
        config.language = try value.expectString(key, in: path)
        languageLocation = value.location
        feedTexts.append((key, value))
      case "languages": try config.readLanguages(value, in: path)
      case "author":
        config.author = try value.expectString(key, in: path)
        feedTexts.append((key, value))
      case "copyright": config.copyright = try value.expectString(key, in: path)
      case "dateFormat": config.dateFormat = DateFormat(pattern: try value.expectString(key, in: path))
      case "digitGrouping": config.digitGrouping = try value.expectBool(key)
      case "markdown": try config.readMarkdown(value, in: path)
      case "lists": try config.readLists(value, in: path)
      case "readMore":
        for (language, label) in value.stringEntries {
          config.readMoreLabels[language] = try label.expectString(language, in: path)
        }
      case "taxonomies": try config.readTaxonomies(value, key, in: path)
      case "feeds": try config.readFeeds(value)
      case "sitemap": config.sitemap = try value.expectBool(key)
      case "robots": config.robots = try value.expectBool(key)
      case "pagination": config.pageSize = max(0, try value.expectInt(key))
      case "mainSections": config.mainSections = try mainSections(value, key, in: path)
      case "checkLinks": config.brokenLinks = try brokenLinks(value, key, in: path)
      case "menu": menu = try menuItems(value, key, in: path)
      case "externalLinks": config.externalLinks = try ExternalLinkSettings.parse(value, in: path)
      case "static": config.staticFiles = try StaticSettings.parse(value, in: path)
      case "urls": try config.readURLs(value, in: path)
      case "mounts": config.mounts = try ContentMount.parse(value, in: path)
      case "redirects": config.redirects = try SiteRedirect.parse(value, in: path)
      case "params":
        guard value.mapping != nil else { throw value.mismatch("a mapping of values", "params") }
        config.params = value.stringEntries
      case "layouts":
        guard value.mapping != nil else { throw value.mismatch("a mapping of layout names", "layouts") }
        for (name, layout) in value.stringEntries {
          config.layoutNames[name] = try layout.expectString("layouts." + name, in: path)
        }
      default:
        guard let section = sections.first(where: { $0.key == key }) else {
          throw unknownKey(key, in: root, under: nil, known: settings + sections.map { $0.key })
        }
        try config.sections.read(section, from: value, in: path)
      }
    }
    config.checkFeedTexts(feedTexts, in: path)
    config.checkMenu(menu, in: path)
    try config.finishLanguages(languageLocation: languageLocation, in: path)
    return config
  }

  /// `urls.schemes`: the schemes allowed besides http, https and mailto. One that can run code
  /// is an error at its place: no setting makes `javascript:` links.
  static func schemes(_ value: YAMLValue, in path: String) throws -> URLPolicy {
    guard let items = value.array else { throw value.mismatch("a list of URL schemes", "schemes") }
    var names: [String] = []
    for item in items {
      let name = try item.expectString("schemes", in: path)
      let bare = name.hasSuffix(":") ? String(name.dropLast()) : name
      guard URLPolicy.isSchemeName(bare) else {
        throw ContentProblem.notAScheme(name).error(at: item.location)
      }
      guard !URLPolicy.codeSchemes.contains(bare.lowercased()) else {
        throw ContentProblem.schemeRunsCode(bare.lowercased()).error(at: item.location)
      }
      names.append(bare)
    }
    return URLPolicy(allowing: names)
  }

  /// The top-level settings of folio.yaml read here, for suggestions (the features' sections
  /// follow them).
  private static let settings = [
    "title", "description", "baseURL", "language", "languages", "author", "copyright", "dateFormat",
    "digitGrouping", "markdown", "lists", "readMore", "taxonomies", "feeds", "sitemap", "robots",
    "pagination", "mainSections",
    "checkLinks", "menu", "urls", "externalLinks", "mounts", "static", "params", "layouts", "redirects",
  ]

  /// An unknown `key` of `mapping`, reported at the key, with the known setting it was probably
  /// meant to be.
  package static func unknownKey(_ key: String, in mapping: YAMLValue, under parent: String?, known: [String])
    -> DiagnosticError
  {
    let location = mapping.mapping?.entries.first { $0.key.string == key }?.key.location ?? mapping.location
    let closest = EditDistance.closest(to: key, in: known)
    return ContentProblem.unknownSetting(key: key, parent: parent, closest: closest, known: known).error(
      at: location)
  }
}
