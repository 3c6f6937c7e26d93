import SiteContent

/// Suggests the URL a broken internal link probably meant, from the site's output files: a
/// sibling whose name is a small typo away (`/docs/comands/` → `/docs/commands/`), the page a
/// Markdown file becomes (`/docs/cli.md` → `/docs/cli/`), or the one page anywhere with the same
/// name (a page that moved to another section).
///
/// Built once per link check that finds a broken link, in one pass over the output paths;
/// each lookup compares only against the siblings of the broken URL.
struct LinkSuggestions {
  /// URLs by their parent folder (`docs/`), as leaf names (`cli/`, `site.css`).
  private var leavesByParent: [Substring: [Substring]] = [:]
  /// Full URLs (without the leading `/`) by leaf name, for pages that moved.
  private var urlsByLeaf: [Substring: [Substring]] = [:]
  /// Siblings compared for typos at most: a folder of thousands of posts would make every broken
  /// link in it cost thousands of comparisons.
  private static let typoSearchLimit = 500

  /// Indexes every output path (`docs/cli/index.html`, `assets/site.css`).
  init(outputPaths: some Sequence<String>) {
    let index = "index.html".utf8
    for path in outputPaths {
      // A page's URL is its folder; any other file is its own URL. Sliced by UTF-8 offsets:
      // this runs once per output file.
      var url = path[...]
      if path.utf8.count > index.count, path.utf8.suffix(index.count).elementsEqual(index) {
        url = path[..<path.utf8.index(path.utf8.endIndex, offsetBy: -index.count)]
      }
      guard !url.isEmpty, url != "index.html" else { continue }
      let (parent, leaf) = Self.split(url)
      leavesByParent[parent, default: []].append(leaf)
      urlsByLeaf[leaf, default: []].append(url)
    }
  }

  /// The URLs `url` (site-relative, with its leading slash) most likely meant: one near
  /// sibling, else up to three pages with its name elsewhere, in name order; none if nothing
  /// is close.
  func suggestions(for url: String) -> [String] {
    var path = url.dropFirst()
    if path.hasSuffix("/index.html") { path = path.dropLast("index.html".count) }
    if path.hasSuffix(".md") { path = path.dropLast(3) + "/" }
    guard !path.isEmpty else { return [] }
    let (parent, leaf) = Self.split(path)
    let siblings = leavesByParent[parent] ?? []
    if siblings.contains(leaf) { return ["/" + parent + leaf] }
    // The closest sibling within a typo or two; ties go to the first in name order.
    if siblings.count <= Self.typoSearchLimit {
      let allowed = leaf.utf8.count <= 5 ? 1 : 2  // `cli/` allows one edit, `guide/` two
      if let near = EditDistance.nearest(to: leaf, in: siblings, limit: allowed) {
        return ["/" + parent + near]
      }
    }
    guard let moved = urlsByLeaf[leaf], moved.count <= 3 else { return [] }
    return moved.map { "/" + $0 }.sorted()
  }

  /// `docs/cli/` → (`docs/`, `cli/`); `site.css` → (``, `site.css`).
  private static func split(_ url: Substring) -> (parent: Substring, leaf: Substring) {
    let bytes = url.utf8
    var end = bytes.endIndex
    if bytes.last == UInt8(ascii: "/") { end = bytes.index(before: end) }
    guard let slash = bytes[..<end].lastIndex(of: UInt8(ascii: "/")) else {
      return (url[url.startIndex..<url.startIndex], url)
    }
    let start = bytes.index(after: slash)
    return (url[..<start], url[start...])
  }
}
