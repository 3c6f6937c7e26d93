import Diagnostics
import Foundation
import HTMLRendering
import MarkdownParsing
import YAML

/// Reading the settings of folio.yaml that have parts of their own, one setting a function.
extension SiteConfiguration {
  /// `markdown:` — smartPunctuation, unsafeHTML, cjkSoftBreaks, and one switch per
  /// ``WriterSyntax`` (alerts, messages, notes, details, inlineFootnotes, imageSizes, figures,
  /// math), linkCards, and shortcodes and liquid (Hugo's and Jekyll's tags).
  mutating func readMarkdown(_ value: YAMLValue, in path: String) throws {
    for (option, setting) in value.stringEntries {
      switch option {
      case "smartPunctuation": smartPunctuation = try setting.expectBool(option)
      case "unsafeHTML": allowsUnsafeHTML = try setting.expectBool(option)
      case "cjkSoftBreaks": joinsCJKLines = try setting.expectBool(option)
      case "linkCards": linkCards = try setting.expectBool(option)
      case "shortcodes": hugoShortcodes = try setting.expectBool(option)
      case "liquid": liquidTags = try setting.expectBool(option)
      default:
        if let syntax = WriterSyntax.allCases.first(where: { $0.settingName == option }) {
          if try setting.expectBool(option) {
            writerSyntax.insert(syntax)
          } else {
            writerSyntax.remove(syntax)
          }
          continue
        }
        throw Self.unknownKey(
          option, in: value, under: "markdown",
          known: ["smartPunctuation", "unsafeHTML", "cjkSoftBreaks", "linkCards", "shortcodes", "liquid"]
            + WriterSyntax.allCases.map(\.settingName))
      }
    }
  }

  /// `lists:` — bullets, spacing.
  mutating func readLists(_ value: YAMLValue, in path: String) throws {
    for (option, setting) in value.stringEntries {
      switch option {
      case "bullets": bullets = try setting.expectStrings(option, in: path)
      case "spacing": listSpacing = try setting.expectString(option, in: path)
      default: throw Self.unknownKey(option, in: value, under: "lists", known: ["bullets", "spacing"])
      }
    }
  }

  /// `taxonomies:` — each one a folder of the output (`/tags/swift/`), so each a safe name.
  mutating func readTaxonomies(_ value: YAMLValue, _ key: String, in path: String) throws {
    (taxonomies, taxonomyFields, taxonomiesOfWords) = try Self.taxonomyEntries(value, key, in: path)
    for (name, item) in zip(taxonomies, value.array ?? [value]) {
      try OutputPath.checkSegments(of: name, named: "taxonomy", at: item.location)
      if name.contains("/") {
        throw ContentProblem.taxonomyWithSlash(name).error(at: item.location)
      }
    }
  }

  /// `feeds:` — atom, rss.
  mutating func readFeeds(_ value: YAMLValue) throws {
    for (option, setting) in value.stringEntries {
      switch option {
      case "atom": atomFeed = try setting.expectBool(option)
      case "rss": rssFeed = try setting.expectBool(option)
      default: throw Self.unknownKey(option, in: value, under: "feeds", known: ["atom", "rss"])
      }
    }
  }

  /// `urls:` — schemes, lowercase, sanitize, style, permalinks.
  mutating func readURLs(_ value: YAMLValue, in path: String) throws {
    for (option, setting) in value.stringEntries {
      switch option {
      case "schemes": urlPolicy = try Self.schemes(setting, in: path)
      case "lowercase": try pageURLs.readLowercase(setting)
      case "sanitize": try pageURLs.readSanitize(setting)
      case "style": try pageURLs.readStyle(setting, in: path)
      case "permalinks": try pageURLs.readPermalinks(setting, in: path)
      default:
        throw Self.unknownKey(
          option, in: value, under: "urls",
          known: ["schemes", "lowercase", "sanitize", "style", "permalinks"])
      }
    }
  }

  /// `baseURL:` — an absolute http(s) URL, ending in `/`.
  static func baseURL(_ value: YAMLValue, _ key: String, in path: String) throws -> String {
    let url = try value.expectString(key, in: path)
    do throws(BaseURL.Problem) {
      return try BaseURL.checked(url)
    } catch {
      throw ContentProblem.badBaseURL(url, field: key, error).error(at: value.location)
    }
  }

