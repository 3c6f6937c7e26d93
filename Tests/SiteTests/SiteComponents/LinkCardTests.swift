import Site
import TestSupport
import Testing

private let contentOnly = """
  -- Templates/page.mustache --
  {{{page.content}}}

  """

/// Link cards: a paragraph that is only a URL, and Zenn's `@[card](url)` and embeds, as cards
/// that link out.
@Suite struct LinkCardTests {
  @Test func aURLAloneAndZennCardsBecomeCards() throws {
    let site = try SiteFixture(
      contentOnly + """
        -- Content/a.md --
        https://zenn.dev/topics/swift

        @[card](https://qiita.com/tags/swift?page=2&x=<1>)

        @[youtube](dQw4w9WgXcQ)

        see https://example.org/ here

        [text](https://example.org/)

        @[unknown](https://example.org/)

        @[card](javascript:alert(1))
        """)
    let html = try site.build().text("a/index.html")
    #expect(
      html.hasPrefix(
        """
        <p class="folio-linkcard"><a class="folio-linkcard-link" href="https://zenn.dev/topics/swift"><span class="folio-linkcard-title">zenn.dev/topics/swift</span><span class="folio-url">zenn.dev</span></a></p>
        <p class="folio-linkcard" data-service="card"><a class="folio-linkcard-link" href="https://qiita.com/tags/swift?page=2&amp;x=&lt;1&gt;">
        """), "\(html)")
    #expect(
      html.contains(
        "<p class=\"folio-linkcard\" data-service=\"youtube\"><a class=\"folio-linkcard-link\" href=\"https://www.youtube.com/watch?v=dQw4w9WgXcQ\">"
      ))
    #expect(html.contains("<p>see <a href=\"https://example.org/\">https://example.org/</a> here</p>"))
    #expect(html.contains("<p><a href=\"https://example.org/\">text</a></p>"))
    #expect(html.contains("<p>@<a href=\"https://example.org/\">unknown</a></p>"))
    #expect(html.contains("<p>@<a href=\"\">card</a></p>"))
    #expect(!html.contains("<iframe") && !html.contains("<script"))
  }

  @Test func theSecondLineIsTheHost() throws {
    let site = try SiteFixture(
      contentOnly + """
        -- Content/a.md --
        @[card](https://例え.jp)

        @[card](https://example.org:8080/a/b/c)
        """)
    let html = try site.build().text("a/index.html")
    #expect(html.contains("<span class=\"folio-url\">例え.jp</span>"), "\(html)")
    #expect(html.contains("<span class=\"folio-url\">example.org:8080</span>"), "\(html)")
  }

  @Test func cardsCanBeTurnedOff() throws {
    let site = try SiteFixture(
      contentOnly + """
        -- folio.yaml --
        markdown: { linkCards: false }
        -- Content/a.md --
        https://zenn.dev/
        """)
    #expect(
      try site.build().text("a/index.html")
        == "<p><a href=\"https://zenn.dev/\">https://zenn.dev/</a></p>\n\n")
  }
}
