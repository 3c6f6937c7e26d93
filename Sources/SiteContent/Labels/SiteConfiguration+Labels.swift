import Diagnostics
import PluralRules
import TOML
import YAML

/// The labels of `i18n/<code>.yaml`, read over the built-in ones (``Labels``).
extension SiteConfiguration {
  /// Reads `i18n/<code>.yaml` (or `.yml`, `.toml`, `.json`, as Hugo's may be) for every
  /// language of the site (the default one alone on a one-language site): each a mapping of
  /// label names to words, over the built-in ones. A
  /// label is a string or, as in Hugo's files, a mapping of CLDR plural categories to forms
  /// (``PluralLabel``); a mapping with `other` alone is a plain label. A listed language
  /// without built-in labels should name every label the theme uses: each one it does not name
  /// is English, with a warning.
  mutating func readLabelFiles(from files: SiteFiles) throws {
    let codes = languages.isMultilingual ? languages.all.map(\.code) : [language]
    for code in codes {
      // Hugo's i18n files may be YAML, TOML or JSON; the first that is there is read.
      var path = "i18n/\(code).yaml"
      var file: [UInt8]? = nil
      for candidate in ["yaml", "yml", "toml", "json"].map({ "i18n/\(code).\($0)" }) {
        if let bytes = try files.readIfPresent(candidate) {
          (path, file) = (candidate, bytes)
          break
        }
      }
      var labels: [String: String] = [:]
      var plurals: [String: PluralLabel] = [:]
      var pluralValues: [(key: String, value: YAMLValue)] = []
      if let bytes = file {
        let root =
          path.hasSuffix(".toml")
          ? try TOMLParser().parse(bytes, path: path) : try YAMLParser().parse(bytes, path: path)
        for (key, value) in try Self.labelEntries(of: root, in: path) {
          let label = try PluralLabel.read(value, key: key, in: path)
          // The theme counts with its plural labels, whatever the file gives; a plain one is
          // only ever shown as a word.
          if Labels.isPlural(key) || (PluralLabel.hasCountedForms(value) && Labels.table["en"]?[key] == nil) {
            plurals[key] = label
            pluralValues.append((key, value))
          } else {
            labels[key] = label.forms[.other]
          }
        }
        if !pluralValues.isEmpty {
          warnings += Self.formWarnings(pluralValues, plurals, language: code, in: path)
        }
        labelFiles[code] = labels
        pluralLabelFiles[code] = plurals
        settingsFiles.append(path)
      }
      guard languages.isMultilingual, !Labels.hasBuiltInTable(code) else { continue }
      let missing = Labels.required.filter {
        labels[$0] == nil && plurals[$0] == nil && !($0 == "readMore" && readMoreLabels[code] != nil)
      }
      guard !missing.isEmpty else { continue }
      if files.exists(path) {
        warnings.append(
          LanguageProblem.missingLabels(language: code, missing: missing).diagnostic(
            at: SourceLocation(path: path, line: 1, column: 1)))
      } else {
        warnings.append(
          LanguageProblem.noLabels(language: code, missing: missing).diagnostic(at: languages.locations[code])
        )
      }
    }
  }

  /// A warning for each form a counted label lacks that the language's numbers take (they get
  /// `other`: Polish "22 stron" where "22 strony" is meant), and for each form it gives that no
  /// number of the language takes (a form copied from another language's file).
  private static func formWarnings(
    _ values: [(key: String, value: YAMLValue)], _ labels: [String: PluralLabel], language: String,
    in path: String
  ) -> [Diagnostic] {
    let inUse = PluralRules(language: language).categoriesInUse()
    let used = PluralCategory.allCases.filter { inUse[$0] != nil }.map(\.rawValue)
    var warnings: [Diagnostic] = []
    for (key, value) in values {
      guard let label = labels[key] else { continue }
      for category in PluralCategory.allCases where category != .other {
        if label.forms[category] == nil, let examples = inUse[category] {
          warnings.append(
            LanguageProblem.pluralFormMissing(
              key: key, file: path, category: category.rawValue, language: language, examples: examples
            ).diagnostic(at: value.location))
        } else if label.forms[category] != nil, inUse[category] == nil {
          let location = value.mapping?.entries.first { $0.key.string == category.rawValue }?.key.location
          warnings.append(
            LanguageProblem.pluralFormUnused(
              key: key, category: category.rawValue, language: language, used: used
            )
            .diagnostic(at: location ?? value.location))
        }
      }
    }
    return warnings
  }

  /// The labels `root` (an i18n file) gives, in order: a mapping of names to labels, or, in
  /// the older go-i18n form Hugo still reads, a list of `{id, translation}` entries.
  private static func labelEntries(of root: YAMLValue, in path: String) throws -> [(String, YAMLValue)] {
    if root.isNull || root.mapping != nil { return root.stringEntries }
    guard let items = root.array else { throw root.mismatch("a mapping of labels", path) }
    return try items.map { item in
      guard let id = item["id"]?.string, let translation = item["translation"] else {
        throw item.mismatch("an entry with 'id' and 'translation'", path)
      }
      return (id, translation)
    }
  }

  /// Every plain label for pages in `language`: the built-in table (English for a language
  /// without one), then `i18n/<code>.yaml`, then `readMore` from folio.yaml.
  package func labels(in language: String) -> [String: String] {
    var labels = Labels.labels(in: language, readMore: [:])
    if let file = labelFiles[language] { labels.merge(file) { $1 } }
    let base = Labels.tableLanguage(of: language)
    if let readMore = readMoreLabels[language]
      ?? (labelFiles[language]?["readMore"] == nil ? readMoreLabels[base] : nil)
    {
      labels["readMore"] = readMore
    }
    return labels
  }

  /// Every label that holds a count for pages in `language`: the built-in ones, then those of
  /// `i18n/<code>.yaml`.
  package func pluralLabels(in language: String) -> [String: PluralLabel] {
    var labels = Labels.pluralLabels(in: language)
    if let file = pluralLabelFiles[language] { labels.merge(file) { $1 } }
    return labels
  }
}
