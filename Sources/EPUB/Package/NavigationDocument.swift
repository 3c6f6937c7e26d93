/// `EPUB/nav.xhtml`: the table of contents (`<nav epub:type="toc">`, chapters with their
/// sections nested in `<ol>`s) and the landmarks (the cover and the start of the body matter),
/// hidden as reading systems show them in their own menus. The document is not in the spine
/// (reading systems show it from their menus), so no landmark leads to it: epubcheck refuses
/// a link to a document outside the spine (RSC-011).
struct NavigationDocument {
  static let path = "nav.xhtml"

  var book: EPUBPublication
  /// The cover page's path, when the book has one.
  var coverPage: String?

  var bytes: [UInt8] {
    var body = "<nav epub:type=\"toc\" id=\"toc\">\n<h1>\(XMLText.escaped(book.contentsTitle))</h1>\n<ol>\n"
    for chapter in book.chapters {
      let href = PackagePath.href(from: Self.path, to: chapter.fileName)
      body += "<li><a href=\"\(XMLText.escaped(href))\">\(XMLText.escaped(chapter.title))</a>"
      body += list(chapter.contents, href: href)
      body += "</li>\n"
    }
    body += "</ol>\n</nav>\n<nav epub:type=\"landmarks\" id=\"landmarks\" hidden=\"hidden\">\n<ol>\n"
    if let coverPage {
      body += landmark("cover", PackagePath.href(from: Self.path, to: coverPage), book.title)
    }
    if let first = book.chapters.first {
      body += landmark("bodymatter", PackagePath.href(from: Self.path, to: first.fileName), first.title)
    }
    body += "</ol>\n</nav>"
    let document = XHTMLDocument(
      path: Self.path, title: book.title, language: book.language,
      stylesheets: book.stylesheets.map(\.path), body: body)
    return document.bytes
  }

  /// `entries` as a nested `<ol>` of links into the chapter at `href`; nothing when there are
  /// none, since an empty `<ol>` is invalid in a navigation document.
  private func list(_ entries: [EPUBTOCEntry], href: String) -> String {
    guard !entries.isEmpty else { return "" }
    var text = "\n<ol>\n"
    for entry in entries {
      let link = XMLText.escaped(href + "#" + entry.fragment)
      text += "<li><a href=\"\(link)\">\(XMLText.escaped(entry.title))</a>"
      text += list(entry.children, href: href)
      text += "</li>\n"
    }
    return text + "</ol>\n"
  }

  private func landmark(_ type: String, _ href: String, _ title: String) -> String {
    "<li><a epub:type=\"\(type)\" href=\"\(XMLText.escaped(href))\">\(XMLText.escaped(title))</a></li>\n"
  }
}
