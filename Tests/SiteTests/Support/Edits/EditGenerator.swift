/// Makes random small edits to an ``EditedSite``, each drawn from a seeded generator, so that
/// a sequence of edits is replayed from its seed: body text, titles, dates, slugs, tags,
/// drafts, languages and translations, pages and bundles added, moved and deleted, links
/// between pages' files, static files, the bookmarks file, templates and partials, folio.yaml
/// and the label file, and edits that break the build and mend it.
struct EditGenerator {
  /// The source of every choice.
  var random: SplitMix64
  /// A counter for names and versions no earlier edit used.
  var counter = 0

  /// A generator whose edits follow from `seed`.
  init(seed: UInt64) {
    random = SplitMix64(seed: seed)
  }

  /// One kind of edit, and how often it is drawn.
  private struct Kind: Sendable {
    var weight: Int
    var apply: @Sendable (inout EditGenerator, inout EditedSite) -> String?
  }

  private static let kinds: [Kind] = [
    Kind(weight: 8) { $0.editBody(&$1) },
    Kind(weight: 4) { $0.editTitle(&$1) },
    Kind(weight: 3) { $0.editDate(&$1) },
    Kind(weight: 3) { $0.editSlug(&$1) },
    Kind(weight: 4) { $0.editTags(&$1) },
    Kind(weight: 2) { $0.toggleDraft(&$1) },
    Kind(weight: 3) { $0.editOtherFields(&$1) },
    Kind(weight: 3) { $0.editHeadings(&$1) },
    Kind(weight: 4) { $0.editLinks(&$1) },
    Kind(weight: 2) { $0.deletePage(&$1) },
    Kind(weight: 3) { $0.addPage(&$1) },
    Kind(weight: 3) { $0.movePage(&$1) },
    Kind(weight: 1) { $0.editSectionIndex(&$1) },
    Kind(weight: 1) { $0.breakOrMendFrontMatter(&$1) },
    Kind(weight: 4) { $0.editLanguage(&$1) },
    Kind(weight: 3) { $0.editBundle(&$1) },
    Kind(weight: 2) { $0.editBookmarks(&$1) },
    Kind(weight: 3) { $0.editStaticFile(&$1) },
    Kind(weight: 3) { $0.editTemplates(&$1) },
    Kind(weight: 4) { $0.editSettings(&$1) },
  ]

  /// Changes `site` in one random way (now and then two or three at once, as one save of
  /// several files) and says how.
  mutating func edit(_ site: inout EditedSite) -> String {
    let count = random.chance(1, in: 8) ? 2 + random.below(2) : 1
    var said: [String] = []
    while said.count < count {
      var total = Self.kinds.reduce(0) { $0 + $1.weight }
      var draw = random.below(total)
      for kind in Self.kinds {
        total -= kind.weight
        if draw < kind.weight {
          if let description = kind.apply(&self, &site) { said.append(description) }
          break
        }
        draw -= kind.weight
      }
    }
    return said.joined(separator: "; ")
  }

  // MARK: Choosing

  static let words = ["apple", "river", "stone", "cloud", "**bold**", "`code`", "café", "夏", "x < y & z"]
  static let titles = ["Alpha", "Beta", "Notes & Tips", "Ünïcode", "日本語の題", "Q&A", "<Raw>", "Zeta"]
  static let slugs = ["hello", "first", "setup", "latest", "intro"]
  static let tags = ["swift", "web", "notes", "travel", "日本語", "Swift", "new-tag"]
  static let headings = ["Install", "Configure", "Why", "Details", "Usage"]
  static let sections = ["posts", "docs", "notes", "", "extra"]

  /// A page's path, drawn from those `filter` accepts; nil when there is none.
  mutating func page(in site: EditedSite, where filter: (String, EditedSite.Page) -> Bool = { _, _ in true })
    -> String?
  {
    let paths = site.pages.keys.sorted().filter { filter($0, site.pages[$0]!) }
    return paths.isEmpty ? nil : random.pick(paths)
  }

  /// A number no earlier edit used.
  mutating func fresh() -> Int {
    counter += 1
    return counter
  }

  mutating func sentence() -> String {
    (0..<(2 + random.below(3))).map { _ in random.pick(Self.words) }.joined(separator: " ").capitalizedFirst
      + "."
  }

  mutating func date() -> String? {
    switch random.below(6) {
    case 0: return nil
    case 1: return "2026-01-0\(1 + random.below(9))T10:00:00Z"
    default: return "202\(5 + random.below(2))-0\(1 + random.below(2))-0\(1 + random.below(9))"
    }
  }
}

extension String {
  /// The string with its first character upper-cased.
  fileprivate var capitalizedFirst: String {
    prefix(1).uppercased() + dropFirst()
  }
}
