import EPUB
import Foundation
import Testing
import ZipArchive

/// What a packaged book holds, read back through ZipArchive.
@Suite struct EPUBPublicationTests {
  private func files(_ book: EPUBPublication) throws -> [(path: String, text: String, stored: Bool)] {
    try ZipArchive.entries(of: book.epubBytes()).map {
      ($0.path, String(decoding: $0.bytes, as: UTF8.self), $0.compression == .stored)
    }
  }

  private func file(_ path: String, of book: EPUBPublication) throws -> String {
    try #require(files(book).first { $0.path == path }).text
  }

  @Test func theContainerHoldsTheFilesInOrderWithMimetypeFirstAndStored() throws {
    let bytes = try Books.english.epubBytes()
    #expect(String(decoding: bytes[30..<58], as: UTF8.self) == "mimetypeapplication/epub+zip")
    let found = try files(Books.english)
    #expect(
      found.map(\.path) == [
        "mimetype", "META-INF/container.xml", "EPUB/package.opf", "EPUB/nav.xhtml", "EPUB/cover.xhtml",
        "EPUB/getting-started.xhtml", "EPUB/reference/templates.xhtml", "EPUB/css/highlight.css",
        "EPUB/images/diagram.png", "EPUB/images/cover.png",
      ])
    #expect(
      found.filter(\.stored).map(\.path) == ["mimetype", "EPUB/images/diagram.png", "EPUB/images/cover.png"])
    #expect(found[1].text.contains(#"<rootfile full-path="EPUB/package.opf""#))
  }

  @Test func twoWritesGiveTheSameBytes() throws {
    for book in [Books.english, Books.mathematics, Books.japanese] {
      #expect(try book.epubBytes() == book.epubBytes())
    }
  }

  /// `dcterms:modified` is the given date to the second, in UTC: never the clock.
  @Test func modifiedIsTheGivenDate() throws {
    var book = Books.mathematics
    let package = try file("EPUB/package.opf", of: book)
    #expect(package.contains(#"<meta property="dcterms:modified">2024-03-04T12:34:56Z</meta>"#))
    book.modified = Date(timeIntervalSince1970: 0.75)
    #expect(try file("EPUB/package.opf", of: book).contains(">1970-01-01T00:00:00Z</meta>"))
    #expect(try book.epubBytes() == book.epubBytes())
  }

  @Test func thePackageDocumentDeclaresMetadataManifestAndSpine() throws {
    let package = try file("EPUB/package.opf", of: Books.english)
    for expected in [
      #"<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" xml:lang="en">"#,
      #"<dc:identifier id="book-id">urn:uuid:"#, "<dc:title>The Folio Guide</dc:title>",
      "<dc:language>en</dc:language>",
      "<dc:creator>Ada Writer</dc:creator>\n<dc:creator>Bo Editor</dc:creator>",
      "<dc:rights>CC BY 4.0</dc:rights>",
      #"<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>"#,
      #"<item id="chapter-2" href="reference/templates.xhtml" media-type="application/xhtml+xml"/>"#,
      #"<item id="style-1" href="css/highlight.css" media-type="text/css"/>"#,
      #"<item id="image-2" href="images/cover.png" media-type="image/png" properties="cover-image"/>"#,
      #"<meta name="cover" content="image-2"/>"#,
      "<spine>\n<itemref idref=\"cover\"/>\n<itemref idref=\"chapter-1\"/>\n<itemref idref=\"chapter-2\"/>\n</spine>",
    ] {
      #expect(package.contains(expected), "\(expected)")
    }
    let math = try file("EPUB/package.opf", of: Books.mathematics)
    #expect(math.contains(#"href="formulas.xhtml" media-type="application/xhtml+xml" properties="mathml"/>"#))
    #expect(math.contains(#"href="diagrams.xhtml" media-type="application/xhtml+xml" properties="svg"/>"#))
    #expect(math.contains(#"<item id="image-1" href="images/square.svg" media-type="image/svg+xml"/>"#))
    #expect(math.contains(#"<dc:identifier id="book-id">urn:isbn:9780000000002</dc:identifier>"#))
    let japanese = try file("EPUB/package.opf", of: Books.japanese)
    #expect(japanese.contains(#"<spine page-progression-direction="rtl">"#))
    #expect(japanese.contains(#"href="第二章.xhtml""#))
  }

  @Test func theNavigationDocumentNestsTheContents() throws {
    let navigation = try file("EPUB/nav.xhtml", of: Books.english)
    #expect(
      navigation.contains(
        """
        <li><a href="getting-started.xhtml">Getting started</a>
        <ol>
        <li><a href="getting-started.xhtml#install">Install</a>
        <ol>
        <li><a href="getting-started.xhtml#debian">On Debian</a></li>
        </ol>
        </li>
        <li><a href="getting-started.xhtml#build">Build</a></li>
        </ol>
        </li>
        """))
    #expect(navigation.contains(#"<li><a epub:type="cover" href="cover.xhtml">The Folio Guide</a></li>"#))
    #expect(
      navigation.contains(#"<li><a epub:type="bodymatter" href="getting-started.xhtml">Getting started</a>"#))
    let japanese = try file("EPUB/nav.xhtml", of: Books.japanese)
    #expect(japanese.contains("<h1>目次</h1>"))
    #expect(japanese.contains(#"<li><a href="第二章.xhtml">第二章 テンプレート</a></li>"#))
  }

  /// A chapter in a folder links the stylesheet from there.
  @Test func chaptersAreXHTMLDocumentsWithTheBooksLanguageAndStylesheets() throws {
    let chapter = try file("EPUB/reference/templates.xhtml", of: Books.english)
    #expect(
      chapter.hasPrefix(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE html>
        <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="en" xml:lang="en">
        <head>
        <meta charset="utf-8"/>
        <title>Templates</title>
        <link rel="stylesheet" type="text/css" href="../css/highlight.css"/>
        </head>
        <body>
        <section id="templates">
        """))
    let japanese = try file("EPUB/はじめに.xhtml", of: Books.japanese)
    #expect(japanese.contains(#"lang="ja" xml:lang="ja">"#) && japanese.contains("<title>はじめに</title>"))
  }

  @Test func metadataIsEscaped() throws {
    var book = Books.mathematics
    book.title = #"Less <than> & "quoted" 'apostrophe'"#
    book.creators = ["A & B"]
    book.description = "<script>alert(1)</script>\u{1}"
    book.chapters[0].title = "x < y & z"
    book.chapters[0].contents = [EPUBTOCEntry(title: "<b>", fragment: "a\"b")]
    let escapedTitle = "Less &lt;than&gt; &amp; &quot;quoted&quot; &#39;apostrophe&#39;"
    let package = try file("EPUB/package.opf", of: book)
    #expect(package.contains("<dc:title>\(escapedTitle)</dc:title>"))
    #expect(package.contains("<dc:creator>A &amp; B</dc:creator>"))
    #expect(
      package.contains("<dc:description>&lt;script&gt;alert(1)&lt;/script&gt;\u{FFFD}</dc:description>"))
    let navigation = try file("EPUB/nav.xhtml", of: book)
    #expect(navigation.contains("<title>\(escapedTitle)</title>"))
    #expect(navigation.contains(#"<a href="formulas.xhtml">x &lt; y &amp; z</a>"#))
    #expect(navigation.contains(#"<a href="formulas.xhtml#a&quot;b">&lt;b&gt;</a>"#))
    #expect(try file("EPUB/formulas.xhtml", of: book).contains("<title>x &lt; y &amp; z</title>"))
  }

  @Test func badBooksAreRefusedWithAReason() {
    func refused(_ change: (inout EPUBPublication) -> Void) -> EPUBProblem? {
      var book = Books.english
      change(&book)
      do {
        _ = try book.epubBytes()
        return nil
      } catch {
        #expect(!error.description.isEmpty)
        return error
      }
    }
    #expect(refused { $0.chapters = [] } == .noChapters)
    #expect(refused { $0.title = " " } == .emptyTitle)
    #expect(refused { $0.identifier = EPUBIdentifier("") } == .emptyIdentifier)
    #expect(refused { $0.language = "english language" } == .invalidLanguage("english language"))
    #expect(refused { $0.language = "" } == .invalidLanguage(""))
    #expect(refused { $0.chapters[1].fileName = "../outside.xhtml" }.map(Self.isUnsafePath) == true)
    #expect(refused { $0.images[0].path = "/images/a.png" }.map(Self.isUnsafePath) == true)
    #expect(refused { $0.stylesheets[0].path = "css/my style.css" }.map(Self.isUnsafePath) == true)
    #expect(refused { $0.images[0].path = "images/a#b.png" }.map(Self.isUnsafePath) == true)
    #expect(refused { $0.images[0].path = "Images/Cover.PNG" } == .duplicatePath("images/cover.png"))
    #expect(refused { $0.chapters[0].fileName = "nav.xhtml" } == .duplicatePath("nav.xhtml"))
    #expect(refused { $0.chapters[0].fileName = "a.html" } == .chapterNotXHTML("a.html"))
    #expect(
      refused { $0.chapters[0].contents[0].children[0].title = "" }
        == .emptyChapterTitle("getting-started.xhtml"))
    #expect(
      refused { $0.images[0].mediaType = "image/tiff" }
        == .unknownImageType(path: "images/diagram.png", mediaType: "image/tiff"))
    #expect(refused { $0.coverImage = "images/missing.png" } == .coverNotAnImage("images/missing.png"))
    #expect(refused { $0.images[0].mediaType = "image/webp" } == nil)
  }

  private static func isUnsafePath(_ problem: EPUBProblem) -> Bool {
    if case .unsafePath = problem { return true }
    return false
  }

  @Test(arguments: ["en", "ja", "en-GB", "zh-Hant-TW", "sr-Latn", "x-private", "de-CH-1996"])
  func languageTagsAreAccepted(tag: String) throws {
    var book = Books.mathematics
    book.language = tag
    _ = try book.epubBytes()
  }
}
