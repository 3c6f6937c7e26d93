import Foundation
import Testing

@testable import ExternalLinks

/// The title `folio check --external` reads from a page a link card shows.
@Suite struct HTMLTitleTests {
  private func title(_ html: String, _ contentType: String? = "text/html") -> String? {
    HTMLTitle.find(in: Array(html.utf8), contentType: contentType)
  }

  @Test func theTitleElementIsReadWithReferencesDecodedAndSpaceCollapsed() {
    #expect(title("<html><head><TITLE lang=ja>\n  A &lt;b&gt;\n&amp; 記事 </TITLE></head>") == "A <b> & 記事")
    #expect(title("<title></title>") == nil)
    #expect(title("<p>no title</p>") == nil)
    #expect(title("<titles>not it</titles><title>it</title>") == "it")
  }

  @Test func ogTitleIsPreferred() {
    #expect(
      title("<title>Site | Page</title><meta content='The page' property=\"og:title\">") == "The page")
    #expect(title("<meta name=og:title content=\"Bare &amp; named\"><title>x</title>") == "Bare & named")
  }

  @Test func shiftJISIsReadFromTheContentTypeOrAMetaTag() {
    let page = Array("<title>日本語のページ</title>".data(using: .shiftJIS)!)
    #expect(HTMLTitle.find(in: page, contentType: "text/html; charset=Shift_JIS") == "日本語のページ")
    let meta = Array("<meta charset=\"windows-31j\">".utf8) + page
    #expect(HTMLTitle.find(in: meta, contentType: "text/html") == "日本語のページ")
    let equiv = Array("<meta http-equiv=Content-Type content=\"text/html; charset=sjis\">".utf8) + page
    #expect(HTMLTitle.find(in: equiv, contentType: nil) == "日本語のページ")
  }

  @Test func aLongTitleIsCut() throws {
    let long = try #require(title("<title>" + String(repeating: "あ", count: 500) + "</title>"))
    #expect(long.count == HTMLTitle.maximumLength)
    #expect(long.hasSuffix("…"))
  }
}
