import SiteContent

/// Images (`images:` in folio.yaml): its settings. Pages offer their photos' variants as they
/// resolve their links (``ImageVariant``, where each image's file is known); the site's output
/// step makes the variants and publishes the files without their location.
struct ImageFeature: SiteFeature {
  /// `images:`.
  var settingsSection: (any SettingsSection.Type)? { ImageSettings.self }
}
