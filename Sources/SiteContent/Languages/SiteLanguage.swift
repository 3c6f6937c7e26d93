/// One language of a multilingual site (`languages:` in folio.yaml) with its own settings.
public struct SiteLanguage: Sendable, Equatable {
  /// The BCP 47 tag (`en`, `ja`, `pt-BR`), as written in folio.yaml.
  public var code: String
  /// The language's name in itself, for the language switcher (`English`, `日本語`).
  public var name: String
  /// The site's title in this language, when it differs from the site's.
  public var title: String?
  /// The site's description in this language, when it differs.
  public var description: String?
  /// The menu of this language's pages, when it has one of its own.
  public var menu: [SiteConfiguration.MenuItem]?
  /// How dates are shown on this language's pages (see ``DateFormat``).
  public var dateFormat: DateFormat
  /// Whether `dateFormat` was written under the language (else the top-level `dateFormat`
  /// sets the default language's).
  var setsDateFormat = false
  /// Where the language's URLs live: `/` for the default language, `/<code>/` (or the
  /// `path` setting) for the others. Starts and ends with `/`.
  public var prefix: String
  /// The folder key of the language's sections: empty for the default language, else its code,
  /// so that `ja/docs` is the `docs` section of the Japanese pages (see ``Page/folder``).
  public var folder: String

  /// Built-in names of the languages with built-in labels.
  static let builtInNames = ["en": "English", "ja": "日本語"]

  /// A language with its defaults: its built-in name (else its code), its built-in date
  /// format, and `/<code>/` unless it is the default language.
  init(code: String, isDefault: Bool) {
    self.code = code
    name = SiteLanguage.builtInNames[code] ?? code
    dateFormat = DateFormat.builtIn(for: code)
    prefix = isDefault ? "/" : "/\(code)/"
    folder = isDefault ? "" : code
  }

  /// `path` under the language's prefix: `/docs/` → `/ja/docs/`.
  public func url(_ path: String) -> String {
    prefix == "/" ? path : prefix + path.drop { $0 == "/" }
  }
}
