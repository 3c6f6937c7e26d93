import Diagnostics

/// Why a site's languages, labels or translations cannot be read: each a reason with what it
/// is about, put into words here and nowhere else.
package enum LanguageProblem: Equatable, Sendable {
  /// A language code in folio.yaml that is not a BCP 47 tag.
  case notALanguageTag(String)
  /// `language` names a language that `languages` does not list.
  case defaultNotListed(String, listed: [String])
  /// `path` set for the default language, whose URLs are always at `/`.
  case defaultLanguagePath(String)
  /// A language `path` that is not one folder (`/ja/`).
  case badPath(String)
  /// A language path that is a folder Folio writes itself (`owner`: the search page, a taxonomy).
  case pathTakesAGeneratedFolder(String, owner: String)
  /// A page in (or a translation file for) a language the site does not list.
  case unlistedLanguage(String, listed: [String])
  /// A file named for a language (`about.ja.md`) on a site without `languages:`, whose page is
  /// published at `url` (`/about.ja/`) as any other file.
  case languageSuffixOnOneLanguageSite(suffix: String, url: String)
  /// A language without built-in labels and without `i18n/<code>.yaml`.
  case noLabels(language: String, missing: [String])
  /// `i18n/<code>.yaml` lacks labels that a language without built-in ones needs.
  case missingLabels(language: String, missing: [String])
  /// A label of `i18n/<code>.yaml` given as plural forms without the `other` form.
  case pluralLabelWithoutOther(key: String, file: String)
  /// A plural form under a key that is no CLDR plural category.
  case unknownPluralCategory(String, key: String, closest: String?)
  /// A counted label without a form for a category that numbers of its language take (the
  /// first `examples` of them), which then get its `other` form.
  case pluralFormMissing(key: String, file: String, category: String, language: String, examples: [String])
  /// A counted label's form for a category that no number of its language takes.
  case pluralFormUnused(key: String, category: String, language: String, used: [String])
  /// Two pages of one language with the same translation key.
  case twoTranslations(key: String, language: String, other: String)
  /// A page in `language` links to `target`, a page in `targetLanguage`, although the target
  /// has a translation in `language` at `translation`.
  case crossLanguageLink(
    written: String, language: String, targetLanguage: String, translation: String, translationFile: String)

  /// What is wrong, in one sentence without a trailing period.
  var message: String {
    switch self {
    case .notALanguageTag(let code): "'\(code)' is not a BCP 47 language tag"
    case .defaultNotListed(let code, _): "the default language '\(code)' is not listed under 'languages'"
    case .defaultLanguagePath(let path): "the default language's URLs are at '/', not '\(path)'"
    case .badPath(let path): "a language's path must be one folder like '/ja/', found '\(path)'"
    case .pathTakesAGeneratedFolder(let path, let owner):
      "the language path '\(path)' is where Folio writes \(owner)"
    case .unlistedLanguage(let code, _): "the language '\(code)' is not one of the site's languages"
    case .languageSuffixOnOneLanguageSite(let suffix, let url):
      "the file name ends in '.\(suffix)', a language, but the site has one language, so this page is \(url) and no translation"
    case .noLabels(let language, _):
      "the language '\(language)' has no labels: i18n/\(language).yaml is missing, so its pages show English ones"
    case .missingLabels(let language, let missing):
      "i18n/\(language).yaml has no label for \(missing.map { "'\($0)'" }.joined(separator: ", ")), so its pages show English ones"
    case .pluralLabelWithoutOther(let key, let file):
      "the label '\(key)' in \(file) has plural forms but no 'other' form"
    case .unknownPluralCategory(let category, let key, _):
      "'\(category)' in the label '\(key)' is not a CLDR plural category"
    case .pluralFormMissing(let key, let file, let category, let language, let examples):
      "the label '\(key)' in \(file) has no '\(category)' form, so the '\(language)' numbers that take it "
        + "(\(examples.joined(separator: ", "))…) get its 'other' form"
    case .pluralFormUnused(let key, let category, let language, _):
      "'\(category)' in the label '\(key)' is a form no '\(language)' number takes"
    case .twoTranslations(let key, let language, let other):
      "two '\(language)' pages are translations of '\(key)': this one and \(other)"
    case .crossLanguageLink(let written, let language, let targetLanguage, _, _):
      "this '\(language)' page links to the '\(targetLanguage)' page '\(written)', which has a '\(language)' translation"
    }
  }

  /// How to fix it.
  var hint: String? {
    switch self {
    case .notALanguageTag: "write a tag like en, ja, pt-BR or zh-Hant"
    case .defaultNotListed(_, let listed): "add it to 'languages' (listed: \(listed.joined(separator: ", ")))"
    case .defaultLanguagePath: "remove 'path' from the default language"
    case .badPath: "write one folder name between slashes, like /ja/"
    case .pathTakesAGeneratedFolder: "choose another folder, such as the language's code"
    case .unlistedLanguage(_, let listed):
      "add it to 'languages' in folio.yaml, or use one of: \(listed.joined(separator: ", "))"
    case .languageSuffixOnOneLanguageSite(let suffix, _):
      "list the site's languages under 'languages:' in folio.yaml (with '\(suffix)') to make it a translation, or rename the file"
    case .noLabels(_, let missing), .missingLabels(_, let missing):
      "Folio has built-in labels for en and ja only; write each of these in the file: "
        + missing.joined(separator: ", ")
    case .pluralLabelWithoutOther:
      "add 'other:', the form for every count the language's other categories leave, such as "
        + "other: \"{count} pages\""
    case .unknownPluralCategory(_, _, let closest):
      (closest.map { "did you mean '\($0)'? " } ?? "")
        + "the categories are zero, one, two, few, many and other"
    case .pluralFormMissing(_, _, let category, _, _):
      "add '\(category):' with the words for those numbers"
    case .pluralFormUnused(_, let category, let language, let used):
      "'\(language)' numbers take \(used.joined(separator: ", ")); remove '\(category)'"
    case .twoTranslations: "give one of them another 'translationKey', or rename its file"
    case .crossLanguageLink(_, _, _, let translation, let file):
      "link to '\(translation)' (\(file)) instead, unless the other language is meant"
    }
  }

  /// The problem as an error at `location`, ready to throw.
  package func error(at location: SourceLocation?) -> DiagnosticError {
    DiagnosticError(diagnostic(at: location))
  }

  /// The problem as a diagnostic at `location`.
  package func diagnostic(at location: SourceLocation?) -> Diagnostic {
    switch self {
    // A language without its labels still builds, in English words: a warning (and `--strict`
    // in CI fails it), as Hugo falls back to the default language's strings. An imported
    // French site builds at once, and says what to translate.
    case .crossLanguageLink, .noLabels, .missingLabels, .languageSuffixOnOneLanguageSite, .pluralFormMissing,
      .pluralFormUnused:
      .warning(message, at: location, hint: hint)
    default: .error(message, at: location, hint: hint)
    }
  }
}
