import SiteContent

/// Dates from Git (`lastUpdated: git`, ``LastUpdatedSettings``): the session reads the history
/// once a full build, before the pages load, and each page without a front matter date takes
/// its file's.
struct LastUpdatedFeature: SiteFeature {
  var settingsSection: (any SettingsSection.Type)? { LastUpdatedSettings.self }
}
