import CodeBlocks
import Diagnostics
import SiteContent
import YAML

/// `highlight:` in folio.yaml — `false` (off), `true` (the default themes), or `light` and
/// `dark` theme names from the library, matched without regard to case; an unknown one is an
/// error at its place with the closest name. On, with the default themes, unless turned off.
extension HighlightSettings: SettingsSection {
  /// `highlight`.
  public static let key = "highlight"
  /// On, with the default themes.
  public static let defaultValue: HighlightSettings? = HighlightSettings()

  /// Reads `highlight:`.
  public static func read(_ value: YAMLValue, in path: String) throws -> HighlightSettings? {
    if let enabled = value.bool { return enabled ? HighlightSettings() : nil }
    guard value.mapping != nil else {
      throw value.mismatch("false or a mapping with light and dark", "highlight")
    }
    var settings = HighlightSettings()
    for (option, setting) in value.stringEntries {
      switch option {
      case "light": settings.lightTheme = try themeName(setting, option, in: path)
      case "dark": settings.darkTheme = try themeName(setting, option, in: path)
      default:
        throw SiteConfiguration.unknownKey(option, in: value, under: "highlight", known: ["light", "dark"])
      }
    }
    return settings
  }

  /// The library's name for the theme `value` names.
  private static func themeName(_ value: YAMLValue, _ key: String, in path: String) throws -> String {
    let written = try value.expectString(key, in: path)
    let names = CodeHighlighter.shared.themeNames
    if let name = names.first(where: { $0.lowercased() == written.lowercased() }) { return name }
    let hint =
      EditDistance.closest(to: written, in: names).map { "did you mean '\($0)'?" }
      ?? "the themes are: \(names.joined(separator: ", "))"
    throw DiagnosticError(.error("unknown highlight theme '\(written)'", at: value.location, hint: hint))
  }
}

extension SiteConfiguration {
  /// Build-time syntax highlighting of code blocks, with its themes; nil with `highlight: false`.
  package var highlight: HighlightSettings? { sections[HighlightSettings.self] }
}
