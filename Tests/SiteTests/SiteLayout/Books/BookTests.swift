import Diagnostics
import Foundation
import TestSupport
import Testing
import ZipArchive

@testable import Site

/// Books: a section whose `_index.md` says `book:` gets a print page, an EPUB and (asked) a PDF,
/// with its chapters in sidebar order, ids and links made the book's own, and scripts left out.
@Suite struct BookTests {
  static let manual = """
    -- folio.yaml --
    title: Site
    baseURL: https://example.org/
    author: Site Author
    -- Content/manual/_index.md --
    ---
    title: Manual
    book:
      title: The Manual
      author: [Ada, Ben]
    ---
    Read the [setup](setup.md#install) first.
    -- Content/manual/setup.md --
    ---
    title: Setup
    weight: 1
    date: 2026-01-02
    ---
    ## Install

    Go to [usage](usage.md), or [the blog](/blog/post/), or [Example](https://example.com/x).[^1]

    :::details More
    Hidden
    :::

    [^1]: A note.
    -- Content/manual/usage.md --
    ---
    title: Usage
    weight: 2
    updated: 2026-03-04T10:00:00+09:00
    ---
    ## Install

    The same heading id as setup's. See [install](setup.md#install) and [below](#more).

    ## More

    ![Logo](/logo.png)
    -- Content/manual/guides/deep.md --
    ---
    title: Deep guide
    ---
    Inside a part.
    -- Content/blog/post.md --
    ---
    title: Post
    date: 2026-01-01
    ---
    Not in the book.

    """

  /// The manual with its logo (a PNG written as bytes).
  static func manualSite() throws -> SiteFixture {
    let fixture = try SiteFixture(manual)
    try fixture.write(PhotoPNG.make(4, 4), to: "Content/logo.png")
    return fixture
  }

  @Test func theBookMakesAPrintPageAndAnEPUBBesideItsSection() throws {
    let site = try Self.manualSite().build()
    #expect(site.files["manual/book.epub"] != nil)
    #expect(site.files["manual/book.pdf"] == nil)
    let print = site.text("manual/print/index.html")
    #expect(print.contains("<h1 class=\"book-title\">The Manual</h1>"))
    #expect(print.contains("<span class=\"book-author\">Ada</span><span class=\"book-author\">Ben</span>"))
    // Chapters in sidebar order: the section's page, then by weight, then the part.
    let order = ["id=\"c1\"", "id=\"c2\"", "id=\"c3\"", "id=\"p1\"", "id=\"c4\""].map {
      print.range(of: $0)?.lowerBound
    }
    #expect(order.allSatisfy { $0 != nil })
    #expect(order.compactMap { $0 } == order.compactMap { $0 }.sorted())
    #expect(print.contains("<section class=\"book-chapter page-content\" id=\"c2\""))
    #expect(print.contains("<h1 class=\"book-part-title\">Guides</h1>"))
    // The book's title heads every printed page but the first.
    let style = site.text("manual/print/book.css")
    #expect(style.contains("content: \"The Manual\";"))
    #expect(print.contains("href=\"/manual/print/book.css\""))
    // The print page is no page of the sitemap: it repeats the chapters.
    #expect(!site.text("sitemap.xml").contains("/manual/print/"))
  }

  @Test func headingIdsAreTheChaptersOwnAndLinksLeadToThem() throws {
    let print = try Self.manualSite().build().text("manual/print/index.html")
    // Both chapters have `## Install`: two ids on one page would be one.
    #expect(print.contains("id=\"c2-install\""))
    #expect(print.contains("id=\"c3-install\""))
    #expect(!print.contains("id=\"install\""))
    // A link to another chapter's heading, to a chapter, and to a heading of its own chapter.
    #expect(print.contains("href=\"#c2-install\">setup</a>"))
    #expect(print.contains("href=\"#c3\">usage</a>"))
    #expect(print.contains("href=\"#c3-more\">below</a>"))
    // Footnotes are the chapter's own.
    #expect(print.contains("id=\"c2-fn-1\""))
    #expect(print.contains("href=\"#c2-fn-1\""))
    // Links out of the book stay as they are.
    #expect(print.contains("href=\"/blog/post/\""))
    #expect(print.contains("href=\"https://example.com/x\""))
    // Collapsible blocks are open.
    #expect(print.contains("<details class=\"folio-details\" open=\"\">"))
  }

