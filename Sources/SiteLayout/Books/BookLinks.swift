import SiteContent

/// Where a link in a chapter leads inside its book: a link to another chapter's page (with or
/// without `#heading`) becomes a link to that chapter's place in the print page (`#c3`,
/// `#c3-heading`) or in the EPUB (`chapter-003.xhtml#heading`); any other link stays as
/// written. Links in rendered pages carry the site's base path (``SiteConfiguration/href(_:)``),
/// so the chapters are known by that form of their URLs.
package struct BookLinks: Sendable, Equatable {
  /// Each chapter's anchor by the URL its links are written with.
  private var anchors: [String: String] = [:]
  /// The ids each chapter holds, by anchor.
  private var ids: [String: Set<String>]

  /// The links of `book`'s chapters, as `configuration` writes URLs; `ids` holds the ids of
  /// each chapter (by anchor), which a link's fragment must name.
  package init(_ book: Book, configuration: SiteConfiguration, ids: [String: Set<String>]) {
    self.ids = ids
    for entry in book.entries {
      guard let page = entry.page else { continue }
      anchors[configuration.href(page.url)] = entry.anchor
    }
  }

  /// The chapter and heading `href` leads to, when it leads into the book: the chapter's anchor
  /// and the fragment without `#`, nil when it has none or names no element of the chapter (a
  /// link to a heading that is gone leads to its chapter).
  package func target(of href: String) -> (chapter: String, fragment: String?)? {
    let (path, fragment) = BookLinks.split(href)
    guard let anchor = anchors[path] ?? anchors[path + "/"] else { return nil }
    guard let fragment, ids[anchor]?.contains(fragment) == true else { return (anchor, nil) }
    return (anchor, fragment)
  }

  /// `href` cut at its `#`: the part before and the fragment after (nil without one).
  static func split(_ href: String) -> (path: String, fragment: String?) {
    guard let hash = href.firstIndex(of: "#") else { return (href, nil) }
    let fragment = String(href[href.index(after: hash)...])
    return (String(href[..<hash]), fragment.isEmpty ? nil : fragment)
  }
}
