import RichText

/// Heading ids GitHub-style, kept in every script (日本語の見出し stays Japanese), unique per
/// page, and the table of contents built from them.
struct HeadingAnchors {
  struct Entry {
    var identity: Int
    var level: Int
    var title: String
    var id: String
  }

  private(set) var entries: [Entry] = []

  /// Ids the default theme's layouts use on every page (`<main id="main">`, the TOC's and the
  /// home page's headings): a heading called "Main" gets `main-1`, so ids stay unique and the
  /// skip link still lands on the main content.
  static let reservedIDs: Set<String> = ["main", "toc-title", "home-title"]

  init(_ text: AttributedText) {
    var collector = HeadingCollector()
    text.walk(&collector)
    var used = HeadingAnchors.reservedIDs
    for heading in collector.headings {
      let base = HeadingAnchors.slug(heading.title).isEmpty ? "section" : HeadingAnchors.slug(heading.title)
      var id = base
      var suffix = 0
      while used.contains(id) {
        suffix += 1
        id = "\(base)-\(suffix)"
      }
      used.insert(id)
      entries.append(Entry(identity: heading.identity, level: heading.level, title: heading.title, id: id))
    }
  }

  /// Lower-cases letters, keeps letters, digits, `-` and `_` of any script, turns spaces into
  /// `-`, and drops everything else (GitHub's rule).
  static func slug(_ title: String) -> String {
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
}

private struct HeadingCollector: AttributedTextVisitor {
  var headings: [(identity: Int, level: Int, title: String)] = []
  private var current: (identity: Int, level: Int, title: String)?
  private var imageDepth = 0

  mutating func enterBlock(_ block: PresentationIntent.Component) {
    if case .header(let level) = block.kind { current = (block.identity, level, "") }
  }

  mutating func exitBlock(_ block: PresentationIntent.Component) {
    if case .header = block.kind, let heading = current {
      headings.append(heading)
      current = nil
    }
  }

  mutating func visitRun(_ run: Run) {
    guard current != nil else { return }
    switch run.kind {
    case .text, .code: current?.title += run.text
    case .softBreak, .lineBreak: current?.title += " "
    default: break
    }
  }
}
