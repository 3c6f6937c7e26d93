import RichText

/// Heading ids GitHub-style (``Slug``: kept in every script, 日本語の見出し stays Japanese),
/// unique per page, and the table of contents built from them.
package struct HeadingAnchors {
  /// One heading: its block, level, text and id.
  package struct Entry {
    /// The heading block's identity in the page's text.
    package var identity: Int
    /// The heading level, 1 to 6.
    package var level: Int
    /// The heading's text.
    package var title: String
    /// The heading's id, unique on the page.
    package var id: String

    /// An entry from its parts (the build cache stores them).
    package init(identity: Int, level: Int, title: String, id: String) {
      self.identity = identity
      self.level = level
      self.title = title
      self.id = id
    }
  }

  /// The page's headings in order.
  package private(set) var entries: [Entry] = []

  /// Ids the default theme's layouts use on every page (`<main id="main">`, the TOC's and the
  /// home page's headings, the header's search box, the search page's form): a heading called
  /// "Main" gets `main-1`, so ids stay unique and the skip link still lands on the main content.
  static let reservedIDs: Set<String> = [
    "main", "toc-title", "home-title", "site-search-input", "folio-search-title", "folio-search-input",
    "folio-search-language",
  ]

  /// The ids of `text`'s headings.
  package init(_ text: AttributedText) {
    // The page's own ids, apart from the reserved ones: inserting into a copy of those made a
    // new set for every page.
    var used: Set<String> = []
    for heading in HeadingAnchors.headings(in: text) {
      let slug = Slug.of(heading.title)
      let base = slug.isEmpty ? "section" : slug
      var id = base
      var suffix = 0
      while used.contains(id) || HeadingAnchors.reservedIDs.contains(id) {
        suffix += 1
        id = "\(base)-\(suffix)"
      }
      used.insert(id)
      entries.append(Entry(identity: heading.identity, level: heading.level, title: heading.title, id: id))
    }
  }

  /// Every heading in document order with its text (code included, breaks as spaces).
  ///
  /// Reads the run table instead of replaying the block tree: a heading holds no other block,
  /// so its runs are exactly those whose innermost block it is, one after another, and every
  /// block has at least one run (an empty one when it holds nothing).
  private static func headings(in text: AttributedText) -> [(identity: Int, level: Int, title: String)] {
    let blocks = text.blockRecords
    let bytes = text.bytes
    var headings: [(identity: Int, level: Int, title: String)] = []
    // The heading being read (block -1: none) and its title so far.
    var (current, title): (Int32, String) = (-1, "")
    func finish() {
      guard current >= 0, case .header(let level) = blocks[Int(current)].kind else { return }
      headings.append((Int(blocks[Int(current)].identity), level, title))
    }
    for run in text.runRecords {
      if run.block != current {
        finish()
        (current, title) = (-1, "")
        guard run.block >= 0, case .header = blocks[Int(run.block)].kind else { continue }
        current = run.block
      }
      switch run.kind {
      // Decoded run by run, as Run.text does.
      case .text, .code: title += String(decoding: bytes[run.start..<run.end], as: UTF8.self)
      case .softBreak, .lineBreak: title += " "
      default: break
      }
    }
    finish()
    return headings
  }
}
