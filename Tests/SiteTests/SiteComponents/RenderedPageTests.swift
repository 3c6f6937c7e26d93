import TestSupport
import Testing

@Suite struct RenderedPageTests {
  @Test func summaryEndsAtTheMoreMarker() throws {
    let site = try SiteFixture(
      summaryListTemplate + """
        -- Content/a.md --
        ---
        date: 2024-01-01
        ---
        First.

        Second.
        <!--more-->
        Third.
        """)
    let built = try site.build()
    #expect(built.text("index.html") == "[/a/ more=true]\n<p>First.</p>\n<p>Second.</p>\n\n")
  }

  /// Hugo and Jekyll posts often end their first paragraph with the marker.
  @Test func summaryEndsAtAMoreMarkerInsideAParagraph() throws {
    let site = try SiteFixture(
      summaryListTemplate + """
        -- Content/a.md --
        ---
        date: 2024-01-01
        ---
        First, and *so* on.<!--more-->

        Second.
        -- Content/b.md --
        ---
        date: 2024-01-02
        summary: The front matter wins.
        ---
        First.<!--more-->
        """)
    let built = try site.build()
    #expect(
      built.text("index.html")
        == "[/b/ more=true]\n<p>The front matter wins.</p>[/a/ more=true]\n<p>First, and <em>so</em> on.</p>\n\n"
    )
    #expect(built.warnings == [])
  }

  @Test func summaryFieldIsTextNotHTML() throws {
    let site = try SiteFixture(
      summaryListTemplate + """
        -- Content/a.md --
        ---
        date: 2024-01-01
        summary: "Fish & <chips>"
        ---
        Body.
        """)
    #expect(try site.build().text("index.html") == "[/a/ more=true]\n<p>Fish &amp; &lt;chips&gt;</p>\n")
  }

  @Test func summaryIsTheFirstParagraphOtherwise() throws {
    let site = try SiteFixture(
      summaryListTemplate + """
        -- Content/a.md --
        ---
        date: 2024-01-02
        ---
        # Title

        First *paragraph*.

        Second.
        -- Content/b.md --
        ---
        date: 2024-01-01
        ---
        Only paragraph.
        """)
    #expect(
      try site.build().text("index.html")
        == "[/a/ more=true]\n<p>First <em>paragraph</em>.</p>\n[/b/ more=false]\n<p>Only paragraph.</p>\n\n")
  }

  @Test func summaryCutInsideAReadMoreBlockIsStillBalancedHTML() throws {
    let site = try SiteFixture(
      summaryListTemplate + """
        -- Content/a.md --
        ---
        date: 2024-01-01
        ---
        <!-- readmore -->
        Inside.

        <!--more-->

        Still inside.
        <!-- /readmore -->
        """)
    let home = try site.build().text("index.html")
    #expect(HTMLBalance.problems(in: home) == [], "\(home)")
  }

  @Test func headingIdsKeepEveryScriptAndAreUniquePerPage() throws {
    let site = try SiteFixture(
      contentOnlyTemplate + """
        -- Content/a.md --
        ---
        title: A
        ---
        ## 日本語の見出し
        ## Intro
        ## Intro
        ## What's *new*?
        ## Intro-1
        """)
    #expect(
      try site.build().text("a/index.html") == """
        <h2 id="日本語の見出し">日本語の見出し</h2>
        <h2 id="intro">Intro</h2>
        <h2 id="intro-1">Intro</h2>
        <h2 id="whats-new">What’s <em>new</em>?</h2>
        <h2 id="intro-1-1">Intro-1</h2>


        """)
  }

  @Test func headingIdsNeverRepeatTheThemesIds() throws {
    let site = try SiteFixture(
      """
      -- Content/a.md --
      ## Main
      ## TOC title
      ## Other
      """)
    let html = try site.build().text("a/index.html")
    // The opening heading is the page's title, so its `<h1>`.
    #expect(html.contains(#"<h1 id="main-1">Main</h1>"#))
    #expect(html.contains(#"<h2 id="toc-title-1">TOC title</h2>"#))
    let ids = html.split(separator: "id=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
    #expect(Set(ids).count == ids.count, "\(ids)")
  }

  @Test func tableOfContentsNestsHeadingsTwoToFour() throws {
    let site = try SiteFixture(
      """
      -- Templates/page.mustache --
      {{#page.hasToc}}{{#page.toc}}{{>item}}{{/page.toc}}{{/page.hasToc}}
      -- Templates/item.mustache --
      {{level}} {{id}} {{title}} [
      {{#children}}
      {{>item}}
      {{/children}}
      ]
      -- Content/a.md --
      # Page title
      ## One
      ### One.a
      ##### Too deep
      ## Two
      #### Two.deep
      """)
    #expect(
      try site.build().text("a/index.html") == """
        2 one One [
        3 onea One.a [
        ]
        ]
        2 two Two [
        4 twodeep Two.deep [
        ]
        ]


        """)
  }

  @Test func cjkLinesJoinWhileOtherLinesKeepTheirBreak() throws {
    let site = try SiteFixture(
      contentOnlyTemplate + """
        -- Content/a.md --
        日本語
        日本語
        English
        words
        """)
    #expect(try site.build().text("a/index.html") == "<p>日本語日本語\nEnglish\nwords</p>\n\n")
  }
}
