import Diagnostics
import EPUB
import Foundation
import HTMLTree
import SiteComponents
import SiteContent

/// A book as EPUB 3 (``Book``): its chapters' renderings made XHTML (``BookHTML``), a part's
/// title page for each part, the navigation document from the chapters and their headings,
/// the site's code highlighting and the book's own stylesheet, the images the chapters show
/// taken from the site's output, and metadata from `book:` and the pages' dates, never the
/// clock, so the same site gives the same bytes.
package enum BookEPUB {
  /// The path of the book's stylesheet among the theme's assets.
  static let stylesheet = "assets/folio-epub.css"
  /// The code highlighting stylesheet, when the site writes one.
  static let highlighting = "assets/folio-highlight.css"

  /// The EPUB of the book at `index` of `site.books`, with the site's `files` (by output path) to take images and
  /// stylesheets from.
  package static func bytes(
    ofBook index: Int, in site: SiteStructure, _ configuration: SiteConfiguration, files: [String: [UInt8]]
  ) throws(DiagnosticError) -> [UInt8] {
    let book = site.books[index]
    let language = book.language(configuration)
    let forms = try chapterForms(of: book, in: site, configuration, files: files)
    let made = zip(book.entries, forms).map { entry, form -> (EPUBChapter, [EPUBImage])? in
      guard let page = entry.page else {
        let file = "part-" + Book.fileName(ofChapter: entry.anchor).dropFirst("chapter-".count)
        return (
          EPUBChapter(
            fileName: String(file), title: entry.title,
            body: "<h1 class=\"book-part-title\">\(XMLText.escape(entry.title))</h1>", contents: []), []
        )
      }
      guard let form else { return nil }
      let rendered = site.rendering(of: page)
      let opensWithTitle = rendered.map { TemplateContext.titleHeading(of: $0) != nil } ?? false
      let heading =
        opensWithTitle ? "" : "<h1 class=\"book-chapter-title\">\(XMLText.escape(entry.title))</h1>\n"
      var chapter = EPUBChapter(
        fileName: Book.fileName(ofChapter: entry.anchor), title: entry.title,
        body: heading + form.chapter.xhtml,
        contents: contents(rendered?.toc ?? [], skippingTitle: opensWithTitle))
      chapter.containsMathML = form.chapter.hasMathML
      chapter.containsSVG = form.chapter.hasSVG
      return (chapter, form.images.compactMap { packedImage($0.url, configuration, files) })
    }
    let chapters = made.compactMap { $0?.0 }
    var images: [String: EPUBImage] = [:]
    for image in made.compactMap({ $0?.1 }).joined() { images[image.path] = image }
    let identifier =
      book.settings.identifier.map { EPUBIdentifier($0) }
      ?? EPUBIdentifier(bookURL: configuration.baseURL + book.root.url.dropFirst())
    var publication = EPUBPublication(
      title: book.title, language: language, identifier: identifier, modified: modified(of: book),
      chapters: chapters)
    publication.creators =
      book.settings.authors.isEmpty
      ? (configuration.author.isEmpty ? [] : [configuration.author]) : book.settings.authors
    publication.description = book.settings.description
    publication.publisher = book.settings.publisher
    publication.rights = book.settings.rights
    publication.contentsTitle = configuration.labels(in: language)["toc"] ?? "Contents"
    var stylesheets: [EPUBStylesheet] = []
    if let highlight = files[highlighting] {
      stylesheets.append(EPUBStylesheet(path: "styles/highlight.css", bytes: highlight))
    }
    if let own = files[stylesheet] { stylesheets.append(EPUBStylesheet(path: "styles/book.css", bytes: own)) }
    publication.stylesheets = stylesheets
    if let cover = book.settings.cover {
      let source = cover.hasPrefix("/") ? cover : book.root.url + cover
      guard mediaType(of: source) != nil else {
        throw DiagnosticError(BookProblem.coverNotAnImage(cover).diagnostic(at: book.location))
      }
      guard let packed = packedImage(configuration.href(source), configuration, files) else {
        throw DiagnosticError(BookProblem.noSuchCover(cover).diagnostic(at: book.location))
      }
      images[packed.path] = packed
      publication.coverImage = packed.path
    }
    publication.images = images.keys.sorted().compactMap { images[$0] }
    do {
      return try publication.epubBytes()
    } catch {
      throw DiagnosticError(BookProblem.epubFailed(reason: error.description).diagnostic(at: book.location))
    }
  }

  /// Each entry of `book` as the EPUB holds it (nil for a part); throws for chapters the parser
  /// refused.
  private static func chapterForms(
    of book: Book, in site: SiteStructure, _ configuration: SiteConfiguration, files: [String: [UInt8]]
  ) throws(DiagnosticError) -> [BookChapterStore.EPUBForm?] {
    let (parsed, refused) = site.bookChapters.chapters(of: book, in: site)
    if !refused.isEmpty {
      throw DiagnosticError(
        refused.map { page, problem in
          BookProblem.chapterNotReadable(reason: problem.description).diagnostic(
            at: SourceLocation(path: page.sourcePath, line: 1, column: 1))
        })
    }
    let links = BookLinks(book, configuration: configuration, ids: parsed.mapValues(\.ids))
    let siteURL = { @Sendable (href: String) -> String? in
      guard configuration.hasBaseURL, href.hasPrefix(configuration.basePath) else { return nil }
      return configuration.baseURL + href.dropFirst(configuration.basePath.count)
    }
    let address = configuration.hasBaseURL ? configuration.baseURL : ""
    return site.bookChapters.epub(
      book, in: site, chapters: parsed, links: links, address: address, siteURL: siteURL,
      packedPath: { url in packedImage(url, configuration, files)?.path })
  }

  /// The image of the site a page writes `url` for, as the EPUB packs it (under `images/`, at
  /// its output path); nil for an image that is no file of the site or of a kind EPUB does
  /// not hold.
  static func packedImage(_ url: String, _ configuration: SiteConfiguration, _ files: [String: [UInt8]])
    -> EPUBImage?
  {
    guard let path = outputPath(ofSiteURL: url, configuration), let bytes = files[path],
      let type = mediaType(of: path)
    else { return nil }
    return EPUBImage(path: "images/" + path, mediaType: type, bytes: bytes)
  }

  /// A chapter's headings (levels 2 and 3; the first level 1 when it is the chapter's title is
  /// left out), nested.
  static func contents(_ toc: [HeadingAnchors.Entry], skippingTitle: Bool) -> [EPUBTOCEntry] {
    let headings = toc.dropFirst(skippingTitle ? 1 : 0).filter { $0.level == 2 || $0.level == 3 }
    var entries: [EPUBTOCEntry] = []
    for heading in headings {
      let entry = EPUBTOCEntry(title: heading.title, fragment: heading.id)
      if heading.level == 3, !entries.isEmpty {
        entries[entries.count - 1].children.append(entry)
      } else {
        entries.append(entry)
      }
    }
    return entries
  }

  /// The output path of a site URL a page wrote (with the base path), percent-decoded; nil for
  /// another site's URL.
  static func outputPath(ofSiteURL url: String, _ configuration: SiteConfiguration) -> String? {
    var path = BookLinks.split(url).path
    if let query = path.firstIndex(of: "?") { path = String(path[..<query]) }
    let base = configuration.basePath
    guard path.hasPrefix(base) else { return nil }
    let relative = path.dropFirst(base.count).drop { $0 == "/" }
    guard !relative.isEmpty else { return nil }
    return String(relative).removingPercentEncoding ?? String(relative)
  }

  /// The EPUB media type of an image file by its extension; nil for a kind EPUB does not hold.
  static func mediaType(of path: String) -> String? {
    switch path.split(separator: ".").last?.lowercased() {
    case "jpg", "jpeg": "image/jpeg"
    case "png": "image/png"
    case "gif": "image/gif"
    case "webp": "image/webp"
    case "svg": "image/svg+xml"
    default: nil
    }
  }

  /// When the book last changed: the newest date of its chapters (`updated`, which Git dates
  /// fill with `lastUpdated: git`, else `date`); the start of 1980, the first date a zip file
  /// can hold, when no chapter has one. Never the clock: the same sources give the same book.
  package static func modified(of book: Book) -> Date {
    let formatter = ISO8601DateFormatter()
    var newest = Date(timeIntervalSince1970: 315_532_800)
    for page in book.entries.compactMap(\.page) {
      for stamp in [page.updated, page.date].compactMap({ $0 }) {
        if let date = formatter.date(from: FeedWriter.rfc3339(stamp)), date > newest { newest = date }
      }
    }
    return newest
  }

  /// ``modified(of:)`` as a PDF date's digits, `YYYYMMDDhhmmss` in UTC.
  package static func modifiedDigits(of book: Book) -> String {
    var seconds = time_t(modified(of: book).timeIntervalSince1970)
    var parts = tm()
    gmtime_r(&seconds, &parts)
    func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(parts.tm_year + 1900)" + two(parts.tm_mon + 1) + two(parts.tm_mday) + two(parts.tm_hour)
      + two(parts.tm_min) + two(parts.tm_sec)
  }
}
