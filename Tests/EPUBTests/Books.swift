import EPUB
import Foundation

/// The books the tests package, written inline.
enum Books {
  /// 2024-03-04T12:34:56Z, the newest page's date in each book.
  static let modified = Date(timeIntervalSince1970: 1_709_555_696)

  /// A 2×2 RGB PNG (red, green, blue, white), for an image and a cover.
  static let png: [UInt8] = [
    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00,
    0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x02, 0x08, 0x02, 0x00, 0x00, 0x00, 0xFD, 0xD4, 0x9A, 0x73, 0x00,
    0x00, 0x00, 0x11, 0x49, 0x44, 0x41, 0x54, 0x78, 0xDA, 0x63, 0xF8, 0xCF, 0x00, 0x04, 0x50, 0xE2, 0xFF,
    0xFF, 0xFF, 0x00, 0x23, 0xEC, 0x05, 0xFB, 0xA8, 0x45, 0x81, 0x78, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45,
    0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
  ]

  static let highlightCSS = Array(
    """
    .highlight { background: #f6f8fa; }
    .highlight .kw { color: #cf222e; font-weight: bold; }

    """.utf8)

  /// Two English chapters with a nested table of contents, highlighted code, a PNG and a
  /// cover; the second chapter in a folder of its own.
  static var english: EPUBPublication {
    let first = EPUBChapter(
      fileName: "getting-started.xhtml", title: "Getting started",
      body: """
        <section id="getting-started"><h1>Getting started</h1>
        <p>Install Folio, then build.</p>
        <section id="install"><h2>Install</h2>
        <pre class="highlight"><code><span class="kw">apt</span> install folio</code></pre>
        <section id="debian"><h3>On Debian</h3><p>Use apt.</p></section>
        </section>
        <section id="build"><h2>Build</h2><p><img src="images/diagram.png" alt="A diagram"/></p></section>
        </section>
        """,
      contents: [
        EPUBTOCEntry(
          title: "Install", fragment: "install",
          children: [EPUBTOCEntry(title: "On Debian", fragment: "debian")]),
        EPUBTOCEntry(title: "Build", fragment: "build"),
      ])
    let second = EPUBChapter(
      fileName: "reference/templates.xhtml", title: "Templates",
      body: """
        <section id="templates"><h1>Templates</h1>
        <p>See <a href="../getting-started.xhtml#build">Build</a>.</p>
        <p><img src="../images/diagram.png" alt="The diagram again"/></p>
        </section>
        """,
      contents: [EPUBTOCEntry(title: "Templates", fragment: "templates")])
    var book = EPUBPublication(
      title: "The Folio Guide", language: "en",
      identifier: EPUBIdentifier(bookURL: "https://example.com/docs/"),
      modified: modified, chapters: [first, second])
    book.creators = ["Ada Writer", "Bo Editor"]
    book.description = "How to make sites with Folio."
    book.publisher = "Example Press"
    book.rights = "CC BY 4.0"
    book.stylesheets = [EPUBStylesheet(path: "css/highlight.css", bytes: highlightCSS)]
    book.images = [
      EPUBImage(path: "images/diagram.png", mediaType: "image/png", bytes: png),
      EPUBImage(path: "images/cover.png", mediaType: "image/png", bytes: png),
    ]
    book.coverImage = "images/cover.png"
    return book
  }

  /// A chapter with a formula in MathML, and one with a diagram in inline SVG and an SVG
  /// image.
  static var mathematics: EPUBPublication {
    let formulas = EPUBChapter(
      fileName: "formulas.xhtml", title: "Formulas",
      body: """
        <section id="formulas"><h1>Formulas</h1>
        <p>A variable: <math xmlns="http://www.w3.org/1998/Math/MathML"><mi>x</mi></math>.</p>
        </section>
        """,
      containsMathML: true)
    let diagrams = EPUBChapter(
      fileName: "diagrams.xhtml", title: "Diagrams",
      body: """
        <section id="diagrams"><h1>Diagrams</h1>
        <svg xmlns="http://www.w3.org/2000/svg" width="20" height="20" viewBox="0 0 20 20">\
        <circle cx="10" cy="10" r="8" fill="teal"/></svg>
        <p><img src="images/square.svg" alt="A square"/></p>
        </section>
        """,
      containsSVG: true)
    var book = EPUBPublication(
      title: "Formulas", language: "en-GB", identifier: EPUBIdentifier("urn:isbn:9780000000002"),
      modified: modified, chapters: [formulas, diagrams])
    book.images = [EPUBImage(path: "images/square.svg", mediaType: "image/svg+xml", bytes: Array(svg.utf8))]
    return book
  }

  static let svg = """
    <svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" viewBox="0 0 10 10">\
    <rect width="10" height="10" fill="navy"/></svg>

    """

  /// A Japanese book: Japanese titles, file names and table of contents, pages turned right
  /// to left.
  static var japanese: EPUBPublication {
    let chapters = [
      EPUBChapter(
        fileName: "はじめに.xhtml", title: "はじめに",
        body: "<section id=\"intro\"><h1>はじめに</h1><p>フォリオの使い方。</p></section>",
        contents: [EPUBTOCEntry(title: "はじめに", fragment: "intro")]),
      EPUBChapter(
        fileName: "第二章.xhtml", title: "第二章 テンプレート",
        body: "<section id=\"templates\"><h1>テンプレート</h1><p>「テンプレート」の説明。</p></section>"),
    ]
    var book = EPUBPublication(
      title: "フォリオ入門", language: "ja", identifier: EPUBIdentifier(bookURL: "https://example.jp/docs/"),
      modified: modified, chapters: chapters)
    book.creators = ["山田太郎"]
    book.contentsTitle = "目次"
    book.pageProgression = .rightToLeft
    return book
  }
}
