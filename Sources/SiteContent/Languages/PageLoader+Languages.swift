import Diagnostics
import Foundation

/// Where a page of a multilingual site goes: its language, its address under that language's
/// URLs and sections, and its translation key.
extension PageLoader {
  /// The page's language: the file name's suffix (`about.ja.md`), else `lang`, else a top
  /// folder named after a language of the site (`ja/about.md`, as Hugo's content folder per
  /// language), else the default. A suffix or `lang` the site does not list is an error there.
  static func language(
    of relativePath: String, lang: String?, at location: SourceLocation?, in languages: SiteLanguages,
    sourcePath: String
  ) throws -> (language: SiteLanguage, suffix: String?) {
    if let suffix = LanguageTag.suffix(ofMarkdownFile: relativePath) {
      guard let language = languages[suffix] else {
        throw LanguageProblem.unlistedLanguage(suffix, listed: languages.all.map(\.code)).error(
          at: SourceLocation(path: sourcePath, line: 1, column: 1))
      }
      return (language, suffix)
    }
    if let lang {
      guard let language = languages[lang] else {
        throw LanguageProblem.unlistedLanguage(lang, listed: languages.all.map(\.code)).error(
          at: location ?? SourceLocation(path: sourcePath, line: 1, column: 1))
      }
      return (language, nil)
    }
    if let slash = relativePath.utf8.firstIndex(of: UInt8(ascii: "/")) {
      let top = String(relativePath[..<slash])
      if let language = languages[top], language.folder == top { return (language, nil) }
    }
    // The site lists languages, so it has a default one.
    return (languages.defaultLanguage ?? SiteLanguage(code: "en", isDefault: true), nil)
  }

  /// Sets the page's language, section folder and translation key, and returns its address
  /// under its language's URLs: the suffix leaves the file name, and a top folder named after
  /// the language leaves the path (`ja/docs/a.md` is `/ja/docs/a/`, not `/ja/ja/docs/a/`).
  ///
  /// `address` is the file's own (``PageAddress/init(ofMarkdownFile:)`` of `relativePath`):
  /// kept when neither a suffix nor a language folder leaves the path, as for every page of the
  /// default language.
  func placeInLanguage(_ relativePath: String, _ address: PageAddress, _ page: inout PageFields) throws
    -> PageAddress
  {
    let languageField = page.translationKey == nil ? page.languageLocation : nil
    let (language, suffix) = try PageLoader.language(
      of: relativePath, lang: page.language, at: languageField, in: configuration.languages,
      sourcePath: page.sourcePath)
    var path = suffix.map { LanguageTag.removingSuffix($0, from: relativePath) } ?? relativePath
    if !language.folder.isEmpty, path.hasPrefix(language.folder + "/") {
      path = String(path.dropFirst(language.folder.count + 1))
    }
    var address = path == relativePath ? address : PageAddress(ofMarkdownFile: path)
    address.prefix = language.prefix
    page.language = language.code
    page.kind = address.kind
    page.folder =
      language.folder.isEmpty
      ? address.folder : address.folder.isEmpty ? language.folder : language.folder + "/" + address.folder
    // Keys from paths and keys written in front matter never meet by accident: a written key
    // links the pages that write it, as Hugo's `translationKey` does.
    page.translationKey = page.translationKey.map { "key:" + $0 } ?? "path:" + path
    return address
  }

  /// The warning for a file named for a language (`about.ja.md`) on a site without
  /// `languages:`: its page is published at its own name (`/about.ja/`), not as a translation,
  /// which the writer of `.ja` did not mean. Only two-letter ISO 639-1 codes and the site's own
  /// `language` count, so that `notes.old.md` or `v1.2.md` are not taken for languages.
  func oneLanguageSuffixWarning(_ relativePath: String, _ page: PageFields) -> Diagnostic? {
    guard let suffix = LanguageTag.suffix(ofMarkdownFile: relativePath) else { return nil }
    let primary = String(suffix.prefix { $0 != "-" }).lowercased()
    guard primary == configuration.language.lowercased() || PageLoader.languageCodes.contains(primary)
    else { return nil }
    return LanguageProblem.languageSuffixOnOneLanguageSite(suffix: suffix, url: page.url).diagnostic(
      at: SourceLocation(path: page.sourcePath, line: 1, column: 1))
  }

  /// The two-letter ISO 639-1 language codes, as Foundation lists them.
  private static let languageCodes = Set(
    Locale.LanguageCode.isoLanguageCodes.map(\.identifier).filter { $0.utf8.count == 2 })

  /// The URL a Markdown file's page has before its front matter is read (the link resolver's
  /// first guess), under its language's URLs when the file name says the language.
  package static func guessedURL(ofMarkdownFile relativePath: String, in languages: SiteLanguages) -> String {
    guard languages.isMultilingual else { return PageAddress(ofMarkdownFile: relativePath).url() }
    let languages = languages
    let (language, suffix) =
      (try? PageLoader.language(
        of: relativePath, lang: nil, at: nil, in: languages, sourcePath: relativePath))
      ?? (languages.defaultLanguage ?? SiteLanguage(code: "en", isDefault: true), nil)
    var path = suffix.map { LanguageTag.removingSuffix($0, from: relativePath) } ?? relativePath
    if !language.folder.isEmpty, path.hasPrefix(language.folder + "/") {
      path = String(path.dropFirst(language.folder.count + 1))
    }
    var address = PageAddress(ofMarkdownFile: path)
    address.prefix = language.prefix
    return address.url()
  }
}
