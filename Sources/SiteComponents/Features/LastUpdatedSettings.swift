import Diagnostics
import SiteContent
import YAML

/// `lastUpdated:` in folio.yaml — `git` (or `true`): each page without `lastmod`/`updated` in
/// its front matter is dated by the last commit that changed its file, read from the project's
/// Git history; `false` (the default): only front matter dates pages. Off by default, as
/// Hugo's `enableGitInfo` and Starlight's `lastUpdated` are: the walk costs time on a long
/// history, and a CI checkout is shallow unless told otherwise, which dates every page wrongly.
package struct LastUpdatedSettings: Sendable {
  /// Where folio.yaml turns it on: the warnings about the repository point there.
  package var location: SourceLocation?
}

extension LastUpdatedSettings: SettingsSection {
  /// `lastUpdated`.
  package static let key = "lastUpdated"
  /// Off.
  package static let defaultValue: LastUpdatedSettings? = nil

  /// Reads `lastUpdated:`.
  package static func read(_ value: YAMLValue, in path: String) throws -> LastUpdatedSettings? {
    if let enabled = value.bool { return enabled ? LastUpdatedSettings(location: value.location) : nil }
    guard value.string == "git" else { throw value.mismatch("git, true or false", "lastUpdated") }
    return LastUpdatedSettings(location: value.location)
  }
}

extension SiteConfiguration {
  /// Whether pages are dated from Git (`lastUpdated: git`); nil when not.
  package var lastUpdated: LastUpdatedSettings? { sections[LastUpdatedSettings.self] }
}
