import Site
import TestSupport
import Testing

@testable import SiteLayout

/// Documentation sections: the sidebar's tree and order, `nav:`, previous and next in the
/// sidebar's order, breadcrumbs, and folders without `_index.md` as sections.
@Suite struct DocsNavigationTests {
  /// A docs layout that writes what it is given as one line each: the sidebar (a group as
  /// `Title+[…]` when open, `Title[…]` when closed; the current page starred), the neighbours
  /// and the breadcrumbs.
  static let probe = """
    -- Templates/docs.mustache --
    sidebar: {{#page.sidebar}}{{>partials/probe}}{{/page.sidebar}}|
    prev: {{page.previous.url}} next: {{page.next.url}}|
    crumbs: {{#page.breadcrumbs}}{{title}}{{#isCurrent}}*{{/isCurrent}} > {{/page.breadcrumbs}}|
    -- Templates/partials/probe.mustache --
    {{#isGroup}}{{title}}{{#isOpen}}+{{/isOpen}}[{{#children}}{{>partials/probe}}{{/children}}] {{/isGroup}}{{^isGroup}}{{title}}{{#isCurrent}}*{{/isCurrent}} {{/isGroup}}
    """

  static let docs = """
    -- folio.yaml --
    title: Manual
    -- Content/docs/_index.md --
    ---
    title: Docs
    layout: docs
    ---
    -- Content/docs/zeta.md --
    ---
    title: Zeta
    weight: 1
    ---
    -- Content/docs/alpha.md --
    ---
    title: Alpha
    ---
    -- Content/docs/guides/_index.md --
    ---
    title: Guides
    weight: 2
    ---
    -- Content/docs/guides/b.md --
    ---
    title: B guide
    ---
    -- Content/docs/guides/a.md --
    ---
    title: A guide
    ---
    -- Content/docs/reference/deep/x.md --
    ---
    title: X
    ---
    -- Content/docs/own.md --
    ---
    title: Own layout
    layout: page
    ---
    -- Content/blog/one.md --
    ---
    title: One
    ---
    -- Content/blog/two.md --
    ---
    title: Two
    ---

    """

  /// What the probe wrote after `key: `, up to its `|`, on one line (each partial's output
  /// ends with the partial file's newline).
  private func line(_ key: String, _ html: String) -> String {
    guard let start = html.range(of: key + ": ") else { return "" }
    let rest = html[start.upperBound...]
    return String(rest.prefix { $0 != "|" }.filter { $0 != "\n" })
  }