  @Test func theEPUBHoldsEveryChapterTheNavigationAndTheImages() throws {
    let epub = try #require(try Self.manualSite().build().files["manual/book.epub"])
    let entries = try ZipArchive.entries(of: epub)
    let names = entries.map(\.path)
    #expect(names.first == "mimetype")
    #expect(Array(epub[30..<58]) == Array("mimetypeapplication/epub+zip".utf8))
    for name in [
      "EPUB/chapter-001.xhtml", "EPUB/chapter-002.xhtml", "EPUB/chapter-003.xhtml", "EPUB/part-001.xhtml",
      "EPUB/chapter-004.xhtml", "EPUB/images/logo.png", "EPUB/nav.xhtml",
    ] {
      #expect(names.contains(name), "\(name) in \(names)")
    }
    func text(_ name: String) -> String {
      String(decoding: entries.first { $0.path == name }?.bytes ?? [], as: UTF8.self)
    }
    let setup = text("EPUB/chapter-002.xhtml")
    #expect(setup.contains("href=\"chapter-003.xhtml\">usage</a>"))
    // A page of the site outside the book is linked by its full address.
    #expect(setup.contains("href=\"https://example.org/blog/post/\""))
    #expect(setup.contains("<details class=\"folio-details\" open=\"\">"))
    let usage = text("EPUB/chapter-003.xhtml")
    #expect(usage.contains("href=\"chapter-002.xhtml#install\""))
    #expect(usage.contains("src=\"images/logo.png\""))
    let package = text("EPUB/package.opf")
    #expect(package.contains("<dc:title>The Manual</dc:title>"))
    #expect(package.contains("<dc:creator"))
    // The newest date of the chapters (10:00 in Tokyo), never the clock.
    #expect(package.contains("2026-03-04T01:00:00Z"))
  }

