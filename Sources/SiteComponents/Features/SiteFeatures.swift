import CodeBlocks
import SiteContent
import SiteSearch

/// The features of the site build that plug in beside Folio's core: the one list of them.
public enum SiteFeatures {
  /// The features' sections of folio.yaml, in the order an unknown key's hint lists them after
  /// Folio's own settings.
  public static let settingsSections: [any SettingsSection.Type] = [
    HighlightSettings.self, SearchSettings.self,
  ]
}
