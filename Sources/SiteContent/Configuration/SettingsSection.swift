import YAML

/// A feature's section of folio.yaml (`highlight:`, `search:`): the key it is written under, its
/// value when folio.yaml does not write it, and how it is read.
///
/// The feature declares its section beside its other parts; the site layer's list of features
/// (`SiteFeatures` in SiteComponents) hands the sections to ``SiteConfiguration/parse(_:path:sections:)``,
/// which reads each under its key with the same errors as its own settings (an unknown key at
/// its place, with the closest known one). So SiteContent reads every section of folio.yaml
/// without importing the features, and a new feature's setting touches only the feature.
public protocol SettingsSection: Sendable {
  /// The top-level key of folio.yaml the section is written under.
  static var key: String { get }
  /// The section when folio.yaml does not write it; nil: the feature is off unless turned on.
  static var defaultValue: Self? { get }
  /// Reads the section from `value`, the key's value in the file at `path`; nil: the settings
  /// turn the feature off (`search: false`). Errors point at the offending value.
  static func read(_ value: YAMLValue, in path: String) throws -> Self?
}