  @Test func aLinkToAnIdThatIsNotThereLeadsToItsChapterOrIsLeftOut() throws {
    let fixture = try SiteFixture(
      """
      -- folio.yaml --
      title: Site
      checkLinks: warn
      -- Content/book/_index.md --
      ---
      title: Book
      book: true
      ---
      See [nowhere](#nowhere), [gone](a.md#gone) and [there](a.md#there).
      -- Content/book/a.md --
      ---
      title: A
      ---
      ## There

      Text.

      """)
    let built = try fixture.build()
    let print = built.text("book/print/index.html")
    #expect(print.contains("<a href=\"#c1\">nowhere</a>"))
    #expect(print.contains("<a href=\"#c2\">gone</a>"))
    #expect(print.contains("<a href=\"#c2-there\">there</a>"))
    let entries = try ZipArchive.entries(of: try #require(built.files["book/book.epub"]))
    let first = String(
      decoding: entries.first { $0.path == "EPUB/chapter-001.xhtml" }?.bytes ?? [], as: UTF8.self)
    // EPUBCheck refuses a fragment that names nothing: the link is left out around its text.
    #expect(first.contains("See nowhere, "))
    #expect(first.contains("<a href=\"chapter-002.xhtml\">gone</a>"))
    #expect(first.contains("<a href=\"chapter-002.xhtml#there\">there</a>"))
  }

  @Test func twoBuildsGiveTheSameEPUB() throws {
    let first = try Self.manualSite().build().files["manual/book.epub"]
    let second = try Self.manualSite().build().files["manual/book.epub"]
    #expect(first != nil && first == second)
  }

  @Test func scriptsFormsAndEventHandlersAreLeftOutOfTheBook() throws {
    let site = try SiteFixture(
      """
      -- folio.yaml --
      title: Site
      markdown: {unsafeHTML: true}
      -- Content/book/_index.md --
      ---
      title: Book
      book: true
      ---
      <script>alert(1)</script>
      <form action="/x"><input name="q"></form>
      <p onclick="alert(2)">Text <a href="javascript:alert(3)">link</a></p>
      <iframe src="https://example.com/"></iframe>

      """
    ).build()
    for path in ["book/print/index.html"] {
      let chapter = String(
        site.text(path).split(separator: "<section class=\"book-chapter page-content\"").last ?? "")
      #expect(!chapter.contains("alert"), "\(path)")
      #expect(!chapter.contains("<form"))
      #expect(!chapter.contains("<iframe"))
      #expect(chapter.contains("Text"))
    }
    let entries = try ZipArchive.entries(of: try #require(site.files["book/book.epub"]))
    for entry in entries where entry.path.hasSuffix(".xhtml") {
      let text = String(decoding: entry.bytes, as: UTF8.self)
      #expect(!text.contains("alert"), "\(entry.path)")
      #expect(!text.contains("<script"), "\(entry.path)")
    }
  }

  @Test func aBadBookSettingIsAnErrorAtItsPlaceAndAnUnknownKeyAWarning() throws {
    let fixture = try SiteFixture(
      """
      -- Content/book/_index.md --
      ---
      title: Book
      book: 1️⃣yes please
      ---
      -- Content/book/a.md --
      A.

      """)
    let errors = fixture.buildErrors()
    #expect(errors.map(\.location) == [fixture.location("1️⃣")])
    #expect(errors.first?.message.contains("expected true or a mapping for 'book'") == true)

    let warned = try SiteFixture(
      """
      -- Content/book/_index.md --
      ---
      title: Book
      book: {titel: X}
      ---
      -- Content/book/a.md --
      A.

      """
    ).build()
    #expect(warned.warnings.contains { $0.contains("unknown key 'book.titel'") && $0.contains("book.title") })
  }

  @Test func aCoverThatIsNoImageOfTheSiteIsAnError() throws {
    let fixture = try SiteFixture(
      """
      -- Content/book/_index.md --
      ---
      title: Book
      book: {cover: missing.png}
      ---
      -- Content/book/a.md --
      A.

      """)
    #expect(
      fixture.buildErrors().contains { $0.message.contains("cover 'missing.png' is no image of the site") })
  }

  @Test func aPageWhereTheBookWritesItsFilesIsAnError() throws {
    let fixture = try SiteFixture(
      """
      -- Content/book/_index.md --
      ---
      title: Book
      book: true
      ---
      -- Content/book/print.md --
      A page at the print page's URL.

      """)
    #expect(!fixture.buildErrors().isEmpty)
  }
}

/// A chapter cannot make the EPUB hold a file outside its folder, a file of version control, or
/// any file the site does not publish.
@Suite struct BookHostileTests {
  @Test func imagesThatClimbOutOrNameVersionControlAreLeftOutOfTheEPUB() throws {
    let fixture = try SiteFixture(
      """
      -- folio.yaml --
      title: Site
      markdown: {unsafeHTML: true}
      checkLinks: warn
      -- Content/book/_index.md --
      ---
      title: Book
      book: true
      ---
      ![up](/../../etc/passwd.png) ![git](/.git/config.png) ![encoded](/%2e%2e/secret.png)
      <img src="../../../outside.png" alt="raw"> <img src="/book/../../x.png" alt="dots">
      ![fine](/pic.png)
      -- secret.png --
      not published
      """)
    try fixture.write(PhotoPNG.make(4, 4), to: "Content/pic.png")
    let built = try fixture.build()
    let entries = try ZipArchive.entries(of: try #require(built.files["book/book.epub"]))
    let images = entries.map(\.path).filter { $0.hasPrefix("EPUB/images/") }
    #expect(images == ["EPUB/images/pic.png"])
    for entry in entries {
      #expect(!entry.path.contains(".."), "\(entry.path)")
      #expect(!entry.path.contains(".git"), "\(entry.path)")
    }
  }
}

/// A book kept by `folio serve` between saves: each save gives the book a fresh build gives,
/// though the chapters that did not change are not parsed or rewritten again.
@Suite struct BookRebuildTests {
  static let site = """
    -- folio.yaml --
    title: Site
    baseURL: https://example.org/
    -- Content/book/_index.md --
    ---
    title: Book
    book: true
    ---
    See [the setup](a.md#setup).
    -- Content/book/a.md --
    ---
    title: A
    ---
    ## Setup

    First text.
    -- Content/book/b.md --
    ---
    title: B
    ---
    Second chapter.

    """

