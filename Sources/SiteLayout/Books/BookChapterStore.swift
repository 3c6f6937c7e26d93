import HTMLTree
import SiteContent
import Synchronization

/// Each book's chapters parsed once a build (``BookHTML/parseChapters(of:content:)``), for both
/// of its outputs: the print page, laid out in the render step, and the EPUB, made in the books
/// step after it. Parsing is most of what a book costs; a structure holds one store, so an
/// organised site parses its books afresh, and an entry is used only while every chapter's
/// rendering is the one it was parsed from.
package final class BookChapterStore: Sendable {
  /// One book's parse: the renderings it was made from (by identity) and what it gave.
  private struct Entry: Sendable {
    var renderings: [ObjectIdentifier?]
    var chapters: [String: BookHTML.ParsedChapter]
    var refused: [(page: Page, problem: HTMLTreeProblem)]
  }

  private let entries = Mutex<[Int: Entry]>([:])

  /// An empty store.
  package init() {}

  /// The chapters of the book at `index` of `site.books`, parsed now or by an earlier call on
  /// the same renderings.
  package func chapters(ofBook index: Int, in site: SiteStructure) -> (
    chapters: [String: BookHTML.ParsedChapter], refused: [(page: Page, problem: HTMLTreeProblem)]
  ) {
    let book = site.books[index]
    let renderings = book.entries.compactMap(\.page).map { site.rendering(of: $0).map(ObjectIdentifier.init) }
    if let kept = entries.withLock({ $0[index] }), kept.renderings == renderings {
      return (kept.chapters, kept.refused)
    }
    let parsed = BookHTML.parseChapters(of: book) { site.rendering(of: $0)?.content ?? "" }
    entries.withLock {
      $0[index] = Entry(renderings: renderings, chapters: parsed.chapters, refused: parsed.refused)
    }
    return parsed
  }
}
