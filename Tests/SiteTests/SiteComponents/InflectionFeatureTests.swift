import Foundation
import Site
import TestSupport
import Testing

/// Grammar agreement in a site build: each page inflected in its own language, a warning at the span that cannot agree, and Japanese pages left as written.
@Suite struct InflectionFeatureTests {
  private func build(_ pages: String) throws -> SiteBuilder.Result {
    let site = try SiteFixture(
      """
      -- folio.yaml --
      title: T
      -- Templates/page.mustache --
      {{{page.content}}}
      \(pages)
      """)
    return try SiteBuilder(options: SiteBuilder.Options(projectRoot: site.root)).render()
  }

  private func text(_ result: SiteBuilder.Result, _ path: String) -> String {
    String(decoding: result.files[path] ?? [], as: UTF8.self)
  }

  @Test func pagesAgreeInTheirLanguage() throws {
    let result = try build(
      """
      -- Content/en.md --
      You have ^[3 bookmark](inflect: true) and ^[1 bookmark](inflect: true).
      -- Content/es.md --
      ---
      lang: es
      ---
      Hay ^[2 manzana roja](inflect: true).
      -- Content/ja.md --
      ---
      lang: ja
      ---
      ^[3 ブックマーク](inflect: true)

      """)
    #expect(text(result, "en/index.html") == "<p>You have 3 bookmarks and 1 bookmark.</p>\n\n")
    #expect(text(result, "es/index.html") == "<p>Hay 2 manzanas rojas.</p>\n\n")
    #expect(text(result, "ja/index.html") == "<p><span data-inflect=\"true\">3 ブックマーク</span></p>\n\n")
    #expect(result.warnings.isEmpty)
  }

  @Test func digitGroupingWritesAnAgreeingSpansNumeral() throws {
    let site = try SiteFixture(
      """
      -- folio.yaml --
      digitGrouping: true
      -- Templates/page.mustache --
      {{{page.content}}}
      -- Content/en.md --
      ^[1234 bookmark](inflect: true), ^[1 bookmark](inflect: true)
      -- Content/es.md --
      ---
      lang: es
      ---
      ^[12345 manzana roja](inflect: true)
      """)
    let result = try SiteBuilder(options: SiteBuilder.Options(projectRoot: site.root)).render()
    #expect(text(result, "en/index.html") == "<p>1,234 bookmarks, 1 bookmark</p>\n\n")
    #expect(text(result, "es/index.html") == "<p>12.345 manzanas rojas</p>\n\n")
  }

  @Test func aSpanThatCannotAgreeIsAWarningAtItsPlace() throws {
    let result = try build(
      """
      -- Content/es.md --
      ---
      lang: es
      ---
      Hay ^[2 coste nuevo](inflect: true).

      """)
    #expect(
      text(result, "es/index.html") == "<p>Hay <span data-inflect=\"true\">2 coste nuevo</span>.</p>\n\n")
    #expect(
      result.warnings.map(\.description).first?.hasPrefix(
        "Content/es.md:4:5: warning: cannot tell the gender of 'coste', which the words beside it agree with")
        == true)
  }
}
