import YAML

/// The features' sections of folio.yaml as read (``SettingsSection``), by type. A section the
/// settings did not write is the section's ``SettingsSection/defaultValue``, so the defaults
/// hold for a configuration read without the features (`SiteConfiguration()`) too.
public struct SettingsSections: Sendable {
  /// A section as read: on with its settings, or turned off.
  private enum Entry: Sendable {
    case off
    case on(any SettingsSection)
  }

  private var entries: [ObjectIdentifier: Entry] = [:]

  /// No section read: each at its default.
  public init() {}

  /// The section of type `Section`: as the settings wrote it, else its default; nil when off.
  public subscript<Section: SettingsSection>(_ section: Section.Type) -> Section? {
    get {
      switch entries[ObjectIdentifier(section)] {
      case nil: Section.defaultValue
      case .off: nil
      case .on(let value): value as? Section
      }
    }
    set { entries[ObjectIdentifier(section)] = newValue.map { .on($0) } ?? .off }
  }

  /// Reads `value` as the section `section` and keeps it.
  mutating func read(_ section: any SettingsSection.Type, from value: YAMLValue, in path: String) throws {
    entries[ObjectIdentifier(section)] = try section.read(value, in: path).map { .on($0) } ?? .off
  }
}
