import RichText

/// Heading ids GitHub-style, kept in every script (日本語の見出し stays Japanese), unique per
/// page, and the table of contents built from them.
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
      let slug = HeadingAnchors.slug(heading.title)
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

  /// Lower-cases letters, keeps letters, digits, `-` and `_` of any script, turns spaces into
  /// `-`, and drops everything else (GitHub's rule).
  package static func slug(_ title: String) -> String {
    if let ascii = asciiSlug(title) { return ascii }
    var slug = ""
    for character in title.lowercased() {
      if character == " " {
        slug.append("-")
      } else if character == "-" || character == "_" || character.isLetter || character.isNumber {
        slug.append(character)
      } else if character.unicodeScalars.contains(where: { $0.properties.generalCategory == .nonspacingMark })
      {
        slug.append(character)
      }
    }
    return slug
  }

  /// ``slug(_:)`` for ASCII titles, byte by byte (the common case: no Unicode properties to
  /// look up); `nil` when the title has other characters.
  private static func asciiSlug(_ title: String) -> String? {
    var slug: [UInt8] = []
    slug.reserveCapacity(title.utf8.count)
    for byte in title.utf8 {
      switch byte {
      case 0x80...: return nil
      case UInt8(ascii: " "): slug.append(UInt8(ascii: "-"))
      case UInt8(ascii: "A")...UInt8(ascii: "Z"): slug.append(byte + 0x20)
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"),
        UInt8(ascii: "_"):
        slug.append(byte)
      default: break
      }
    }
    return String(decoding: slug, as: UTF8.self)
  }
}
