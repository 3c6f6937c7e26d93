import TestSupport
import Testing

/// Templates that print a list page as one line: its pages' URLs and its pagination.
private let listTemplates = """
  -- Templates/home.mustache --
  home:{{#list.pages}} {{url}}{{/list.pages}}{{#list.pagination}} ({{current}}/{{total}}{{#previousURL}} prev {{.}}{{/previousURL}}{{#nextURL}} next {{.}}{{/nextURL}}){{/list.pagination}}
  -- Templates/section.mustache --
  {{page.title}}:{{#list.pages}} {{url}}{{/list.pages}}{{#list.pagination}} ({{current}}/{{total}}{{#previousURL}} prev {{.}}{{/previousURL}}{{#nextURL}} next {{.}}{{/nextURL}}){{/list.pagination}}
  -- Templates/term.mustache --
  {{page.title}}:{{#list.pages}} {{url}}{{/list.pages}}{{#list.pagination}} ({{current}}/{{total}}){{/list.pagination}}
  -- Templates/taxonomy.mustache --
  {{page.title}}:{{#list.terms}} {{name}}={{url}}({{count}}){{/list.terms}}
  -- Templates/page.mustache --
  {{page.title}}{{#page.previous}} prev {{url}}{{/page.previous}}{{#page.next}} next {{url}}{{/page.next}}

  """

