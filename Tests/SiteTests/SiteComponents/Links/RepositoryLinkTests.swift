import TestSupport
import Testing

/// Links written for the repository, as GitHub renders it, work on the site; links written for
/// the site keep working; and a site under a sub-path writes every site-relative URL with it.
@Suite struct RepositoryLinkTests {
  /// The page's content as the content-only layout writes it, with one final newline.
  private static func content(_ built: BuiltSite, _ path: String) -> String {
    var text = built.text(path)
    while text.hasSuffix("\n\n") { text.removeLast() }
    return text
  }

  @Test func linksToMarkdownFilesBecomeTheirPagesURLs() throws {
    let site = try SiteFixture(
      contentOnlyTemplate + """
        -- Content/guide/_index.md --
        # Guide
        -- Content/guide/setup.md --
        ## Install
        -- Content/guide/start.md --
        [setup](setup.md#install) [first](../posts/first-post.md) [guide](_index.md) [home](/guide/_index.md)
        -- Content/posts/first-post.md --
        First
        """)
    let built = try site.build()
    #expect(
      RepositoryLinkTests.content(built, "guide/start/index.html")
        == "<p><a href=\"/guide/setup/#install\">setup</a> <a href=\"/posts/first-post/\">first</a> <a href=\"/guide/\">guide</a> <a href=\"/guide/\">home</a></p>\n"
    )
    #expect(built.warnings == [])
  }

  @Test func aLinkToASluggedPageFollowsTheSlug() throws {
    let site = try SiteFixture(
      contentOnlyTemplate + """
        -- Content/a.md --
        [b](b.md)
        -- Content/b.md --
        ---
        slug: bee
        ---
        B
        """)
    #expect(
      RepositoryLinkTests.content(try site.build(), "a/index.html") == "<p><a href=\"/bee/\">b</a></p>\n")
  }

  @Test func aLinkToADraftOrAMissingFileIsABrokenLink() throws {
    let site = try SiteFixture(
      """
      -- Content/a.md --
      [draft](b.md) [gone](c.md)
      -- Content/b.md --
      ---
      draft: true
      ---
      B
      """)
    let errors = site.buildErrors().map(\.description)
    #expect(errors.count == 2)
    #expect(errors.allSatisfy { $0.hasPrefix("Content/a.md:1:") && $0.contains("broken link") })
  }

  @Test func filesBesideThePageWorkAtItsURL() throws {
    let site = try SiteFixture(
      contentOnlyTemplate + """
        -- Content/guide/setup.md --
        ![map](map.png) ![logo](img/logo.png) [pdf](../files/a.pdf)
        -- Content/guide/map.png --
        PNG
        -- Content/guide/img/logo.png --
        png
        -- Content/files/a.pdf --
        pdf
        """)
    let built = try site.build()
    #expect(
      RepositoryLinkTests.content(built, "guide/setup/index.html")
        == "<p><img src=\"/guide/map.png\" alt=\"map\" /> <img src=\"/guide/img/logo.png\" alt=\"logo\" loading=\"lazy\" decoding=\"async\" /> <a href=\"/files/a.pdf\">pdf</a></p>\n"
    )
    #expect(built.warnings == [])
  }

  @Test func linksWrittenForTheSiteKeepWorking() throws {
    let site = try SiteFixture(
      contentOnlyTemplate + """
        -- Content/posts/p01.md --
        [next](../p02/) [cli](/docs/cli/)
        -- Content/posts/p02.md --
        P2
        -- Content/docs/cli.md --
        CLI
        """)
    let built = try site.build()
    #expect(
      RepositoryLinkTests.content(built, "posts/p01/index.html")
        == "<p><a href=\"../p02/\">next</a> <a href=\"/docs/cli/\">cli</a></p>\n")
    #expect(built.warnings == [])
  }

  @Test func whenTheTwoReadingsNameDifferentFilesTheFileWinsWithAWarning() throws {
    let site = try SiteFixture(
      contentOnlyTemplate + """
        -- Content/guide/setup.md --
        [notes](notes.txt)
        -- Content/guide/notes.txt --
        beside the page
        -- Content/guide/setup/notes.txt --
        at the page's URL
        """)
    let built = try site.build()
    #expect(
      RepositoryLinkTests.content(built, "guide/setup/index.html")
        == "<p><a href=\"/guide/notes.txt\">notes</a></p>\n")
    #expect(
      built.warnings == [
        "Content/guide/setup.md:1:1: warning: 'notes.txt' names Content/guide/notes.txt beside the page and '/guide/setup/notes.txt' from the page's URL; linking to the file"
      ])
  }

  @Test func aFolderWithAnIndexIsOnePageWithItsFilesBesideIt() throws {
    let site = try SiteFixture(
      contentOnlyTemplate + """
        -- Content/posts/_index.md --
        # Posts
        -- Content/posts/trip/index.md --
        # The trip
        ![map](map.svg)
        -- Content/posts/trip/map.svg --
        <svg/>
        """)
    let built = try site.build()
    #expect(
      RepositoryLinkTests.content(built, "posts/trip/index.html")
        == "<h1 id=\"the-trip\">The trip</h1>\n<p><img src=\"map.svg\" alt=\"map\" /></p>\n")
    #expect(built.text("posts/trip/map.svg") == "<svg/>\n")
    #expect(!built.paths.contains("posts/trip/index/index.html"))
  }

  // MARK: A site under a sub-path

  private static let subPathSite = """
    -- folio.yaml --
    baseURL: https://user.github.io/project/
    menu: [{title: Docs, url: /docs/}, {title: Elsewhere, url: "https://example.org/"}]
    -- Content/_index.md --
    # Home
    -- Content/docs/_index.md --
    # Docs
    -- Content/docs/cli.md --
    ---
    tags: [cli]
    aliases: [/old-cli/]
    ---
    [content](/docs/content/) [again](/project/docs/content/) [rel](../content/) [md](content.md) ![logo](/images/logo.png)
    -- Content/docs/content.md --
    Content
    -- Content/images/logo.png --
    PNG
    """

  @Test func siteRelativeLinksInMarkdownCarryTheBasePath() throws {
    let site = try SiteFixture(contentOnlyTemplate + RepositoryLinkTests.subPathSite)
    let built = try site.build()
    #expect(
      RepositoryLinkTests.content(built, "docs/cli/index.html")
        == "<p><a href=\"/project/docs/content/\">content</a> <a href=\"/project/docs/content/\">again</a> <a href=\"../content/\">rel</a> <a href=\"/project/docs/content/\">md</a> <img src=\"/project/images/logo.png\" alt=\"logo\" /></p>\n"
    )
    #expect(built.warnings == [])
  }

  @Test func theThemeWritesEveryURLWithTheBasePath() throws {
    let site = try SiteFixture(RepositoryLinkTests.subPathSite)
    let built = try site.build()
    let page = built.text("docs/cli/index.html")
    for expected in [
      "href=\"/project/assets/folio.css\"", "src=\"/project/assets/folio-readmore.js\"",
      "href=\"/project/assets/folio-lists.css\"", "class=\"site-title\" href=\"/project/\"",
      "href=\"/project/docs/\"", "href=\"https://example.org/\"", "href=\"/project/tags/cli/\"",
      "href=\"/project/atom.xml\"",
      "<link rel=\"canonical\" href=\"https://user.github.io/project/docs/cli/\">",
    ] {
      #expect(page.contains(expected), "\(expected)")
    }
    #expect(
      !page.contains("href=\"/assets") && !page.contains("src=\"/assets") && !page.contains("href=\"/docs"))
    #expect(built.text("old-cli/index.html").contains("href=\"/project/docs/cli/\""))
    #expect(
      built.text("atom.xml").contains("<link href=\"https://user.github.io/project/atom.xml\" rel=\"self\"/>")
    )
    #expect(built.text("sitemap.xml").contains("<loc>https://user.github.io/project/docs/content/</loc>"))
  }

  @Test func theBasePathComesFromBaseURLOrTheCommandLine() throws {
    let site = try SiteFixture(contentOnlyTemplate + "-- Content/a.md --\n[b](/b/)\n-- Content/b.md --\nB\n")
    #expect(RepositoryLinkTests.content(try site.build(), "a/index.html") == "<p><a href=\"/b/\">b</a></p>\n")
    #expect(
      RepositoryLinkTests.content(try site.build(baseURL: "https://example.org/sub/dir"), "a/index.html")
        == "<p><a href=\"/sub/dir/b/\">b</a></p>\n")
  }
}
