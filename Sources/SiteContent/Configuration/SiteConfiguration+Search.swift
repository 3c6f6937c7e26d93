import SiteSearch
import YAML

extension SiteConfiguration {
  /// `search:` — `true` (an index of titles, headings and body text), `false`, or a mapping
  /// with `code` (whether code blocks are indexed too).
  mutating func readSearch(_ value: YAMLValue) throws {
    if let enabled = value.bool {
      search = enabled ? SearchSettings() : nil
      return
    }
    guard value.mapping != nil else { throw value.mismatch("true, false or a mapping with code", "search") }
    var settings = SearchSettings()
    for (option, setting) in value.stringEntries {
      switch option {
      case "code": settings.includesCode = try setting.expectBool(option)
      default: throw Self.unknownKey(option, in: value, under: "search", known: ["code"])
      }
    }
    search = settings
  }
}