@Suite struct SiteStructureTests {
  @Test func pagesGetPrettyURLsFromTheirPaths() throws {
    let site = try SiteFixture(
      """
      -- Content/_index.md --
      Home
      -- Content/about.md --
      About
      -- Content/posts/_index.md --
      Posts
      -- Content/posts/hello.md --
      Hello
      -- Content/posts/2024/deep.md --
      Deep
      """)
    let paths = try site.build().paths.filter { $0.hasSuffix(".html") }
    #expect(
      paths == [
        "404.html", "about/index.html", "index.html", "posts/2024/deep/index.html", "posts/hello/index.html",
        "posts/index.html",
      ])
  }

  @Test func slugReplacesTheFileNameInTheURL() throws {
    let site = try SiteFixture(
      """
      -- Content/posts/hello.md --
      ---
      slug: bonjour
      ---
      Hello
      """)
    let built = try site.build()
    #expect(built.files["posts/bonjour/index.html"] != nil)
    #expect(built.files["posts/hello/index.html"] == nil)
  }

  @Test func sectionsListTheirPagesAndHomeListsDatedPagesNewestFirst() throws {
    let site = try SiteFixture(
      listTemplates + """
        -- Content/_index.md --
        Home
        -- Content/posts/_index.md --
        ---
        title: Posts
        ---
        -- Content/posts/old.md --
        ---
        date: 2024-01-01
        ---
        -- Content/posts/new.md --
        ---
        date: 2024-03-01
        ---
        -- Content/posts/notes/inner.md --
        ---
        date: 2024-02-01
        ---
        -- Content/docs/_index.md --
        ---
        title: Docs
        ---
        -- Content/docs/b.md --
        ---
        weight: 2
        ---
        -- Content/docs/a.md --
        ---
        weight: 1
        ---
        -- Content/docs/unweighted.md --
        Pages without a weight come after the weighted ones, as in Hugo.
        -- Content/docs/first.md --
        ---
        weight: -1
        ---
        """)
    let built = try site.build()
    #expect(built.text("index.html") == "home: /posts/new/ /posts/notes/inner/ /posts/old/\n")
    // A folder without _index.md belongs to the nearest section above it.
    #expect(built.text("posts/index.html") == "Posts: /posts/new/ /posts/notes/inner/ /posts/old/\n")
    #expect(built.text("docs/index.html") == "Docs: /docs/first/ /docs/a/ /docs/b/ /docs/unweighted/\n")
  }

  @Test func pagesWithTheSameDayOrTitleStartAreOrderedByTheWholeDateThenTitleThenURL() throws {
    // Times that agree in their first 16 bytes, titles that agree in their first 8.
    func page(_ name: String, _ date: String, _ title: String) -> String {
      "-- Content/docs/\(name).md --\n---\ndate: \(date)\ntitle: \"\(title)\"\n---\n"
    }
    let site = try SiteFixture(
      listTemplates + "-- Content/docs/_index.md --\n---\ntitle: Docs\n---\n"
        + page("a", "2024-01-01T10:00:00+09:00", "Zebra") + page("b", "2024-01-01T10:00:30+09:00", "Apple")
        + page("c", "2024-01-01", "Release notes 2") + page("d", "2024-01-01", "Release notes 1")
        + page("e", "2024-01-01", "Release notes 1") + page("f", "2023-12-31", "Aardvark"))
    #expect(
      try site.build().text("docs/index.html")
        == "Docs: /docs/b/ /docs/a/ /docs/d/ /docs/e/ /docs/c/ /docs/f/\n")
  }

  @Test func draftsAreLeftOutUnlessAsked() throws {
    let site = try SiteFixture(
      listTemplates + """
        -- Content/posts/draft.md --
        ---
        date: 2024-05-01
        draft: true
        tags: [secret]
        ---
        Not yet
        -- Content/posts/done.md --
        ---
        date: 2024-04-01
        ---
        Done
        """)
    let published = try site.build()
    #expect(published.files["posts/draft/index.html"] == nil)
    #expect(published.files["tags/secret/index.html"] == nil)
    #expect(published.text("index.html") == "home: /posts/done/\n")
    #expect(!published.text("atom.xml").contains("draft"))
    #expect(!published.text("sitemap.xml").contains("draft"))

    let preview = try site.build(drafts: true)
    #expect(preview.files["posts/draft/index.html"] != nil)
    #expect(preview.files["tags/secret/index.html"] != nil)
    #expect(preview.text("index.html") == "home: /posts/draft/ /posts/done/\n")
  }

  @Test func everyTaxonomyGetsATermListAndAPagePerTerm() throws {
    let site = try SiteFixture(
      listTemplates + """
        -- folio.yaml --
        taxonomies: [tags, categories]
        -- Content/a.md --
        ---
        title: A
        date: 2024-01-02
        tags: [Swift, 日本語]
        categories: Notes
        ---
        -- Content/b.md --
        ---
        title: B
        date: 2024-01-01
        tags: [swift on linux, 日本語]
        ---
        """)
    let built = try site.build()
    #expect(
      built.text("tags/index.html")
        == "Tags: Swift=/tags/swift/(1) swift on linux=/tags/swift-on-linux/(1) 日本語=/tags/日本語/(2)\n")
    #expect(built.text("tags/日本語/index.html") == "日本語: /a/ /b/\n")
    #expect(built.text("tags/swift-on-linux/index.html") == "swift on linux: /b/\n")
    #expect(built.text("categories/index.html") == "Categories: Notes=/categories/notes/(1)\n")
    #expect(built.text("categories/notes/index.html") == "Notes: /a/\n")
  }

  @Test func termsThatDifferOnlyInCaseShareOnePage() throws {
    let site = try SiteFixture(
      listTemplates + """
        -- Content/a.md --
        ---
        date: 2024-01-02
        tags: [Swift]
        ---
        -- Content/b.md --
        ---
        date: 2024-01-01
        tags: [swift]
        ---
        """)
    let built = try site.build()
    #expect(built.text("tags/index.html") == "Tags: Swift=/tags/swift/(2)\n")
    #expect(built.text("tags/swift/index.html") == "Swift: /a/ /b/\n")
  }

  @Test func listsArePaginated() throws {
    var text =
      listTemplates
      + "-- folio.yaml --\npagination: 2\n-- Content/posts/_index.md --\n---\ntitle: Posts\n---\n"
    for day in 1...5 {
      text += "-- Content/posts/p\(day).md --\n---\ndate: 2024-01-0\(day)\ntags: [t]\n---\n"
    }
    let site = try SiteFixture(text)
    let built = try site.build()
    #expect(built.text("index.html") == "home: /posts/p5/ /posts/p4/ (1/3 next /page/2/)\n")
    #expect(built.text("page/2/index.html") == "home: /posts/p3/ /posts/p2/ (2/3 prev / next /page/3/)\n")
    #expect(built.text("page/3/index.html") == "home: /posts/p1/ (3/3 prev /page/2/)\n")
    #expect(
      built.text("posts/page/2/index.html")
        == "Posts: /posts/p3/ /posts/p2/ (2/3 prev /posts/ next /posts/page/3/)\n")
    #expect(built.text("tags/t/page/3/index.html") == "t: /posts/p1/ (3/3)\n")
    #expect(built.files["page/4/index.html"] == nil)
  }

  @Test func previousAndNextFollowTheSectionOrder() throws {
    let site = try SiteFixture(
      listTemplates + """
        -- Content/docs/one.md --
        ---
        title: One
        weight: 1
        ---
        -- Content/docs/three.md --
        ---
        title: Three
        weight: 3
        ---
        -- Content/docs/two.md --
        ---
        title: Two
        weight: 2
        ---
        -- Content/other/alone.md --
        ---
        title: Alone
        ---
        """)
    let built = try site.build()
    #expect(built.text("docs/one/index.html") == "One next /docs/two/\n")
    #expect(built.text("docs/two/index.html") == "Two prev /docs/one/ next /docs/three/\n")
    #expect(built.text("docs/three/index.html") == "Three prev /docs/two/\n")
    #expect(built.text("other/alone/index.html") == "Alone\n")
  }

  @Test func aliasesRedirectToThePage() throws {
    let site = try SiteFixture(
      """
      -- folio.yaml --
      baseURL: https://example.org/
      -- Content/posts/new.md --
      ---
      aliases: [/old/path/, legacy.html]
      ---
      Moved
      """)
    let built = try site.build()
    let redirect = built.text("old/path/index.html")
    #expect(redirect.contains(#"<meta http-equiv="refresh" content="0; url=/posts/new/">"#))
    #expect(redirect.contains(#"<link rel="canonical" href="/posts/new/">"#))
    #expect(!built.text("sitemap.xml").contains("old/path"))
    // Without a leading `/`, an alias is read from the page's folder, as Hugo reads it.
    #expect(
      built.text("posts/legacy.html").contains(#"<meta http-equiv="refresh" content="0; url=/posts/new/">"#))
    #expect(built.files["posts/legacy.html/index.html"] == nil)
  }

  @Test func twoPagesClaimingOneURLIsAnError() throws {
    let site = try SiteFixture(
      """
      -- Content/a.md --
      ---
      slug: 1️⃣b
      ---
      -- Content/b.md --
      B
      """)
    // At the slug that made the clash, naming the other page.
    #expect(
      site.buildError()
        == "\(site.location("1️⃣")): error: '/b/' is claimed by two pages: this one and Content/b.md"
        + "\n    hint: give one of them another 'slug'")
  }

  @Test func twoPagesClaimingOneURLWithoutASlugAreReportedAtTheLaterPath() throws {
    let site = try SiteFixture(
      """
      -- Content/docs.md --
      Docs page
      -- Content/docs/_index.md --
      Docs section
      """)
    #expect(
      site.buildError().hasPrefix(
        "Content/docs/_index.md:1:1: error: '/docs/' is claimed by two pages: this one and Content/docs.md"))
  }

  @Test func aPageAndASectionClaimingOneURLIsAnError() throws {
    let site = try SiteFixture(
      """
      -- Content/docs.md --
      Docs page
      -- Content/docs/_index.md --
      Docs section
      """)
    #expect(site.buildError().contains("'/docs/' is claimed by two pages"))
  }

  /// The page keeps its URL, as in Hugo; the alias is left out, with a warning at its place
  /// (AliasCollisionTests).
  @Test func anAliasOverAPageIsLeftOutWithAWarning() throws {
    let site = try SiteFixture(
      """
      -- Content/a.md --
      A
      -- Content/b.md --
      ---
      aliases: [1️⃣/a/]
      ---
      B
      """)
    let built = try site.build()
    #expect(
      built.warnings.contains { $0.hasPrefix("\(site.location("1️⃣")): warning: the alias '/a/' is left out") })
    #expect(built.text("a/index.html").contains("<p>A</p>"))
  }

  /// `redirects:` in folio.yaml: old URLs that send readers to a page named by its file as the
  /// project has it (through a mount), or to a URL of the site, without editing the page.
  @Test func redirectsInTheSettingsSendOldURLsToPages() throws {
    let site = try SiteFixture(
      """
      -- folio.yaml --
      mounts: [{source: content, target: /}]
      redirects:
        /2019/05/first-post.html: content/posts/first.md
        /old/guide/: /guide/
        /with%20space/: content/posts/first.md
      -- content/posts/first.md --
      ---
      title: First
      ---
      Hello.
      -- content/guide.md --
      Guide
      """)
    let built = try site.build()
    let refresh = #"<meta http-equiv="refresh" content="0; url=/posts/first/">"#
    #expect(built.text("2019/05/first-post.html").contains(refresh))
    #expect(built.text("with space/index.html").contains(refresh))
    #expect(built.text("old/guide/index.html").contains(#"content="0; url=/guide/">"#))
    #expect(!built.text("sitemap.xml").contains("first-post"))
  }

  /// A redirect to a file that is no page, over a page, or out of the site is an error at its
  /// line in folio.yaml.
  @Test func aRedirectThatCannotBeWrittenIsAnErrorAtItsSetting() throws {
    let site = try SiteFixture(
      """
      -- folio.yaml --
      redirects:
        1️⃣/old/: Content/missing.md
      -- Content/a.md --
      A
      """)
    #expect(
      site.buildError()
        == "\(site.location("1️⃣")): error: the redirect sends readers to 'Content/missing.md', which is no page of this build"
        + "\n    hint: name a page's file as it is in the project (content/posts/a.md) or a page's URL; a draft is no page unless --drafts is given"
    )
    try site.write("redirects:\n  /a/: Content/a.md\n", to: "folio.yaml")
    #expect(site.buildError().hasPrefix("folio.yaml:2:3: error: the alias '/a/' would replace '/a/'"))
    try site.write("redirects:\n  /%2e%2e/x/: Content/a.md\n", to: "folio.yaml")
    #expect(site.buildError().hasPrefix("folio.yaml:2:3: error: redirect '/%2e%2e/x/' leaves the site"))
    // A version-control folder, written or percent-encoded, is refused like any other route.
    for key in ["/.git/HEAD", "/%2Egit/x/"] {
      try site.write("redirects:\n  \(key): Content/a.md\n", to: "folio.yaml")
      #expect(site.buildError().hasPrefix("folio.yaml:2:3: error: redirect '\(key)' "))
      #expect(site.buildError().contains(".git"))
    }
    // A `?` written as it is ends the URL's path before the file; encoded, it is in the name.
    try site.write("redirects:\n  /old?x/: Content/a.md\n", to: "folio.yaml")
    #expect(
      site.buildError().hasPrefix(
        "folio.yaml:2:3: error: redirect '/old?x/' has '?', which ends a URL's path"))
    try site.write("redirects:\n  /old%3Fx/: Content/a.md\n", to: "folio.yaml")
    #expect(try site.build().text("old?x/index.html").contains("url=/a/"))
    try site.write("redirects:\n  old/: https://example.org/\n", to: "folio.yaml")
    #expect(
      site.buildError().hasPrefix("folio.yaml:2:3: error: the redirect 'old/' is not a URL of the site"))
  }

  /// Hugo reads an alias without a leading `/` from the page's folder: a moved page keeps its
  /// old neighbour's URL (`../readme` on /project/about/readme/ is /project/readme/).
  @Test func aRelativeAliasIsReadFromThePagesFolder() throws {
    let site = try SiteFixture(
      """
      -- Content/project/about/readme.md --
      ---
      aliases: [../readme, old-readme/, ./x.html]
      ---
      Read me.
      -- Content/top.md --
      ---
      aliases: [1️⃣../../up]
      ---
      Top.
      """)
    #expect(site.buildError().hasPrefix("\(site.location("1️⃣")): error: alias '../../up' leaves the site"))
    try site.write("Top.\n", to: "Content/top.md")
    let built = try site.build()
    #expect(built.text("project/readme/index.html").contains("/project/about/readme/"))
    #expect(built.text("project/about/old-readme/index.html").contains("/project/about/readme/"))
    #expect(built.text("project/about/x.html").contains("/project/about/readme/"))
  }
}

extension SiteStructureTests {
  @Test func aSectionWhereATaxonomyListsItsTermsIsAnError() throws {
    let site = try SiteFixture(
      """
      -- Content/tags/_index.md --
      Tags intro
      -- Content/a.md --
      ---
      tags: [x]
      ---
      """)
    #expect(
      site.buildError()
        == "Content/tags/_index.md:1:1: error: '/tags/' is claimed by Content/tags/_index.md and the 'tags' taxonomy"
        + "\n    hint: give the page another 'slug' or rename its file")
  }

  @Test func aPageWherePaginationGoesIsAnError() throws {
    var text = "-- folio.yaml --\npagination: 1\n-- Content/page/2.md --\n---\ndate: 2024-01-01\n---\n"
    text += "-- Content/b.md --\n---\ndate: 2024-01-02\n---\n-- Content/c.md --\n---\ndate: 2024-01-03\n---\n"
    let site = try SiteFixture(text)
    #expect(
      site.buildError().hasPrefix(
        "Content/page/2.md:1:1: error: '/page/2/' is claimed by Content/page/2.md and a page of a list"))
  }
}