  /// `checkLinks:` — error or warn.
  /// `mainSections`: a section name or a list of them (`posts`, `[posts, notes]`), folders
  /// under `Content/` as Hugo's `mainSections` names them.
  static func mainSections(_ value: YAMLValue, _ key: String, in path: String) throws -> [String] {
    if value.array == nil { return [try value.expectString(key, in: path)] }
    return try (value.array ?? []).map { item in
      let name = try item.expectString(key, in: path)
      // `/posts/` and `posts` name one folder.
      return String(name.split(separator: "/", omittingEmptySubsequences: true).joined(separator: "/"))
    }
  }

  /// The project folder's name as the site's title, for a site whose folio.yaml gives none:
  /// "Untitled site" on every page and in every feed was nobody's choice, and the folder's name
  /// usually is the site's. A site without folio.yaml gets a note that says so; one whose
  /// folio.yaml leaves `title` out chose the default, which the settings' documentation names.
  mutating func titleFromFolder(_ rootPath: String, hasSettingsFile: Bool) {
    guard let name = rootPath.split(separator: "/").last.map(String.init), !name.isEmpty else { return }
    title = name
    guard !hasSettingsFile else { return }
    warnings.append(
      Diagnostic(
        .note, "there is no folio.yaml, so the site is titled '\(name)' after its folder",
        hint: "write 'title: …' in folio.yaml to choose the title"))
  }

  static func brokenLinks(_ value: YAMLValue, _ key: String, in path: String) throws -> Diagnostic.Severity {
    switch try value.expectString(key, in: path) {
    case "error": return .error
    case "warn": return .warning
    case let other:
      throw ContentProblem.checkLinksValue(other).error(at: value.location)
    }
  }

  /// `menu:` — a list of `{title, url}`, with where each URL is written.
  static func menuItems(_ value: YAMLValue, _ key: String, in path: String) throws -> [(
    item: MenuItem, location: SourceLocation?
  )] {
    guard let items = value.array else { throw value.mismatch("a list of {title, url}", key) }
    return try items.map { item in
      let url = item["url"] ?? item
      let entry = MenuItem(
        title: try (item["title"] ?? item).expectString("title", in: path),
        url: try url.expectString("url", in: path))
      return (entry, url.location ?? item.location)
    }
  }

  /// Warns about characters XML 1.0 forbids in the settings the feeds write (`feedTexts`).
  mutating func checkFeedTexts(_ feedTexts: [(field: String, value: YAMLValue)], in path: String) {
    let feeds = (atomFeed ? ["atom.xml"] : []) + (rssFeed ? ["rss.xml"] : [])
    for (field, value) in feedTexts {
      let location = value.location ?? SourceLocation(path: path, line: 1, column: 1)
      if let warning = XMLText.droppedCharacters(
        in: value.string ?? "", field: "site's \(field)", feeds: feeds, at: location)
      {
        warnings.append(warning)
      }
    }
  }

  /// Keeps the menu entries whose URLs pass the site's URL policy, and warns about the others.
  mutating func checkMenu(_ menu: [(item: MenuItem, location: SourceLocation?)], in path: String) {
    self.menu = checkedMenu(menu, in: path)
  }

  /// The entries of `menu` whose URLs pass the site's URL policy; warns about the others.
  mutating func checkedMenu(_ menu: [(item: MenuItem, location: SourceLocation?)], in path: String)
    -> [MenuItem]
  {
    let policy = urlPolicy
    return menu.compactMap { entry in
      switch policy.check(entry.item.url) {
      case .allowed(let url):
        if let checked = ExternalLink.checkedURL(url) {
          let location = entry.location ?? SourceLocation(path: path, line: 1, column: 1)
          menuLinks.append(ExternalLink(url: checked, isImage: false, location: location))
        }
        return MenuItem(title: entry.item.title, url: url)
      case .refused(let reason):
        let location = entry.location ?? SourceLocation(path: path, line: 1, column: 1)
        warnings.append(
          DroppedURL(.menuItem(title: entry.item.title), reason: reason, at: location).diagnostic)
        return nil
      }
    }
  }
}
