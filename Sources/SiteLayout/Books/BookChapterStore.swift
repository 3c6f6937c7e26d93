import HTMLTree
import SiteContent
import Synchronization

/// The books' chapters parsed and made the print page's and the EPUB's own, kept between
/// builds: an edit in `folio serve` parses and rewrites only its own chapter, where every
/// chapter of the book was done again before (a 600 ms save instead of 150 ms on the sample
/// site, debug build). A chapter is parsed again only when its rendering's HTML changed; its
/// made forms are kept while that HTML and the book's links (every chapter's anchor and ids)
/// are the same. The session keeps one store for its lifetime; each build makes everything
/// that changed on every core.
package final class BookChapterStore: Sendable {
  /// A chapter's parse, with the HTML it was made from.
  private struct Parse: Sendable {
    var content: String
    var result: Result<BookHTML.ParsedChapter, HTMLTreeProblem>
  }

  /// A chapter made into one of its book forms, with what it was made from.
  private struct Made<Form: Sendable>: Sendable {
    var content: String
    var generation: Int
    var form: Form
  }

  /// A chapter's EPUB form: its XHTML and the site URLs of the images it packs.
  package struct EPUBForm: Sendable {
    /// The chapter as XHTML, with what the package must declare.
    package var chapter: BookHTML.EPUBChapter
    /// Every image URL the chapter shows, with where the EPUB packed it then (nil: nowhere,
    /// the image was no file of the site): the form is made again when one answer differs.
    var lookups: [(url: String, path: String?)]

    /// The site URLs of its images, each with the path the XHTML gives it: the lookups that
    /// found a path, computed so that the two cannot disagree.
    package var images: [(url: String, path: String)] {
      lookups.compactMap { lookup in lookup.path.map { (lookup.url, $0) } }
    }
  }

  private struct State: Sendable {
    /// Parses by source path.
    var parses: [String: Parse] = [:]
    /// Each book's links and their generation, by the book's URL, then the form's context (the
    /// print page and the EPUB are made with other contexts): made forms of another generation
    /// are stale.
    var links: [String: [String: (links: BookLinks, generation: Int)]] = [:]
    var nextGeneration = 0
    /// Made forms by book URL, anchor and source path.
    var printed: [String: Made<String>] = [:]
    var epub: [String: Made<EPUBForm>] = [:]
  }

  private let state = Mutex(State())

  /// An empty store.
  package init() {}

  /// The chapters of `book` parsed (again where their HTML changed, on every core), by anchor,
  /// with those the parser refused.
  package func chapters(of book: Book, in site: SiteStructure) -> (
    chapters: [String: BookHTML.ParsedChapter], refused: [(page: Page, problem: HTMLTreeProblem)]
  ) {
    let entries = book.entries.filter { $0.page != nil }
    let contents = entries.map { site.rendering(of: $0.page!)?.content ?? "" }
    let kept = state.withLock { state in
      entries.indices.map { index -> Parse? in
        guard let parse = state.parses[entries[index].page!.sourcePath], parse.content == contents[index]
        else {
          return nil
        }
        return parse
      }
    }
    let missing = entries.indices.filter { kept[$0] == nil }
    let made = ChunkedWork.map(missing.count, chunk: 2) { position -> Parse in
      let content = contents[missing[position]]
      do throws(HTMLTreeProblem) {
        return Parse(content: content, result: .success(try BookHTML.parse(content)))
      } catch {
        return Parse(content: content, result: .failure(error))
      }
    }
    state.withLock { state in
      for (index, parse) in zip(missing, made) { state.parses[entries[index].page!.sourcePath] = parse }
    }
    var parses = kept
    for (index, parse) in zip(missing, made) { parses[index] = parse }
    var chapters: [String: BookHTML.ParsedChapter] = [:]
    var refused: [(page: Page, problem: HTMLTreeProblem)] = []
    for (entry, parse) in zip(entries, parses) {
      switch parse?.result {
      case .success(let chapter): chapters[entry.anchor] = chapter
      case .failure(let problem): refused.append((entry.page!, problem))
      case nil: break
      }
    }
    return (chapters, refused)
  }

  /// The generation of `links` (and `context`, what else the forms are made with: the site's
  /// address for the EPUB's absolute links) for `book`: a new one when either differs from the
  /// last build's.
  private func generation(of links: BookLinks, context: String, for book: Book) -> Int {
    state.withLock { state in
      if let kept = state.links[book.root.url]?[context], kept.links == links { return kept.generation }
      state.nextGeneration += 1
      state.links[book.root.url, default: [:]][context] = (links, state.nextGeneration)
      return state.nextGeneration
    }
  }

  /// Each entry of `book` made with `make` on every core where it is not kept in `forms` for
  /// this HTML and these links; nil for a part or an unparsed chapter.
  private func made<Form: Sendable>(
    _ book: Book, _ site: SiteStructure, chapters: [String: BookHTML.ParsedChapter], links: BookLinks,
    context: String, forms: WritableKeyPath<State, [String: Made<Form>]>,
    isCurrent: (Form) -> Bool = { _ in true }, make: @Sendable (BookHTML.ParsedChapter, Book.Entry) -> Form
  ) -> [Form?] {
    let generation = generation(of: links, context: context, for: book)
    let keys = book.entries.map { BookChapterStore.key(of: $0, in: book) }
    let contents = book.entries.map { entry in entry.page.map { site.rendering(of: $0)?.content ?? "" } }
    let kept = state.withLock { state in
      book.entries.indices.map { index -> Form? in
        guard let made = state[keyPath: forms][keys[index]], made.generation == generation,
          made.content == contents[index], isCurrent(made.form)
        else { return nil }
        return made.form
      }
    }
    let missing = book.entries.indices.filter { kept[$0] == nil && chapters[book.entries[$0].anchor] != nil }
    let fresh = ChunkedWork.map(missing.count, chunk: 2) { position -> Form in
      let entry = book.entries[missing[position]]
      return make(chapters[entry.anchor]!, entry)
    }
    state.withLock { state in
      for (index, form) in zip(missing, fresh) {
        state[keyPath: forms][keys[index]] = Made(
          content: contents[index] ?? "", generation: generation, form: form)
      }
    }
    var result = kept
    for (index, form) in zip(missing, fresh) { result[index] = form }
    return result
  }

  /// Where the made forms of `entry` of `book` are kept.
  private static func key(of entry: Book.Entry, in book: Book) -> String {
    book.root.url + "\u{0}" + entry.anchor + "\u{0}" + (entry.page?.sourcePath ?? "")
  }

  /// Forgets what it keeps of chapters that are no chapter of `books` now (a page deleted,
  /// renamed or moved out of its book, a book that is no book any more), so that a long
  /// `folio serve` session holds the parses and forms of the books it has, not of every
  /// chapter it ever saw.
  package func keepOnly(_ books: [Book]) {
    var paths: Set<String> = []
    var keys: Set<String> = []
    var bookURLs: Set<String> = []
    for book in books {
      bookURLs.insert(book.root.url)
      for entry in book.entries {
        if let page = entry.page { paths.insert(page.sourcePath) }
        keys.insert(BookChapterStore.key(of: entry, in: book))
      }
    }
    state.withLock { state in
      state.parses = state.parses.filter { paths.contains($0.key) }
      state.printed = state.printed.filter { keys.contains($0.key) }
      state.epub = state.epub.filter { keys.contains($0.key) }
      state.links = state.links.filter { bookURLs.contains($0.key) }
    }
  }

  /// How many chapters' parses and made forms (print and EPUB) it keeps.
  package var keptCounts: (parses: Int, forms: Int) {
    state.withLock { ($0.parses.count, $0.printed.count + $0.epub.count) }
  }

  /// Each entry of `book` as the print page shows it (nil for a part).
  package func printed(
    _ book: Book, in site: SiteStructure, chapters: [String: BookHTML.ParsedChapter], links: BookLinks
  ) -> [String?] {
    made(book, site, chapters: chapters, links: links, context: "print", forms: \.printed) { chapter, entry in
      BookHTML.printed(chapter, anchor: entry.anchor, links: links)
    }
  }

  /// Each entry of `book` as the EPUB holds it (nil for a part): links elsewhere in the site
  /// made absolute by `siteURL` (which `address`, the site's base URL or "", decides), images
  /// named by `packedPath` (the path an image's site URL is packed at, nil when it is no image
  /// the EPUB can hold). A kept form is made again when `packedPath` now answers otherwise for
  /// one of its images (an image file added or removed since).
  package func epub(
    _ book: Book, in site: SiteStructure, chapters: [String: BookHTML.ParsedChapter], links: BookLinks,
    address: String, siteURL: @escaping @Sendable (String) -> String?,
    packedPath: @escaping @Sendable (String) -> String?
  ) -> [EPUBForm?] {
    let isCurrent = { (form: EPUBForm) in form.lookups.allSatisfy { packedPath($0.url) == $0.path } }
    return made(
      book, site, chapters: chapters, links: links, context: "epub " + address, forms: \.epub,
      isCurrent: isCurrent
    ) { chapter, _ in
      var lookups: [(url: String, path: String?)] = []
      let made = BookHTML.epub(chapter, links: links, siteURL: siteURL) { url in
        let path = packedPath(url)
        lookups.append((url, path))
        return path
      }
      return EPUBForm(chapter: made, lookups: lookups)
    }
  }
}
