import Mustache
import SiteContent

/// What a book's print page gets (``Book``): `book.title`, `authors`, `description`, `language`,
/// `contents` (nested: `title`, `url`, `isPart`, `children`), `chapters` (in reading order:
/// `anchor`, `title`, `isPart`, `hasTitleHeading`, `content` with its ids and links made the
/// print page's own) and the book's files (`epubURL`, `pdfURL`), and what a page of a book's
/// section gets to link them (`page.book`).
extension TemplateContext {
  /// The `book` object of the print page `job` lays out.
  func bookValue(of job: SiteStructure.Job) -> TemplateValue {
    guard let index = job.book, site.books.indices.contains(index) else { return .null }
    let book = site.books[index]
    // A chapter past the parser's limits is left out of the print page; the EPUB step reports it.
    let parsed = site.bookChapters.chapters(of: book, in: site).chapters
    let links = BookLinks(book, configuration: configuration, ids: parsed.mapValues(\.ids))
    let printed = site.bookChapters.printed(book, in: site, chapters: parsed, links: links).map { $0 ?? "" }
    var chapters: [TemplateValue] = []
    for (entry, html) in zip(book.entries, printed) {
      guard let page = entry.page else {
        chapters.append(
          .object([
            "anchor": .string(entry.anchor), "title": .string(entry.title), "isPart": .bool(true),
            "depth": .int(entry.depth),
          ]))
        continue
      }
      let rendered = site.rendering(of: page)
      let opensWithTitle = rendered.map { TemplateContext.titleHeading(of: $0) != nil } ?? false
      chapters.append(
        .object([
          "anchor": .string(entry.anchor), "title": .string(entry.title), "isPart": .bool(false),
          "depth": .int(entry.depth), "hasTitleHeading": .bool(opensWithTitle), "content": .safeHTML(html),
          "lang": .string(page.language ?? book.language(configuration)),
        ]))
    }
    return .object([
      "title": .string(book.title),
      "authors": .array(bookAuthors(book).map { .string($0) }),
      "hasAuthors": .bool(!bookAuthors(book).isEmpty),
      "description": book.settings.description.map { .string($0) } ?? .null,
      "language": .string(book.language(configuration)),
      "contents": .array(contents(of: book)),
      "chapters": .array(chapters),
      "sectionURL": href(book.root.url),
      "sectionTitle": .string(book.root.title),
      "epubURL": href("/" + book.epubPath),
      "pdfURL": site.booksMakePDFs ? href("/" + book.pdfPath) : .null,
      "styleURL": href("/" + book.printStylePath),
    ])
  }

  /// The `page.book` object of a page in a book's section: the book's title and the URLs of
  /// its print page and files; null elsewhere.
  func bookLinks(ofPageAt url: String) -> TemplateValue {
    guard let place = site.docs.places[url],
      let book = site.books.first(where: { $0.root.url == site.docs.trees[place.tree].root.url })
    else { return .null }
    return .object([
      "title": .string(book.title), "printURL": href(book.printURL), "epubURL": href("/" + book.epubPath),
      "pdfURL": site.booksMakePDFs ? href("/" + book.pdfPath) : .null,
    ])
  }

  /// The book's authors: `book.author`, else the site's author.
  func bookAuthors(_ book: Book) -> [String] {
    if !book.settings.authors.isEmpty { return book.settings.authors }
    return configuration.author.isEmpty ? [] : [configuration.author]
  }

  /// The contents list: parts hold the entries below them.
  private func contents(of book: Book) -> [TemplateValue] {
    var index = 0
    func level(_ depth: Int) -> [TemplateValue] {
      var items: [TemplateValue] = []
      while index < book.entries.count, book.entries[index].depth >= depth {
        let entry = book.entries[index]
        index += 1
        let children = level(depth + 1)
        items.append(
          .object([
            "title": .string(entry.title), "url": .string("#" + entry.anchor),
            "isPart": .bool(entry.page == nil),
            "children": .array(children), "hasChildren": .bool(!children.isEmpty),
          ]))
      }
      return items
    }
    return level(0)
  }
}

extension Book {
  /// The book's language: `book.language`, else its section page's, else the site's.
  package func language(_ configuration: SiteConfiguration) -> String {
    settings.language ?? root.language ?? configuration.language
  }
}
