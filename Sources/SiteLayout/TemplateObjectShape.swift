import Mustache

/// The keys of a kind of template object that every page gets several of (a translation, a
/// language switcher link, a list entry), hashed once. ``object(_:)`` makes a
/// ``TemplateRecord`` of those keys: a dictionary literal would hash every key again for every
/// object (most of what a multilingual site's per-page data cost), and every tag's look-up in
/// it again with the dictionary's seed.
struct TemplateObjectShape<Key: RawRepresentable & CaseIterable & Sendable>: Sendable
where Key.RawValue == String {
  private let cases: [Key]
  private let keys: TemplateRecord.Keys

  /// The shape with every case of `Key` as a key (its raw value).
  init() {
    cases = Array(Key.allCases)
    keys = TemplateRecord.Keys(cases.map(\.rawValue))
  }

  /// An object with `value(key)` under each key: a record, whose names were hashed here once.
  func object(_ value: (Key) -> TemplateValue) -> TemplateValue {
    .record(TemplateRecord(keys: keys) { value(cases[$0]) })
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

  /// The root of every layout's data.
  enum RootKey: String, CaseIterable, Sendable {
    case site, page, labels, assets, list, plural, inflect, picture
  }

  /// A menu entry.
  enum MenuItemKey: String, CaseIterable, Sendable {
    case title, url, isCurrent
  }

  let root = TemplateObjectShape<RootKey>()
  let listItem = TemplateObjectShape<ListItemKey>()
  let link = TemplateObjectShape<TitledLinkKey>()
  let tag = TemplateObjectShape<TagKey>()
  let menuItem = TemplateObjectShape<MenuItemKey>()
  let translation = TemplateObjectShape<TemplateContext.TranslationKey>()
  let languageLink = TemplateObjectShape<TemplateContext.LanguageLinkKey>()
}
