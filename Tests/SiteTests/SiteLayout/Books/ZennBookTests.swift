import Foundation
import Site
import TestSupport
import Testing
import ZipArchive

/// A Zenn repository's books (`books/<slug>/config.yaml`) build as books: chapters in Zenn's
/// order, the three outputs, drafts as on Zenn, and what EPUBCheck says of the EPUB.
@Suite struct ZennBookTests {
  static let repository = """
    -- folio.yaml --
    title: Zenn
    baseURL: https://example.org/
    language: ja
    mounts: [articles, books, images]
    taxonomies: [{name: tags, from: [tags, topics]}]
    -- articles/a.md --
    ---
    title: "記事"
    topics: [swift]
    published: true
    ---
    [本](/books/swift/)を読んでください。
    -- books/swift/config.yaml --
    title: "Swift の本"
    summary: "Swift について"
    topics: ["swift"]
    published: true
    price: 0
    chapters:
      - intro
      - setup
    -- books/swift/setup.md --
    ---
    title: "準備"
    ---
    準備の章です。[はじめに](intro.md)に戻る。
    -- books/swift/intro.md --
    ---
    title: "はじめに"
    ---
    ## 数式

    $$
    e^{i\\pi} + 1 = 0
    $$

    本文の $x^2$ も。

    ```swift:main.swift
    print("hi")
    ```

    :::message
    注意してください。
    :::

    :::details 詳しく
    隠れた内容です。
    :::

    ![図](/images/figure.png)
    -- books/numbered/config.yaml --
    title: 番号付き
    summary: 章の順番はファイル名の番号
    published: true
    -- books/numbered/10.last.md --
    ---
    title: 最後
    ---
    最後の章。
    -- books/numbered/2.second.md --
    ---
    title: 二番目
    ---
    二番目の章。
    -- books/draft/config.yaml --
    title: 下書き
    published: false
    chapters: [a]
    -- books/draft/a.md --
    ---
    title: 下書きの章
    ---
    まだです。

    """

  static func site() throws -> SiteFixture {
    let fixture = try SiteFixture(repository)
    try fixture.write(PhotoPNG.make(8, 6), to: "images/figure.png")
    try fixture.write(PhotoPNG.make(6, 8, seed: 3), to: "books/swift/cover.png")
    return fixture
  }

  @Test func aZennBookIsABookWithItsChaptersInZennsOrder() throws {
    let built = try Self.site().build()
    #expect(built.files["books/swift/book.epub"] != nil)
    // config.yaml is the book's settings, not a file of the site.
    #expect(built.files["books/swift/config.yaml"] == nil)
    let print = built.text("books/swift/print/index.html")
    #expect(print.contains("<h1 class=\"book-title\">Swift の本</h1>"))
    #expect(print.contains("Swift について"))
    // `chapters:` orders them: intro before setup, though setup sorts first by name; the book's
    // page, which holds nothing to read, is no chapter.
    let intro = try #require(print.range(of: "はじめに</h1>"))
    let setup = try #require(print.range(of: "準備</h1>"))
    #expect(intro.lowerBound < setup.lowerBound)
    #expect(print.contains("id=\"c1\""))
    #expect(print.contains("id=\"c2\""))
    #expect(!print.contains("id=\"c3\""))
    // The chapter's math, code with its file name, callout and open details.
    #expect(print.contains("<math"))
    #expect(print.contains("main.swift"))
    #expect(print.contains("注意してください。"))
    #expect(print.contains("<details class=\"folio-details\" open=\"\">"))
    // A link between chapters leads to the chapter on the print page.
    #expect(print.contains("href=\"#c1\">はじめに</a>"))
    // The chapters are pages of their own with previous and next, at Zenn's names.
    let setupPage = built.text("books/swift/setup/index.html")
    #expect(setupPage.contains("/books/swift/intro/"))
  }

  @Test func numberedChapterFilesAreOrderedByTheirNumberAndPublishedAtTheirName() throws {
    let built = try Self.site().build()
    #expect(built.files["books/numbered/second/index.html"] != nil)
    #expect(built.files["books/numbered/last/index.html"] != nil)
    let print = built.text("books/numbered/print/index.html")
    let second = try #require(print.range(of: "二番目</h1>"))
    let last = try #require(print.range(of: "最後</h1>"))
    #expect(second.lowerBound < last.lowerBound)
  }

  @Test func anUnpublishedBookIsADraftWithAllItsChapters() throws {
    let site = try Self.site()
    let built = try site.build()
    #expect(!built.paths.contains { $0.hasPrefix("books/draft/") })
    let drafts = try site.build(drafts: true)
    #expect(drafts.files["books/draft/book.epub"] != nil)
    #expect(drafts.files["books/draft/a/index.html"] != nil)
  }

  @Test func theEPUBPacksTheFigureTheCoverAndTheFormulasAsMathML() throws {
    let epub = try #require(try Self.site().build().files["books/swift/book.epub"])
    let entries = try ZipArchive.entries(of: epub)
    let names = entries.map(\.path)
    #expect(names.contains("EPUB/images/images/figure.png"))
    #expect(names.contains("EPUB/images/books/swift/cover.png"))
    let package = String(
      decoding: entries.first { $0.path == "EPUB/package.opf" }?.bytes ?? [], as: UTF8.self)
    #expect(package.contains("cover-image"))
    #expect(package.contains("mathml"))
    #expect(package.contains("<dc:language>ja</dc:language>"))
  }

  @Test(
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium")
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/pdftotext"),
      "Chromium or pdftotext (Debian chromium, poppler-utils) is not installed"))
  func withPDFsAskedTheBookIsPrintedWithItsJapaneseTextAndAnOutline() throws {
    let site = try Self.site()
    var options = SiteBuilder.Options(projectRoot: site.root)
    options.printsBookPDFs = true
    options.context.makesBookPDFs = true
    let result = try SiteBuilder(options: options).render()
    let pdf = try #require(result.files["books/swift/book.pdf"])
    #expect(pdf.starts(with: Array("%PDF-".utf8)))
    // The outline: Chromium writes the headings as the document's outline.
    #expect(pdf.firstRange(of: Array("/Outlines".utf8)) != nil)
    let file = site.url("book.pdf")
    try Data(pdf).write(to: file)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/pdftotext")
    process.arguments = [file.path, "-"]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(text.contains("準備の章です。"))
    #expect(text.contains("隠れた内容です。"))
    // The print page links the PDF only when it is made.
    #expect(
      String(decoding: result.files["books/swift/print/index.html"] ?? [], as: UTF8.self).contains("book.pdf")
    )
  }

  @Test(
    .enabled(if: ExternalTool.epubCheckIsInstalled, "epubcheck and Java (Debian epubcheck) are not installed")
  )
  func epubcheckFindsNoErrorsAndNoWarningsInTheSitesBooks() throws {
    let built = try Self.site().build()
    let manual = try BookTests.manualSite().build()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "folio-books-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for (name, bytes) in [
      ("zenn", built.files["books/swift/book.epub"]), ("manual", manual.files["manual/book.epub"]),
    ] {
      let file = folder.appendingPathComponent(name + ".epub")
      try Data(try #require(bytes)).write(to: file)
      let output = try ExternalTool.epubCheck(file.path).output
      #expect(output.contains("No errors or warnings detected"), "\(name): \(output)")
    }
  }
}
