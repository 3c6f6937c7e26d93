import Mustache

/// The keys of a kind of template object that every page gets several of (a translation, a
/// language switcher link), hashed once. ``object(_:)`` maps a dictionary of those keys to the
/// object's values, which keeps the dictionary's hash table; a dictionary literal would hash
/// every key again for every object (most of what a multilingual site's per-page data cost).
struct TemplateObjectShape<Key: RawRepresentable & CaseIterable & Sendable>: Sendable
where Key.RawValue == String {
  private let keys: [String: Key]

  /// The shape with every case of `Key` as a key (its raw value).
  init() {
    keys = Dictionary(uniqueKeysWithValues: Key.allCases.map { ($0.rawValue, $0) })
  }

  /// An object with `value(key)` under each key.
  func object(_ value: (Key) -> TemplateValue) -> TemplateValue {
    .object(keys.mapValues(value))
  }
}
