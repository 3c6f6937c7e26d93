import TestSupport
import Testing

/// One `<h1>` a page (issue 31): the content's own when its Markdown opens with one, else the
/// theme's, and the title never twice.
@Suite struct TitleHeadingTests {
  /// The `<h1` elements of `html`.
  private func headingOnes(_ html: String) -> Int {
    html.components(separatedBy: "<h1").count - 1
  }

  @Test func aPageOpeningWithAHeadingOneHasThatHeadingAsItsOnlyHeadingOne() throws {
    let site = try SiteFixture(
      """
      -- folio.yaml --
      title: Site
      -- Content/guide.md --
      # The `folio` guide

      Text.

      ## Install

      ## Use
      """)
    let page = try site.build().text("guide/index.html")
    #expect(headingOnes(page) == 1)
    #expect(page.contains("<title>The folio guide – Site</title>"))
    #expect(page.contains(#"<h1 id="the-folio-guide">The <code>folio</code> guide</h1>"#))
    // The heading stands where the theme's title stood: before the page's contents.
    let heading = try #require(page.range(of: #"<h1 id="the-folio-guide">"#))
    let contents = try #require(page.range(of: #"<details class="toc toc-inline""#))
    #expect(heading.lowerBound < contents.lowerBound)
  }

  @Test func aFrontMatterTitleAndAnOpeningHeadingOneShowTheContentsHeading() throws {
    let site = try SiteFixture(
      """
      -- folio.yaml --
      title: Site
      -- Content/a.md --
      ---
      title: Short name
      ---
      # A longer heading

      Text.
      -- Content/b.md --
      ---
      title: Same
      ---
      # Same

      Text.
      """)
    let built = try site.build()
    let a = built.text("a/index.html")
    #expect(headingOnes(a) == 1)
    #expect(a.contains(#"<h1 id="a-longer-heading">A longer heading</h1>"#))
    #expect(a.contains("<title>Short name – Site</title>"))
    let b = built.text("b/index.html")
    #expect(headingOnes(b) == 1)
    #expect(b.components(separatedBy: ">Same</h1>").count == 2)
  }

  @Test func anOpeningHeadingTwoThatGaveTheTitleIsThePagesHeadingOne() throws {
    // As an imported MkDocs page: no title in front matter, the text opens with `##`.
    let site = try SiteFixture(
      """
      -- folio.yaml --
      title: Site
      -- Content/views.md --
      ---
      source: views.py
      ---

      ## Class-based Views

      Text.

      ## API policy attributes

      ## Other

      ## More
      """)
    let page = try site.build().text("views/index.html")
    #expect(headingOnes(page) == 1)
    #expect(page.contains(#"<h1 id="class-based-views">Class-based Views</h1>"#))
    #expect(page.components(separatedBy: "Class-based Views").count == 4)  // <title>, og:title and <h1>
    // The contents list the other headings, not the title.
    #expect(!page.contains(##"<a href="#class-based-views">"##))
    #expect(page.contains(##"<a href="#api-policy-attributes">"##))
  }

  @Test func aStyleBlockLeftOutBeforeTheHeadingOneDoesNotHideIt() throws {
    // As 13 of Django REST framework's MkDocs pages open: a `<style>` block, then `# Title`.
    let site = try SiteFixture(
      """
      -- folio.yaml --
      title: Site
      -- Content/a.md --
      <style>
      .promo { float: left; }
      </style>

      # Django REST framework 3.10

      Text.
      """)
    let page = try site.build().text("a/index.html")
    #expect(headingOnes(page) == 1)
    #expect(page.contains(#"<h1 id="django-rest-framework-310">Django REST framework 3.10</h1>"#))
  }

  @Test func aLowerHeadingFurtherDownDoesNotNameThePage() throws {
    // Django REST framework's home page opens with HTML and has no `#`: its first `##`,
    // "Requirements", named the whole site's home page in <title>, breadcrumbs and og:title.
    let site = try SiteFixture(
      """
      -- folio.yaml --
      title: Site
      -- Content/_index.md --
      <div class="badges"></div>

      ## Requirements
      -- Content/notes.md --
      Text first.

      ## A part
      -- Content/views.md --
      ## Class-based Views

      Text.
      """)
    let built = try site.build()
    #expect(built.text("index.html").contains("<title>Site</title>"))
    #expect(built.text("notes/index.html").contains("<title>notes – Site</title>"))
    #expect(built.text("views/index.html").contains("<title>Class-based Views – Site</title>"))
  }

  @Test func aTitleHeadingAfterAnOpeningQuoteIsThePagesOnlyHeadingOne() throws {
    // As Django REST framework's writable-nested-serializers.md opens: a quote, then `# Title`.
    let site = try SiteFixture(
      """
      -- folio.yaml --
      title: Site
      -- Content/a.md --
      > A quote.

      # Writable nested serializers

      Text.
      -- Content/b.md --
      ---
      title: Own title
      ---
      Text first.

      # A section of the text
      """)
    let built = try site.build()
    let a = built.text("a/index.html")
    #expect(headingOnes(a) == 1)
    #expect(a.contains(#"<h1 id="writable-nested-serializers">Writable nested serializers</h1>"#))
    // A `#` that does not say the title is a part of the page: the theme's title stays.
    let b = built.text("b/index.html")
    #expect(b.contains(#"<h1 class="page-title">Own title</h1>"#))
  }

  @Test func aPageWithoutOpeningHeadingGetsTheThemesHeadingOne() throws {
    let site = try SiteFixture(
      """
      -- folio.yaml --
      title: Site
      -- Content/a.md --
      ---
      title: Notes
      ---
      Text first.

      # Later heading
      """)
    let page = try site.build().text("a/index.html")
    #expect(page.contains(#"<h1 class="page-title">Notes</h1>"#))
  }

  @Test func aSectionAndTheHomeOpeningWithAHeadingOneHaveOneHeadingOne() throws {
    let site = try SiteFixture(
      """
      -- folio.yaml --
      title: Site
      -- Content/_index.md --
      # Welcome

      Hello.
      -- Content/guides/_index.md --
      # Guides

      All of them.
      -- Content/guides/a.md --
      A
      """)
    let built = try site.build()
    #expect(headingOnes(built.text("index.html")) == 1)
    #expect(built.text("index.html").contains(#"<h1 id="welcome">Welcome</h1>"#))
    #expect(headingOnes(built.text("guides/index.html")) == 1)
  }

  @Test func aListShowsTheOpeningHeadingOfASummaryAsItWasWritten() throws {
    let site = try SiteFixture(
      """
      -- folio.yaml --
      title: Site
      -- Content/posts/a.md --
      ---
      date: 2026-01-01
      ---
      ## First post

      Intro.

      <!--more-->

      Rest.
      """)
    let built = try site.build()
    #expect(built.text("posts/a/index.html").contains(#"<h1 id="first-post">First post</h1>"#))
    // The home page lists it with its summary: the heading as written, under the site's `<h1>`.
    let home = built.text("index.html")
    #expect(headingOnes(home) == 1)
    #expect(home.contains(#"<h2 id="first-post">First post</h2>"#))
  }
}
