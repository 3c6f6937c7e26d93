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

/// The shapes of the objects every page gets several of: made once for each thread that renders
/// pages (``TemplateContext/unsharedCopy()``), since reading a shape shared by all threads
/// updates its reference count from every core.
struct TemplateObjectShapes: Sendable {
  /// A list entry (`list.pages`, `page.previous` and friends take ``link``).
  enum ListItemKey: String, CaseIterable, Sendable {
    case title, url, summary, hasMore, date, dateText, dateISO, tags
  }

  /// A link to a page: its section, the previous or next page.
  enum TitledLinkKey: String, CaseIterable, Sendable {
    case title, url
  }

  /// A tag: its name and URL.
  enum TagKey: String, CaseIterable, Sendable {
    case name, url
  }

  /// A menu entry.
  enum MenuItemKey: String, CaseIterable, Sendable {
    case title, url, isCurrent
  }

  let listItem = TemplateObjectShape<ListItemKey>()
  let link = TemplateObjectShape<TitledLinkKey>()
  let tag = TemplateObjectShape<TagKey>()
  let menuItem = TemplateObjectShape<MenuItemKey>()
  let translation = TemplateObjectShape<TemplateContext.TranslationKey>()
  let languageLink = TemplateObjectShape<TemplateContext.LanguageLinkKey>()
}
