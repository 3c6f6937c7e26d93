import Testing

@testable import PDFPrinting

/// Which URL is which file, and what is refused.
@Suite struct MemoryFilesTests {
  private let files = MemoryFiles(files: [
    "index.html": [1], "book/index.html": [2], "book/a b.css": [3], "fonts/x.woff2": [4],
  ])

  @Test func urlsOnTheOriginAreOutputPaths() {
    #expect(files.response(for: "http://folio.invalid/")?.body == [1])
    #expect(files.response(for: "http://folio.invalid/book/")?.body == [2])
    #expect(files.response(for: "http://folio.invalid/book/index.html?x=1#top")?.body == [2])
    #expect(
      files.response(for: "http://folio.invalid/book/a%20b.css")?.contentType == "text/css; charset=utf-8")
    #expect(files.response(for: "http://folio.invalid/fonts/x.woff2")?.contentType == "font/woff2")
  }

  @Test(arguments: [
    "https://folio.invalid/book/", "http://folio.invalid:8080/book/", "http://example.com/book/",
    "http://user@folio.invalid/book/", "http://folio.invalid/book", "http://folio.invalid/missing.png",
    "data:text/plain,x", "not a url",
  ])
  func anythingElseIsRefused(_ url: String) {
    #expect(files.response(for: url) == nil)
  }

  @Test func typesComeFromTheExtension() {
    #expect(MemoryFiles.contentType(of: "a/b.SVG") == "image/svg+xml")
    #expect(MemoryFiles.contentType(of: "a/photo.jpeg") == "image/jpeg")
    #expect(MemoryFiles.contentType(of: "a/f.otf") == "font/otf")
    #expect(MemoryFiles.contentType(of: "a.b/noextension") == "application/octet-stream")
  }
}
