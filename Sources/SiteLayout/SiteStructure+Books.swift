import Diagnostics
import SiteContent

/// The books of a site (``Book``): documentation sections whose `_index.md` says `book:`, each
/// with its print page laid out as a job of its own and its EPUB (and PDF) claimed beside it, so
/// a page or alias there is an error, as over any file the site writes.
extension SiteStructure {
  /// Finds the books among the documentation trees, adds their print pages' jobs, and returns
  /// the output paths their files take, each with what writes it; warnings for keys `book:`
  /// does not know and books without chapters.
  mutating func addBooks(makesPDF: Bool, _ problems: inout [Diagnostic]) -> [String: String] {
    var reserved: [String: String] = [:]
    for tree in docs.trees where DocsNavigation.isBook(tree.root) {
      let settings: BookSettings
      do {
        guard let read = try BookSettings.read(tree.root, warnings: &bookWarnings) else { continue }
        settings = read
      } catch {
        problems += error.diagnostics
        continue
      }
      let book = Book(tree: tree, settings: settings) { page in
        rendering(of: page)?.content.allSatisfy(\.isWhitespace) ?? true
      }
      guard !book.chapters.isEmpty else {
        bookWarnings.append(BookProblem.noChapters(section: tree.root.url).diagnostic(at: book.location))
        continue
      }
      var job = Job(
        kind: .book, layout: "book-print", outputPath: book.printPath, url: book.printURL, page: book.root,
        title: book.title)
      job.book = books.count
      renderJobs.append(job)
      let owner = "the book of \(book.root.sourcePath)"
      reserved[book.epubPath] = owner
      reserved[book.printStylePath] = owner
      if makesPDF { reserved[book.pdfPath] = owner }
      books.append(book)
    }
    return reserved
  }
}
