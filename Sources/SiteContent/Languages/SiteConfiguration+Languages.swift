import Diagnostics
import YAML

/// Reading `languages:` in folio.yaml (the labels of `i18n/<code>.yaml`: `+Labels`).
extension SiteConfiguration {
  /// The settings each language may have.
  static let languageSettings = ["name", "title", "description", "menu", "readMore", "dateFormat", "path"]

  /// `languages:` — a mapping from BCP 47 tag to that language's settings (or nothing).
  /// Menus are kept at their places and checked with the rest (``finishLanguages(in:)``),
  /// since `urls` may come later.
  mutating func readLanguages(_ value: YAMLValue, in path: String) throws {
    guard value.mapping != nil else { throw value.mismatch("a mapping of languages", "languages") }
    for entry in value.mapping?.entries ?? [] {
      guard let code = entry.key.string, LanguageTag.isWellFormed(code) else {
        throw LanguageProblem.notALanguageTag(entry.key.string ?? "").error(at: entry.key.location)
      }
      var language = SiteLanguage(code: code, isDefault: false)
      languages.locations[code] = entry.key.location
      let settings = entry.value
      guard settings.isNull || settings.mapping != nil else {
        throw settings.mismatch("a mapping of settings", code)
      }
      for (key, setting) in settings.stringEntries {
        switch key {
        case "name": language.name = try setting.expectString(key, in: path)
        case "title":
          language.title = try setting.expectString(key, in: path)
          languageFeedTexts.append(("languages.\(code).title", setting))
        case "description":
          language.description = try setting.expectString(key, in: path)
          languageFeedTexts.append(("languages.\(code).description", setting))
        case "menu": languageMenus[code] = try Self.menuItems(setting, key, in: path)
        case "readMore": readMoreLabels[code] = try setting.expectString(key, in: path)
        case "dateFormat":
          language.dateFormat = DateFormat(pattern: try setting.expectString(key, in: path))
          language.setsDateFormat = true
        case "path":
          let text = try setting.expectString(key, in: path)
          let folder = text.split(separator: "/", omittingEmptySubsequences: false)
          guard folder.count == 3, folder[0].isEmpty, folder[2].isEmpty, !folder[1].isEmpty else {
            throw LanguageProblem.badPath(text).error(at: setting.location)
          }
          try OutputPath.checkSegments(of: String(folder[1]), named: "language path", at: setting.location)
          if code == self.language, text != "/" {
            throw LanguageProblem.defaultLanguagePath(text).error(at: setting.location)
          }
          language.prefix = text
          languages.pathLocations[code] = setting.location
        default:
          throw Self.unknownKey(key, in: settings, under: "languages.\(code)", known: Self.languageSettings)
        }
      }
      languages.set(language)
    }
  }

  /// Refuses a language path that takes a folder Folio writes into at the site's root: the
  /// search page's, a taxonomy's, the theme's assets (`path: /search/` would put that
  /// language's home where the search page is).
  private func checkLanguagePaths() throws {
    var generated: [String: String] = ["search": "the search page", "assets": "the theme's assets"]
    for taxonomy in taxonomies { generated[taxonomy] = "the '\(taxonomy)' taxonomy" }
    for language in languages.all where language.prefix != "/" {
      let folder = String(language.prefix.dropFirst().dropLast())
      if let owner = generated[folder] {
        throw LanguageProblem.pathTakesAGeneratedFolder(language.prefix, owner: owner).error(
          at: languages.pathLocations[language.code] ?? languages.locations[language.code])
      }
    }
  }

  /// Puts the default language first with its URLs at `/`, and checks the languages' menus;
  /// `languageLocation` is where `language` is written, if it is.
  mutating func finishLanguages(languageLocation: SourceLocation?, in path: String) throws {
    guard languages.isMultilingual else { return }
    // Written into the language's feeds, like the site's title and description.
    checkFeedTexts(languageFeedTexts, in: path)
    languageFeedTexts = []
    guard var main = languages[language] else {
      throw LanguageProblem.defaultNotListed(language, listed: languages.all.map(\.code)).error(
        at: languageLocation ?? languages.locations.values.min { $0.line < $1.line })
    }
    if main.prefix != "/", main.prefix != "/\(main.code)/" {
      throw LanguageProblem.defaultLanguagePath(main.prefix).error(at: languages.locations[language])
    }
    main.prefix = "/"
    main.folder = ""
    if !main.setsDateFormat, let dateFormat { main.dateFormat = dateFormat }
    languages.set(main)
    try checkLanguagePaths()
    languages.moveFirst(language)
    for code in languageMenus.keys.sorted() {
      guard var entry = languages[code], let menu = languageMenus[code] else { continue }
      entry.menu = checkedMenu(menu, in: path)
      languages.set(entry)
    }
    languageMenus = [:]
  }

  /// How pages in `code` show dates: its `languages:` entry's format on a multilingual site;
  /// on a one-language site the top-level `dateFormat` for the site's language, and every
  /// other language (a page's `lang`) its built-in format, so one language has one format
  /// whether or not `languages:` is set.
  package func dateFormat(for code: String) -> DateFormat {
    if let language = languages[code] { return language.dateFormat }
    if code == language, let dateFormat { return dateFormat }
    return DateFormat.builtIn(for: code)
  }

  /// The language settings of the page or list in `code` (nil on a one-language site).
  package func language(_ code: String?) -> SiteLanguage? {
    guard languages.isMultilingual else { return nil }
    return code.flatMap { languages[$0] } ?? languages.defaultLanguage
  }
}
