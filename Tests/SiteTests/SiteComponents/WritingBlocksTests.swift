import Site
import TestSupport
import Testing

private let contentOnly = """
  -- Templates/page.mustache --
  {{{page.content}}}

  """

/// Callouts and disclosures in a site build: the theme's markup, labels in the page's
/// language, the warning for an unclosed fence, and the `markdown:` switches.
@Suite struct WritingBlocksTests {
  @Test func calloutsAndDisclosuresGetTheThemeMarkupInThePageLanguage() throws {
    let site = try SiteFixture(
      contentOnly + """
        -- Content/ja.md --
        ---
        lang: ja
        ---
        :::message alert
        危険
        :::

        > [!TIP]
        > 小技

        ::::details タイトル <b>
        :::note warn
        中
        :::
        ::::

        :::details
        x
        :::
        -- Content/en.md --
        :::message
        m
        :::
        """)
    let built = try site.build()
    #expect(built.warnings == [])
    #expect(
      built.text("ja/index.html") == """
        <div class="folio-callout folio-callout-caution" role="note">
        <p class="folio-callout-label">注意</p>
        <p>危険</p>
        </div>
        <div class="folio-callout folio-callout-tip" role="note">
        <p class="folio-callout-label">ヒント</p>
        <p>小技</p>
        </div>
        <details class="folio-details">
        <summary>タイトル &lt;b&gt;</summary>
        <div class="folio-details-content">
        <div class="folio-callout folio-callout-warning" role="note">
        <p class="folio-callout-label">警告</p>
        <p>中</p>
        </div>
        </div>
        </details>
        <details class="folio-details">
        <summary>詳細</summary>
        <div class="folio-details-content">
        <p>x</p>
        </div>
        </details>


        """)
    #expect(built.text("en/index.html").contains("<p class=\"folio-callout-label\">Note</p>\n<p>m</p>"))
  }

  @Test func anUnclosedFenceIsAWarningAtItsPlaceAndTheRestStillRenders() throws {
    let site = try SiteFixture(
      contentOnly + """
        -- Content/a.md --
        ---
        title: A
        ---
        # 見出し

        1️⃣:::details 開いたまま
        中身

        ## 後
        """)
    let built = try site.build()
    #expect(
      built.warnings == [
        "\(site.location("1️⃣")): warning: ':::details' is not closed: it runs to the end of the block around it (or of the page)\n"
          + "    hint: end it with a line of ':::' (as many colons as it opened with, or more)"
      ])
    let html = built.text("a/index.html")
    #expect(html.contains("<h1 id=\"見出し\">見出し</h1>"))
    #expect(html.contains("<summary>開いたまま</summary>"))
    #expect(html.contains("<h2 id=\"後\">後</h2>\n</div>\n</details>\n"))
  }

  @Test func eachSyntaxCanBeTurnedOffInFolioYAML() throws {
    let site = try SiteFixture(
      contentOnly + """
        -- folio.yaml --
        markdown:
          messages: false
          alerts: false
        -- Content/a.md --
        :::message
        m
        :::

        > [!NOTE]
        > n

        :::details d
        x
        :::
        """)
    let html = try site.build().text("a/index.html")
    #expect(html.contains("<p>:::message\nm\n:::</p>"))
    #expect(html.contains("<blockquote>\n<p>[!NOTE]\nn</p>\n</blockquote>"))
    #expect(html.contains("<summary>d</summary>"))
  }

  @Test func anUnknownMarkdownSettingNamesTheSwitches() throws {
    let site = try SiteFixture(
      """
      -- folio.yaml --
      markdown:
        1️⃣alert: false
      """)
    let error = site.buildError()
    #expect(error.hasPrefix("\(site.location("1️⃣")): error: "), "\(error)")
    #expect(error.contains("alerts"), "\(error)")
  }

  @Test func aMermaidFenceKeepsItsSourceForMermaidWithACaption() throws {
    let site = try SiteFixture(
      contentOnly + """
        -- Content/a.md --
        ---
        lang: ja
        ---
        ```mermaid
        graph TD
          A --> B & C<D
        ```
        """)
    #expect(
      try site.build().text("a/index.html") == """
        <figure class="folio-mermaid">
        <figcaption>図（Mermaid）</figcaption>
        <pre class="mermaid">graph TD
          A --&gt; B &amp; C&lt;D
        </pre>
        </figure>


        """)
  }

  @Test func pagesWithADiagramLoadTheSitesMermaidAndTheThemesRunnerOnlyWhenTheSiteHasOne() throws {
    let pages = """
      -- Content/diagram.md --
      ```mermaid
      graph LR
      ```
      -- Content/plain.md --
      No diagram.
      """
    let scripts =
      "<script src=\"/assets/mermaid.min.js\" defer></script>\n"
      + "<script src=\"/assets/folio-mermaid.js\" defer></script>\n"
    let template = "-- Templates/page.mustache --\n{{>partials/head}}\n"
    let drawn = try SiteFixture(
      pages + "\n" + template + "-- Templates/assets/mermaid.min.js --\nwindow.mermaid = {};\n"
    )
    .build()
    #expect(drawn.text("diagram/index.html").hasSuffix(scripts))
    #expect(!drawn.text("plain/index.html").contains("mermaid"))
    #expect(drawn.files["assets/mermaid.min.js"] == Array("window.mermaid = {};\n".utf8))
    let undrawn = try SiteFixture(pages + "\n" + template).build()
    #expect(!undrawn.text("diagram/index.html").contains("mermaid.min.js"))
  }
}
