import Diagnostics
import Foundation
import HTMLRendering
import YAML

/// A site's settings, read from `folio.yaml` at the project root. Every key is optional.
public struct SiteConfiguration: Sendable {
  /// A menu entry.
  public struct MenuItem: Sendable, Hashable {
    /// The label.
    public var title: String
    /// The site-relative URL.
    public var url: String
  }

  /// The site's name.
  public var title = "Untitled site"
  /// One sentence about the site (feeds, meta description).
  public var description = ""
  /// The absolute URL the site is published at, ending in `/`.
  public var baseURL = "http://localhost/"
  /// The path of ``baseURL`` on its host, starting and ending with `/`: `/project/` for
  /// `https://user.github.io/project/`. Every site-relative URL Folio writes starts with it.
  public var basePath: String {
    guard let schemeEnd = baseURL.range(of: "://") else { return "/" }
    let afterHost = baseURL[schemeEnd.upperBound...].drop { $0 != "/" }
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
  static func href(_ sitePath: String, under basePath: String) -> String {
    guard basePath != "/", sitePath.utf8.first == UInt8(ascii: "/"),
      sitePath.utf8.dropFirst().first != UInt8(ascii: "/")
    else { return sitePath }
    return basePath + sitePath.dropFirst()
  }

  /// The default language of pages (`en`, `ja`…).
  public var language = "en"
  /// The author named in feeds.
  public var author = ""
  /// Curly quotes and dashes.
  public var smartPunctuation = true
  /// Render raw HTML and unsafe URLs from Markdown (off: safe by default).
  public var allowsUnsafeHTML = false
  /// No space for a line break between two CJK characters.
  public var joinsCJKLines = true
  /// Bullet glyphs per nesting level.
  public var bullets = ["•", "◦", "▪"]
  /// The gap between list items (CSS length), if not the theme's.
  public var listSpacing: String? = nil
  /// "Read more" labels by language, over the built-in ones (`Labels`): `readMore` in folio.yaml.
  public var readMoreLabels: [String: String] = [:]
  /// Taxonomy names (each gets `/name/` and `/name/term/` pages).
  public var taxonomies = ["tags"]
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
  /// What reading the settings found that does not stop the build (menu entries left out).
  public var warnings: [Diagnostic] = []
  /// What a site-relative link to no page or file is: an error that stops the build (the
  /// default) or a warning.
  public var brokenLinks: Diagnostic.Severity = .error
  /// Whether links' `#anchors` are checked too (`SiteBuilder.Options.checksAnchors`, not a
  /// folio.yaml setting): pages then record their elements' ids as they are rendered.
  var checksAnchors = false

  /// The defaults.
  public init() {}

  /// Reads `folio.yaml` in `root`, or the defaults when there is none.
  public static func load(fromProjectAt root: URL) throws -> SiteConfiguration {
    try load(from: SiteFiles(root: root))
  }

  /// Reads `folio.yaml` through `files`, or the defaults when there is none.
  static func load(from files: SiteFiles) throws -> SiteConfiguration {
    guard let bytes = try files.readIfPresent("folio.yaml") else { return SiteConfiguration() }
    return try parse(bytes, path: "folio.yaml")
  }

  /// Reads configuration YAML; errors point at the offending value.
  public static func parse(_ bytes: [UInt8], path: String) throws -> SiteConfiguration {
    let root = try YAMLParser().parse(bytes, path: path)
    var config = SiteConfiguration()
    if root.isNull { return config }
    guard root.mapping != nil else { throw root.mismatch("a mapping of settings", "folio.yaml") }
    // Checked once every setting is read: `urls` may come after `menu`.
    var menu: [(item: MenuItem, location: SourceLocation?)] = []
    // The settings the feeds write, checked at the end for characters XML forbids (`feeds` may
    // come after them).
    var feedTexts: [(field: String, value: YAMLValue)] = []
    for (key, value) in root.stringEntries {
      switch key {
      case "title":
        config.title = try value.expectString(key, in: path)
        feedTexts.append((key, value))
      case "description":
        config.description = try value.expectString(key, in: path)
        feedTexts.append((key, value))
      case "baseURL", "base_url", "baseUrl":
        var url = try value.expectString(key, in: path)
        guard url.hasPrefix("http://") || url.hasPrefix("https://") else {
          throw DiagnosticError(
            .error(
              "baseURL must be an absolute http(s) URL, found '\(url)'", at: value.location,
              hint: "write it like https://example.org/"))
        }
        if !url.hasSuffix("/") { url += "/" }
        config.baseURL = url
      case "language":
        config.language = try value.expectString(key, in: path)
        feedTexts.append((key, value))
      case "author":
        config.author = try value.expectString(key, in: path)
        feedTexts.append((key, value))
      case "markdown":
        for (option, setting) in value.stringEntries {
          switch option {
          case "smartPunctuation": config.smartPunctuation = try setting.expectBool(option)
          case "unsafeHTML": config.allowsUnsafeHTML = try setting.expectBool(option)
          case "cjkSoftBreaks": config.joinsCJKLines = try setting.expectBool(option)
          default:
            throw unknownKey(
              option, in: value, under: "markdown",
              known: ["smartPunctuation", "unsafeHTML", "cjkSoftBreaks"])
          }
        }
      case "lists":
        for (option, setting) in value.stringEntries {
          switch option {
          case "bullets": config.bullets = try setting.expectStrings(option, in: path)
          case "spacing": config.listSpacing = try setting.expectString(option, in: path)
          default: throw unknownKey(option, in: value, under: "lists", known: ["bullets", "spacing"])
          }
        }
      case "readMore":
        for (language, label) in value.stringEntries {
          config.readMoreLabels[language] = try label.expectString(language, in: path)
        }
      case "taxonomies":
        config.taxonomies = try value.expectStrings(key, in: path)
        // Each taxonomy is a folder of the output (`/tags/swift/`).
        for (name, item) in zip(config.taxonomies, value.array ?? [value]) {
          try OutputPath.checkSegments(of: name, named: "taxonomy", at: item.location)
          if name.contains("/") {
            throw DiagnosticError(
              .error(
                "taxonomy '\(name)' has a '/'", at: item.location,
                hint: "name it with one word, such as 'tags'"))
          }
        }
      case "feeds":
        for (option, setting) in value.stringEntries {
          switch option {
          case "atom": config.atomFeed = try setting.expectBool(option)
          case "rss": config.rssFeed = try setting.expectBool(option)
          default: throw unknownKey(option, in: value, under: "feeds", known: ["atom", "rss"])
          }
        }
      case "sitemap": config.sitemap = try value.expectBool(key)
      case "robots": config.robots = try value.expectBool(key)
      case "pagination": config.pageSize = max(0, try value.expectInt(key))
      case "checkLinks":
        switch try value.expectString(key, in: path) {
        case "error": config.brokenLinks = .error
        case "warn": config.brokenLinks = .warning
        case let other:
          throw DiagnosticError(
            .error(
              "checkLinks must be error or warn, found '\(other)'", at: value.location,
              hint: "links are always checked; warn reports broken ones without failing the build"))
        }
      case "menu":
        guard let items = value.array else { throw value.mismatch("a list of {title, url}", key) }
        menu = try items.map { item in
          let url = item["url"] ?? item
          let entry = MenuItem(
            title: try (item["title"] ?? item).expectString("title", in: path),
            url: try url.expectString("url", in: path))
          return (entry, url.location ?? item.location)
        }
      case "urls":
        for (option, setting) in value.stringEntries {
          switch option {
          case "schemes": config.urlPolicy = try schemes(setting, in: path)
          default: throw unknownKey(option, in: value, under: "urls", known: ["schemes"])
          }
        }
      default:
        throw unknownKey(key, in: root, under: nil, known: settings)
      }
    }
    let feeds = (config.atomFeed ? ["atom.xml"] : []) + (config.rssFeed ? ["rss.xml"] : [])
    for (field, value) in feedTexts {
      let location = value.location ?? SourceLocation(path: path, line: 1, column: 1)
      if let warning = XMLText.droppedCharacters(
        in: value.string ?? "", field: "site's \(field)", feeds: feeds, at: location)
      {
        config.warnings.append(warning)
      }
    }
    config.menu = menu.compactMap { entry in
      switch config.urlPolicy.check(entry.item.url) {
      case .allowed(let url):
        return MenuItem(title: entry.item.title, url: url)
      case .refused(let reason):
        let location = entry.location ?? SourceLocation(path: path, line: 1, column: 1)
        config.warnings.append(
          DroppedURL(.menuItem(title: entry.item.title), reason: reason, at: location).diagnostic)
        return nil
      }
    }
    return config
  }

  /// `urls.schemes`: the schemes allowed besides http, https and mailto. One that can run code
  /// is an error at its place: no setting makes `javascript:` links.
  private static func schemes(_ value: YAMLValue, in path: String) throws -> URLPolicy {
    guard let items = value.array else { throw value.mismatch("a list of URL schemes", "schemes") }
    var names: [String] = []
    for item in items {
      let name = try item.expectString("schemes", in: path)
      let bare = name.hasSuffix(":") ? String(name.dropLast()) : name
      guard URLPolicy.isSchemeName(bare) else {
        throw DiagnosticError(
          .error(
            "'\(name)' is not a URL scheme", at: item.location,
            hint: "a scheme is a letter followed by letters, digits, '+', '-' or '.', like tel or web+app"))
      }
      guard !URLPolicy.codeSchemes.contains(bare.lowercased()) else {
        throw DiagnosticError(
          .error(
            "the scheme '\(bare.lowercased()):' can run code and cannot be allowed", at: item.location,
            hint: "remove it from urls.schemes; javascript:, vbscript: and data: URLs are always left out"))
      }
      names.append(bare)
    }
    return URLPolicy(allowing: names)
  }

  /// The top-level settings of folio.yaml, for suggestions.
  private static let settings = [
    "title", "description", "baseURL", "language", "author", "markdown", "lists", "readMore", "taxonomies",
    "feeds",
    "sitemap", "robots", "pagination", "checkLinks", "menu", "urls",
  ]

  /// An unknown `key` of `mapping`, reported at the key, with the known setting it was probably
  /// meant to be.
  private static func unknownKey(_ key: String, in mapping: YAMLValue, under parent: String?, known: [String])
    -> DiagnosticError
  {
    let location = mapping.mapping?.entries.first { $0.key.string == key }?.key.location ?? mapping.location
    let prefix = parent.map { "\($0)." } ?? ""
    let hint =
      EditDistance.closest(to: key, in: known).map { "did you mean '\(prefix)\($0)'?" }
      ?? "the settings\(parent.map { " under '\($0)'" } ?? "") are: \(known.map { prefix + $0 }.joined(separator: ", "))"
    return DiagnosticError(.error("unknown setting '\(prefix)\(key)'", at: location, hint: hint))
  }
}
