/// folio.yaml's `highlight`: the library's themes for light and dark mode.
///
/// ```yaml
/// highlight:
///   light: GitHub Light
///   dark: GitHub Dark
/// ```
/// `highlight: false` turns highlighting off.
public struct HighlightSettings: Hashable, Sendable {
  /// The theme for `prefers-color-scheme: light` (and browsers that do not say).
  public var lightTheme: String
  /// The theme for `prefers-color-scheme: dark`.
  public var darkTheme: String

  /// Settings with these themes.
  public init(
    lightTheme: String = HighlightSettings.defaultLightTheme,
    darkTheme: String = HighlightSettings.defaultDarkTheme
  ) {
    self.lightTheme = lightTheme
    self.darkTheme = darkTheme
  }

  /// The light theme unless folio.yaml names one: its colours meet WCAG AA on its background.
  public static let defaultLightTheme = "GitHub Light"
  /// The dark theme unless folio.yaml names one: its colours meet WCAG AA on its background.
  public static let defaultDarkTheme = "GitHub Dark"
}
