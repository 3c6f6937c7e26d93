import SiteContent
import SiteSearch
import YAML

/// `search:` in folio.yaml — `true` (an index of titles, headings and body text), `false`, or a
/// mapping with `code` (whether code blocks are indexed too). Off unless folio.yaml turns it on.
extension SearchSettings: SettingsSection {
  /// `search`.
  public static let key = "search"
  /// Off.
  public static let defaultValue: SearchSettings? = nil

  /// Reads `search:`.
  public static func read(_ value: YAMLValue, in path: String) throws -> SearchSettings? {
    if let enabled = value.bool { return enabled ? SearchSettings() : nil }
    guard value.mapping != nil else { throw value.mismatch("true, false or a mapping with code", "search") }
    var settings = SearchSettings()
    for (option, setting) in value.stringEntries {
      switch option {
      case "code": settings.includesCode = try setting.expectBool(option)
      default: throw SiteConfiguration.unknownKey(option, in: value, under: "search", known: ["code"])
      }
    }
    return settings
  }
}

extension SiteConfiguration {
  /// Site search (`search:`): the index and the `/search/` page; nil (off) unless folio.yaml
  /// turns it on.
  package var search: SearchSettings? { sections[SearchSettings.self] }
}
