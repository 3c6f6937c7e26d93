import SiteContent

/// The features of the site build that plug in beside Folio's core (``SiteFeature``): the one
/// list of them. Adding a feature is a type in `Features/` and a line here.
public enum SiteFeatures {
  /// Every feature, in the order their page passes run and their warnings are reported.
  package static let all: [any SiteFeature] = [
    InflectionFeature(), LinkCardFeature(), HighlightFeature(), FormulaFeature(), SearchFeature(),
    DiagramFeature(),
    EditLinkFeature(),
    LastUpdatedFeature(), DocsFeature(), ImageFeature(), BookFeature(),
  ]

  /// The features' sections of folio.yaml, in the order an unknown key's hint lists them after
  /// Folio's own settings.
  public static let settingsSections: [any SettingsSection.Type] = all.compactMap(\.settingsSection)
}
