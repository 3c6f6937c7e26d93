import TestSupport
import Testing

/// Pages written for Hugo and Jekyll keep their metadata: TOML and JSON front matter, and the
/// field names those tools use.
@Suite struct OtherToolsFrontMatterTests {
  @Test func tomlFrontMatterGivesTheTitleDateAndTags() throws {
    let site = try SiteFixture(
      """
      -- folio.yaml --
      title: Blog
      taxonomies: [tags]
      -- Content/posts/a.md --
      +++
      title = "Containers, été"
      date = 2017-06-21T08:00:00-07:00
      tags = ["linux", "go"]
      +++
      Body text.
      """)
    let built = try site.build()
    let page = built.text("posts/a/index.html")
    #expect(page.contains("<title>Containers, été"))
    #expect(page.contains("<p>Body text.</p>"))
    #expect(!page.contains("+++") && !page.contains("title ="))
    #expect(page.contains("2017-06-21"))
    #expect(built.files["tags/linux/index.html"] != nil)
    #expect(built.text("atom.xml").contains("2017-06-21T08:00:00-07:00"))
  }

  @Test func aTOMLSyntaxErrorIsAtItsPlaceInThePageFile() throws {
    let site = try SiteFixture(
      """
      -- Content/a.md --
      +++
      title = "A"
      tags = 1️⃣linux
      +++
      """)
    let error = site.buildError()
    #expect(error.hasPrefix("\(site.location("1️⃣")): error: TOML: "), "\(error)")
    #expect(error.contains("hint: "))
  }

