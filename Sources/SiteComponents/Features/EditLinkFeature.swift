import SiteContent

/// "Edit this page" links from `repository:` (``RepositorySettings``): the session makes each
/// page's link as it loads the page (`page.editURL`), and the theme shows it.
struct EditLinkFeature: SiteFeature {
  var settingsSection: (any SettingsSection.Type)? { RepositorySettings.self }
}
