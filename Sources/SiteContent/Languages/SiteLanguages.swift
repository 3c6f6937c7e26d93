import Diagnostics

/// The languages of a site, the default first and the others in the order folio.yaml lists
/// them. Empty for a site without `languages:`, which builds exactly as a one-language site
/// always has (no URL prefixes, no alternates, no switcher).
public struct SiteLanguages: Sendable {
  /// Every language, the default first.
  public private(set) var all: [SiteLanguage] = []
  private var positions: [String: Int] = [:]
  /// Where each language is written in folio.yaml, for errors about it.
  package var locations: [String: SourceLocation] = [:]
  /// Where each language's `path` is written, for errors about it.
  package var pathLocations: [String: SourceLocation] = [:]

  /// No languages: a one-language site.
  public init() {}

  /// Whether the site lists its languages (and so has translations, prefixes and alternates).
  public var isMultilingual: Bool { !all.isEmpty }

  /// The language with `code`, if the site lists it.
  public subscript(code: String) -> SiteLanguage? {
    positions[code].map { all[$0] }
  }

  /// The default language (the first), if the site lists languages.
  public var defaultLanguage: SiteLanguage? { all.first }

  /// Adds `language`, or replaces the one with its code.
  package mutating func set(_ language: SiteLanguage) {
    if let index = positions[language.code] {
      all[index] = language
    } else {
      positions[language.code] = all.count
      all.append(language)
    }
  }

  /// Moves the language `code` first (the default language leads every list).
  package mutating func moveFirst(_ code: String) {
    guard let index = positions[code], index > 0 else { return }
    let language = all.remove(at: index)
    all.insert(language, at: 0)
    for (position, language) in all.enumerated() { positions[language.code] = position }
  }
}