  @Test func unclosedTOMLFrontMatterIsAnError() throws {
    let site = try SiteFixture("-- Content/a.md --\n+++\ntitle = \"A\"\n")
    #expect(
      site.buildError() == """
        Content/a.md:1:1: error: front matter opened with '+++' is never closed
            hint: add a line containing only '+++' after the last front-matter field
        """)
  }

  @Test func jsonFrontMatterReadsEscapesBracesInStringsAndTabs() throws {
    let site = try SiteFixture("-- Content/a.md --\n")
    try site.write(
      "{\n\t\"title\": \"\\u00c9t\\u00e9 } {\\\"q\\\"} \\ud83d\\ude00\",\n\t\"ratio\": 1e2\n}\nBody\n",
      to: "Content/a.md")
    let page = try site.build().text("a/index.html")
    #expect(page.contains("<title>Été } {&quot;q&quot;} 😀"), "\(page)")
    #expect(page.contains("<p>Body</p>"))
  }

  @Test func textAfterTheClosingBraceIsAnErrorNotLost() throws {
    let site = try SiteFixture(
      """
      -- Content/a.md --
      {"title": "A"}  1️⃣Body on the same line
      """)
    #expect(
      site.buildError() == """
        \(site.location("1️⃣")): error: text follows the closing brace of the JSON front matter on its line
            hint: start the Markdown on the line after the '}'
        """)
  }

  @Test func aJSONSyntaxErrorIsAtItsLineAndColumn() throws {
    let site = try SiteFixture(
      """
      -- Content/a.md --
      {
        "title": "A",
        "tags": ["a" 1️⃣"b"]
      }
      """)
    #expect(site.buildError().hasPrefix("\(site.location("1️⃣")): error: "), "\(site.buildError())")
  }

  @Test func publishDateDatesAPageWithoutADate() throws {
    let site = try SiteFixture(
      """
      -- Content/a.md --
      ---
      title: A
      publishDate: 2020-05-01
      ---
      """)
    #expect(try site.build().text("a/index.html").contains("2020-05-01"))
  }

  @Test func anExpiredPageIsLeftOutAsADraftIs() throws {
    let site = try SiteFixture(
      """
      -- Content/old.md --
      +++
      title = "Old"
      expiryDate = 2001-01-01T00:00:00Z
      +++
      -- Content/current.md --
      +++
      title = "Current"
      expiryDate = 2999-01-01
      +++
      """)
    let built = try site.build()
    #expect(built.files["old/index.html"] == nil)
    #expect(built.files["current/index.html"] != nil)
    #expect(try site.build(drafts: true).files["old/index.html"] != nil)
  }

  @Test func descriptionIsTheMetaDescriptionAndTheFeedSummary() throws {
    let site = try SiteFixture(
      """
      -- folio.yaml --
      title: Blog
      description: The site
      -- Content/a.md --
      ---
      title: A
      date: 2020-01-01
      description: About <containers> & more
      ---
      The body's first paragraph.
      -- Content/b.md --
      ---
      title: B
      date: 2020-01-02
      summary: Written summary
      ---
      Body.
      -- Content/c.md --
      ---
      title: C
      ---
      Body.
      """)
    let built = try site.build()
    #expect(
      built.text("a/index.html").contains(
        #"<meta name="description" content="About &lt;containers&gt; &amp; more">"#))
    #expect(built.text("b/index.html").contains(#"<meta name="description" content="Written summary">"#))
    // Without either, the page's first paragraph describes it; lists keep the site's.
    #expect(built.text("c/index.html").contains(#"<meta name="description" content="Body.">"#))
    #expect(built.text("index.html").contains(#"<meta name="description" content="The site">"#))
    #expect(built.text("atom.xml").contains("About &amp;lt;containers&amp;gt; &amp;amp; more"))
    #expect(!built.text("atom.xml").contains("first paragraph"))
  }

  @Test func urlAndPermalinkPlaceThePage() throws {
    let site = try SiteFixture(
      """
      -- Content/posts/a.md --
      ---
      url: /2017/06/hello
      ---
      -- Content/posts/b.md --
      ---
      permalink: /old/page.html
      ---
      """)
    let built = try site.build()
    #expect(built.files["2017/06/hello/index.html"] != nil)
    #expect(built.files["old/page.html"] != nil)
    #expect(built.files["posts/a/index.html"] == nil)
  }

  @Test func aURLThatLeavesTheOutputOrEntersGitIsRefused() throws {
    for url in ["/../../etc/x/", "/.git/hooks/"] {
      let site = try SiteFixture("-- Content/a.md --\n---\nurl: 1️⃣\(url)\n---\n")
      #expect(site.buildError().hasPrefix("\(site.location("1️⃣")): error: "), "\(site.buildError())")
    }
  }

  @Test func aJekyllPlaceholderInAPermalinkIsAnError() throws {
    let site = try SiteFixture("-- Content/a.md --\n---\npermalink: 1️⃣/:year/:title/\n---\n")
    #expect(
      site.buildError() == """
        \(site.location("1️⃣")): error: permalink '/:year/:title/' has a placeholder, which a page's own URL cannot fill
            hint: write the page's path as it is, such as /2024/01/hello/
        """)
  }

  @Test func jekyllPostsAreDatedAndNamedByTheirFileName() throws {
    let site = try SiteFixture(
      """
      -- Content/_posts/2020-01-02-hello-world.md --
      ---
      title: Hello
      ---
      -- Content/notes/2021-03-04-kept.md --
      ---
      title: Kept
      ---
      """)
    let built = try site.build()
    #expect(built.text("_posts/hello-world/index.html").contains("2020-01-02"))
    // Outside `_posts` a dated name dates the page and keeps its URL.
    #expect(built.text("notes/2021-03-04-kept/index.html").contains("2021-03-04"))
  }

  @Test func fieldsFolioDoesNotReadStayAvailableToLayouts() throws {
    let site = try SiteFixture(
      """
      -- Templates/page.mustache --
      {{page.params.image}} {{page.params.description}} {{page.params.hero}}
      -- Content/a.md --
      +++
      image = "a.png"
      description = "D"
      [params]
      hero = "h.svg"
      +++
      """)
    #expect(try site.build().text("a/index.html") == "a.png D h.svg\n")
  }
}
