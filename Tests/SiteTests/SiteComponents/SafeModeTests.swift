import TestSupport
import Testing

/// Markdown is safe by default: raw HTML is dropped and links that could run code are emptied,
/// unless the site opts in with `markdown.unsafeHTML: true`.
@Suite struct SafeModeTests {
  private static let page =
    contentOnlyTemplate + """
      -- Content/a.md --
      <div class="x">block</div>

      Inline <span>span</span> and <script>alert(1)</script>.

      [click](javascript:alert(1)) ![img](data:image/png;base64,AA==)
      """

  @Test func rawHTMLIsDroppedAndDangerousLinksAreEmptied() throws {
    let site = try SiteFixture(SafeModeTests.page)
    #expect(
      try site.build().text("a/index.html") == """
        <!-- raw HTML omitted -->
        <p>Inline <!-- raw HTML omitted -->span<!-- raw HTML omitted --> and <!-- raw HTML omitted -->alert(1)<!-- raw HTML omitted -->.</p>
        <p><a href="">click</a> <img src="data:image/png;base64,AA==" alt="img" /></p>


        """)
  }

  @Test func unsafeHTMLKeepsRawHTMLAndEveryLink() throws {
    let site = try SiteFixture("-- folio.yaml --\nmarkdown: { unsafeHTML: true }\n" + SafeModeTests.page)
    let html = try site.build().text("a/index.html")
    #expect(
      html == """
        <div class="x">block</div>
        <p>Inline <span>span</span> and <script>alert(1)</script>.</p>
        <p><a href="javascript:alert(1)">click</a> <img src="data:image/png;base64,AA==" alt="img" /></p>


        """)
  }
}