  @Test func anEditedChapterAndAHeadingThatMovedGiveTheBookAFreshBuildGives() throws {
    let fixture = try SiteFixture(Self.site)
    let session = SiteSession(options: .init(projectRoot: fixture.root))
    _ = try session.build()
    // The text of one chapter: its own forms are made again.
    try fixture.write("---\ntitle: A\n---\n## Setup\n\nEdited text.\n", to: "Content/book/a.md")
    var update = try session.rebuild(.plan(for: ["Content/book/a.md"]))
    var fresh = try SiteBuilder(options: .init(projectRoot: fixture.root)).render().files
    #expect(update.result.files["book/print/index.html"] == fresh["book/print/index.html"])
    #expect(update.result.files["book/book.epub"] == fresh["book/book.epub"])
    #expect(
      String(decoding: update.result.files["book/print/index.html"] ?? [], as: UTF8.self).contains(
        "Edited text."))
    // A heading renamed in one chapter: the link to it in another chapter, whose HTML did not
    // change, now leads to the chapter instead.
    try fixture.write("---\ntitle: A\n---\n## Install\n\nEdited text.\n", to: "Content/book/a.md")
    update = try session.rebuild(.plan(for: ["Content/book/a.md"]))
    fresh = try SiteBuilder(options: .init(projectRoot: fixture.root)).render().files
    #expect(update.result.files["book/print/index.html"] == fresh["book/print/index.html"])
    #expect(update.result.files["book/book.epub"] == fresh["book/book.epub"])
    let print = String(decoding: update.result.files["book/print/index.html"] ?? [], as: UTF8.self)
    #expect(print.contains("<a href=\"#c2\">the setup</a>"))
  }

  @Test func anImageThatAppearsAfterABuildReachesTheEPUB() throws {
    let fixture = try SiteFixture(
      Self.site.replacingOccurrences(
        of: "baseURL: https://example.org/\n", with: "baseURL: https://example.org/\ncheckLinks: warn\n"
      )
      .replacingOccurrences(of: "Second chapter.", with: "Second chapter.\n\n![Logo](/logo.svg)"))
    let session = SiteSession(options: .init(projectRoot: fixture.root))
    let chapter = { (files: [String: [UInt8]]) throws -> String in
      let entries = try ZipArchive.entries(of: files["book/book.epub"] ?? [])
      return entries.first { $0.path.hasSuffix("chapter-003.xhtml") }.map {
        String(decoding: $0.bytes, as: UTF8.self)
      }
        ?? ""
    }
    #expect(
      try chapter(session.build().files).contains(#"<span class="book-missing-image" title="Logo"></span>"#))
    try fixture.write(
      #"<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4"/></svg>"#,
      to: "Content/logo.svg")
    let update = try session.rebuild(.plan(for: ["Content/logo.svg"]))
    // The page that shows it too: its size is written now (a site-relative image that was no
    // file was no fact the page rested on, so the save left the page as it was).
    let fresh = try SiteBuilder(options: .init(projectRoot: fixture.root)).render().files
    #expect(update.result.files["book/b/index.html"] == fresh["book/b/index.html"])
    #expect(update.result.files["book/book.epub"] == fresh["book/book.epub"])
    let entries = try ZipArchive.entries(of: update.result.files["book/book.epub"] ?? [])
    #expect(entries.contains { $0.path == "EPUB/images/logo.svg" })
    #expect(try chapter(update.result.files).contains(#"<img src="images/logo.svg" alt="Logo""#))
  }

  @Test func aChapterThatLeavesTheBookIsForgotten() throws {
    let fixture = try SiteFixture(Self.site)
    let session = SiteSession(options: .init(projectRoot: fixture.root))
    _ = try session.build()
    // The section's page and two chapters: parsed, and made print and EPUB forms.
    #expect(session.bookChapters.keptCounts.parses == 3)
    #expect(session.bookChapters.keptCounts.forms == 6)
    try FileManager.default.removeItem(at: fixture.root.appendingPathComponent("Content/book/b.md"))
    let update = try session.rebuild(.plan(for: ["Content/book/b.md"]))
    #expect(
      !String(decoding: update.result.files["book/print/index.html"] ?? [], as: UTF8.self).contains("Second"))
    #expect(session.bookChapters.keptCounts.parses == 2)
    #expect(session.bookChapters.keptCounts.forms == 4)
  }
}
