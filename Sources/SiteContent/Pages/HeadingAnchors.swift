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

  /// The title a page without a `title` is called by, from its headings: its first level-1
  /// heading, as MkDocs takes it, else a lower heading the text opens with (`## Class-based
  /// Views`, as many MkDocs pages open); nil otherwise. A `##` further down names a part of the
  /// page, not the page: Django REST framework's home page, which opens with HTML, was titled
  /// "Requirements" after its first `##`.
  ///
  /// Works from the entries alone, which the build cache keeps: the text builder numbers blocks
  /// and inlines from 1 in document order, so the block a text opens with has identity 1.
  package static func pageTitle(from entries: [Entry]) -> String? {
    if let first = entries.first(where: { $0.level == 1 }) { return first.title }
    return entries.first.flatMap { $0.identity == 1 ? $0.title : nil }
  }

  /// Ids the default theme's layouts use on every page (`<main id="main">`, the TOC's and the
  /// home page's headings, the header's search box, the search page's form): a heading called
  /// "Main" gets `main-1`, so ids stay unique and the skip link still lands on the main content.
  static let reservedIDs: Set<String> = [
    "main", "toc-title", "toc-summary", "home-title", "site-search-input", "folio-search-title",
    "folio-search-input",
    "folio-search-language",
  ]

  /// A heading's `{#id}` that could not be its anchor: not a valid id, or one an earlier heading
  /// has; the heading got the usual id instead.
  package struct Problem: Sendable {
    /// Why the id was not used.
    package enum Reason: Sendable {
      /// Not an id a URL can end with as written.
      case invalid
      /// An id the theme's layouts use on every page (``HeadingAnchors/reservedIDs``).
      case reserved
      /// An earlier heading's.
      case duplicate
    }
    /// The id as written.
    package var written: String
    /// The id the heading got.
    package var used: String
    /// Where the attribute list is.
    package var span: SourceSpan
    /// Why.
    package var reason: Reason
  }

  /// The `{#id}`s that could not be used, in order.
  package private(set) var problems: [Problem] = []

  /// The ids of `text`'s headings: a heading's own `{#id}` when it is a valid id no heading before
  /// it has, else its text's slug, made unique.
  package init(_ text: AttributedText) {
    // The page's own ids, apart from the reserved ones: inserting into a copy of those made a
    // new set for every page.
    var used: Set<String> = []
    let headings = HeadingAnchors.headings(in: text)
    // Written ids first, so a heading's slug never takes the id another heading asked for.
    var claimed: [Int: String] = [:]
    for (position, heading) in headings.enumerated() {
      guard let written = heading.written else { continue }
      if !HeadingAnchors.isValidID(written) {
        problems.append(Problem(written: written, used: "", span: heading.span, reason: .invalid))
      } else if HeadingAnchors.reservedIDs.contains(written) {
        problems.append(Problem(written: written, used: "", span: heading.span, reason: .reserved))
      } else if used.contains(written) {
        problems.append(Problem(written: written, used: "", span: heading.span, reason: .duplicate))
      } else {
        used.insert(written)
        claimed[position] = written
      }
    }
    for (position, heading) in headings.enumerated() {
      if let id = claimed[position] {
        entries.append(Entry(identity: heading.identity, level: heading.level, title: heading.title, id: id))
        continue
      }
      let slug = Slug.of(heading.title)
      let base = slug.isEmpty ? "section" : slug
      var id = base
      var suffix = 0
      while used.contains(id) || HeadingAnchors.reservedIDs.contains(id) {
        suffix += 1
        id = "\(base)-\(suffix)"
      }
      used.insert(id)
      if let index = problems.firstIndex(where: { $0.span == heading.span && $0.used.isEmpty }) {
        problems[index].used = id
      }
      entries.append(Entry(identity: heading.identity, level: heading.level, title: heading.title, id: id))
    }
  }

  /// Whether `id` can be an anchor as written: letters, digits, `-`, `_`, `.` and `:`, starting
  /// with a letter or digit (what every tool that reads `{#id}` writes as it is into a URL).
  static func isValidID(_ id: String) -> Bool {
    guard let first = id.unicodeScalars.first, first.properties.isAlphabetic || ("0"..."9").contains(first)
    else {
      return false
    }
    return id.unicodeScalars.allSatisfy {
      $0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.:".unicodeScalars.contains($0)
    }
  }

  /// Every heading in document order with its text (code included, breaks as spaces).
  ///
  /// Reads the run table instead of replaying the block tree: a heading holds no other block,
  /// so its runs are exactly those whose innermost block it is, one after another, and every
  /// block has at least one run (an empty one when it holds nothing).
  private static func headings(
    in text: AttributedText
  ) -> [(identity: Int, level: Int, title: String, written: String?, span: SourceSpan)] {
    let blocks = text.blockRecords
    let bytes = text.bytes
    let inlines = text.inlineRecords
    var headings: [(identity: Int, level: Int, title: String, written: String?, span: SourceSpan)] = []
    // The heading being read (block -1: none), its title so far and its `{#id}`.
    var (current, title): (Int32, String) = (-1, "")
    var written: (id: String, span: SourceSpan)? = nil
    func finish() {
      guard current >= 0, case .header(let level) = blocks[Int(current)].kind else { return }
      headings.append(
        (
          Int(blocks[Int(current)].identity), level, title, written?.id,
          written?.span ?? blocks[Int(current)].span
        ))
    }
    for run in text.runRecords {
      if run.block != current {
        finish()
        (current, title) = (-1, "")
        written = nil
        guard run.block >= 0, case .header = blocks[Int(run.block)].kind else { continue }
        current = run.block
      }
      if run.inline >= 0, case .headingAttributes(let attributes) = inlines[Int(run.inline)].kind,
        let id = attributes.id
      {
        written = (id, inlines[Int(run.inline)].span)
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
