import Foundation
import TestSupport
import Testing

/// `folio book SECTION`: one book's file from the site built in memory, nothing else written.
@Suite struct BookCommandTests {
  private static let site = """
    -- folio.yaml --
    title: T
    -- Content/guide/_index.md --
    ---
    title: Guide
    book: true
    ---
    The guide.
    -- Content/guide/a.md --
    ---
    title: A
    ---
    Chapter A.
    """

  @Test func theBooksEPUBIsWrittenToTheOutputAndNothingElse() throws {
    let site = try SiteFixture(Self.site)
    let run = runFolioSite(["book", "guide", "--source", site.root.path, "-o", site.url("guide.epub").path])
    #expect(run.status == 0, "\(run.error)")
    let bytes = try #require(site.bytes("guide.epub"))
    #expect(Array(bytes[30..<58]) == Array("mimetypeapplication/epub+zip".utf8))
    #expect(!site.exists("public"))
    #expect(run.error.hasSuffix("KiB)\n"))
  }

  @Test func thePrintPageIsWrittenForASectionNamedByItsURL() throws {
    let site = try SiteFixture(Self.site)
    let run = runFolioSite([
      "book", "/guide/", "--format", "print", "--source", site.root.path, "-o", site.url("guide.html").path,
    ])
    #expect(run.status == 0, "\(run.error)")
    #expect(site.text("guide.html")?.contains("<h1 class=\"book-chapter-title\">A</h1>") == true)
  }

  @Test func aSectionThatIsNoBookIsAnErrorListingTheBooks() throws {
    let site = try SiteFixture(Self.site)
    let run = runFolioSite(["book", "blog", "--source", site.root.path, "-o", site.url("x.epub").path])
    #expect(run.status == 1)
    #expect(run.error.contains("'blog' is no book of the site"))
    #expect(run.error.contains("the site's books are: /guide/"))
    #expect(!site.exists("x.epub"))
  }

  @Test func anUnknownFormatIsAUsageError() throws {
    let site = try SiteFixture(Self.site)
    let run = runFolioSite(["book", "guide", "--format", "mobi", "--source", site.root.path])
    #expect(run.status == 64)
    #expect(run.error.contains("--format must be epub, pdf or print, not 'mobi'"))
  }
}