  @Test func theSidebarHasFoldersAsGroupsInWeightThenTitleOrderAndOpensTheCurrentPagesGroup() throws {
    let built = try SiteFixture(DocsNavigationTests.docs + DocsNavigationTests.probe).build()
    let html = built.text("docs/guides/a/index.html")
    #expect(
      line("sidebar", html)
        == "Docs Zeta Guides+[Guides A guide* B guide ] Alpha Own layout Reference[Deep[X ] ] ")
    // Closed groups elsewhere; a page at the top opens none.
    #expect(line("sidebar", built.text("docs/alpha/index.html")).contains("Guides[Guides A guide B guide ]"))
    #expect(line("sidebar", built.text("docs/index.html")).hasPrefix("Docs* Zeta"))
  }

  @Test func pagesBelowADocsSectionTakeItsLayoutUnlessTheyNameTheirOwn() throws {
    let built = try SiteFixture(DocsNavigationTests.docs + DocsNavigationTests.probe).build()
    #expect(built.text("docs/reference/deep/x/index.html").hasPrefix("sidebar: "))
    #expect(!built.text("docs/own/index.html").contains("sidebar: "))
    #expect(!built.text("blog/one/index.html").contains("sidebar: "))
    // The docs section's list is one page, however many pages it has: the sidebar lists them.
    #expect(built.files["docs/page/2/index.html"] == nil)
  }

  @Test func previousAndNextFollowTheSidebarAcrossGroups() throws {
    let built = try SiteFixture(DocsNavigationTests.docs + DocsNavigationTests.probe).build()
    #expect(line("prev", built.text("docs/zeta/index.html")) == "/docs/ next: /docs/guides/")
    #expect(line("prev", built.text("docs/guides/b/index.html")) == "/docs/guides/a/ next: /docs/alpha/")
    #expect(line("prev", built.text("docs/reference/deep/x/index.html")) == "/docs/own/ next: ")
    // Other pages keep their folder's neighbours.
    #expect(built.text("blog/one/index.html").contains(#"<a href="/blog/two/" rel="next">"#))
  }

  @Test func breadcrumbsNameTheAncestorsThenThePage() throws {
    let built = try SiteFixture(DocsNavigationTests.docs + DocsNavigationTests.probe).build()
    #expect(line("crumbs", built.text("docs/guides/a/index.html")) == "Manual > Docs > Guides > A guide* > ")
    #expect(
      line("crumbs", built.text("docs/reference/deep/x/index.html"))
        == "Manual > Docs > Reference > Deep > X* > ")
  }

  @Test func aNavSetsTheOrderAndWarnsAtEntriesNamingNoPageAndOfPagesItLeavesOut() throws {
    let site =
      DocsNavigationTests.docs.replacingOccurrences(
        of: "title: Docs\nlayout: docs\n",
        with: """
          title: Docs
          layout: docs
          nav:
            - alpha.md
            - {Start here: guides/b.md}
            - Reference: [reference/deep/x.md, missing.md]
            - {GitHub: https://github.com/example/manual}

          """) + DocsNavigationTests.probe
    let built = try SiteFixture(site).build()
    #expect(
      line("sidebar", built.text("docs/alpha/index.html"))
        == "Alpha* Start here Reference[X ] GitHub Docs Zeta Guides A guide Own layout ")
    #expect(
      line("prev", built.text("docs/guides/b/index.html")) == "/docs/alpha/ next: /docs/reference/deep/x/")
    #expect(
      built.warnings.contains {
        $0.hasPrefix("Content/docs/_index.md:7:") && $0.contains("'missing.md', which is no page")
      })
    #expect(
      built.warnings.contains {
        $0.hasPrefix("Content/docs/_index.md:5:")
          && $0.contains("these 5 pages: _index.md, zeta.md, guides/_index.md, guides/a.md, own.md")
      })
  }

  @Test func aNavGroupNamingAFolderGivesItsGeneratedPageTheGroupsTitle() throws {
    // As Django REST framework's mkdocs.yml names api-guide/: the folder has no _index.md, and
    // its page was "Api guide" in breadcrumbs while the sidebar said "API Guide".
    let site = """
      -- folio.yaml --
      title: Manual
      docs:
        - section: /
          nav:
            - Home: _index.md
            - API Guide: [api-guide/views.md]
            - Elsewhere: [notes/a.md]
      -- Content/_index.md --
      Home
      -- Content/api-guide/views.md --
      ---
      title: Views
      ---
      -- Content/notes/a.md --
      ---
      title: A
      ---

      """ + DocsNavigationTests.probe
    let built = try SiteFixture(site).build()
    #expect(line("crumbs", built.text("api-guide/views/index.html")) == "Manual > API Guide > Views* > ")
    #expect(built.text("api-guide/index.html").contains("crumbs: Manual > API Guide* > "))
    // A group called something else than its pages' folder names no folder.
    #expect(line("crumbs", built.text("notes/a/index.html")) == "Manual > Notes > A* > ")
  }

  @Test func theDocsSettingMarksASectionAndCarriesANav() throws {
    let site = """
      -- folio.yaml --
      title: Manual
      docs:
        - {section: /manual/, nav: [b.md, a.md]}
        - nowhere
      -- Content/manual/a.md --
      ---
      title: A
      ---
      -- Content/manual/b.md --
      ---
      title: B
      ---

      """ + DocsNavigationTests.probe
    let built = try SiteFixture(site).build()
    // The folder has no _index.md: its generated section is the tree's root, which no nav can
    // name, so the sidebar is the nav's alone.
    #expect(line("sidebar", built.text("manual/a/index.html")) == "B A* ")
    #expect(line("sidebar", built.text("manual/index.html")) == "B A ")
    #expect(built.warnings.count == 1)
    #expect(built.warnings.contains { $0.hasPrefix("folio.yaml:4:5:") && $0.contains("'nowhere'") })
  }

  @Test func aMalformedDocsSettingIsAnErrorAtItsPlace() throws {
    let errors = try SiteFixture(
      """
      -- folio.yaml --
      title: Manual
      docs:
        - {section: docs, nav: [{a: 1, b: 2}]}
      -- Content/docs/a.md --
      A

      """
    ).buildErrors()
    #expect(errors.map { $0.location?.description ?? "" } == ["folio.yaml:3:27"])
  }

  @Test func aFolderOfPagesWithoutAnIndexIsASectionWithAGeneratedList() throws {
    let built = try SiteFixture(
      """
      -- folio.yaml --
      title: Site
      -- Content/getting-started/one.md --
      ---
      title: One
      ---
      -- Content/_posts/2024-01-05-hello.md --
      Hello
      -- Content/tags/x.md --
      ---
      title: X
      tags: [a]
      ---

      """
    ).build()
    let html = built.text("getting-started/index.html")
    #expect(html.contains("<h1 class=\"page-title\">Getting started</h1>"))
    #expect(html.contains("/getting-started/one/"))
    // Jekyll's `_posts` is no section; the taxonomy keeps /tags/.
    #expect(built.files["_posts/index.html"] == nil)
    #expect(built.text("tags/index.html").contains("/tags/a/"))
    #expect(built.warnings.isEmpty, "\(built.warnings)")
  }

  @Test func eachLanguageHasItsOwnTree() throws {
    let built = try SiteFixture(
      """
      -- folio.yaml --
      title: Manual
      languages: {en: {name: English}, ja: {name: 日本語}}
      -- Content/docs/_index.md --
      ---
      title: Docs
      layout: docs
      ---
      -- Content/docs/_index.ja.md --
      ---
      title: ドキュメント
      layout: docs
      ---
      -- Content/docs/a.md --
      ---
      title: A
      ---
      -- Content/docs/a.ja.md --
      ---
      title: エー
      ---
      -- Content/docs/b.md --
      ---
      title: B
      ---

      """ + DocsNavigationTests.probe
    ).build()
    #expect(line("sidebar", built.text("ja/docs/a/index.html")) == "ドキュメント エー* ")
    #expect(line("sidebar", built.text("docs/a/index.html")) == "Docs A* B ")
  }

  @Test func theDefaultThemeWritesTheSidebarBreadcrumbsAndNeighbours() throws {
    let html = try SiteFixture(DocsNavigationTests.docs).build().text("docs/guides/a/index.html")
    #expect(html.contains(#"<nav class="docs-sidebar" aria-label="Pages">"#))
    #expect(html.contains(#"<details class="docs-sidebar-group" open><summary>Guides</summary>"#))
    #expect(html.contains(#"<a href="/docs/guides/a/" aria-current="page">A guide</a>"#))
    #expect(html.contains(#"<nav class="breadcrumbs" aria-label="Breadcrumb">"#))
    #expect(html.contains(#"<li><span aria-current="page">A guide</span></li>"#))
    #expect(html.contains(#"<a href="/docs/guides/" rel="prev">"#))
    #expect(html.contains(#"<a href="/docs/guides/b/" rel="next">"#))
    #expect(html.contains(#"<script src="/assets/folio-docs.js" defer></script>"#))
    #expect(html.components(separatedBy: "<h1").count == 2)
  }
}
