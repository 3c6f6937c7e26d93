import Diagnostics
import Foundation
import Site
import SiteContent
import TestSupport
import Testing

/// `folio import`'s plans: the folio.yaml that builds a Hugo, Jekyll or MkDocs repository where
/// it is, and the notes on what it leaves out, at their places.
@Suite struct SiteImporterTests {
  private func plan(_ files: String) throws -> (ImportPlan, SiteFixture) {
    let site = try SiteFixture(files)
    return (try SiteImporter.plan(forRepositoryAt: site.root), site)
  }

  /// The settings lines of a plan, without its comments.
  private func settings(_ plan: ImportPlan) -> [String] {
    plan.settings.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") }
  }

  @Test func aHugoSiteKeepsItsFoldersURLsTaxonomiesAndMenu() throws {
    let (plan, site) = try plan(
      """
      -- hugo.yaml --
      baseURL: https://blog.example.org
      title: Ramblings
      languageCode: en-us
      theme: ananke
      disablePathToLower: false
      paginate: 5
      taxonomies: {tag: tags, series: series}
      permalinks: {post: "/:year/:month/:title"}
      params: {description: "A blog", author: Jess}
      menu:
        main:
          - {name: About, url: /about, weight: 2}
          - {name: Posts, pageRef: /post, weight: 1}
      markup: {goldmark: {renderer: {unsafe: true}}}
      googleAnalytics: UA-1
      -- content/post/First-Post.md --
      ---
      title: First Post
      date: 2021-01-22
      ---
      Hello.
      -- content/about.md --
      ---
      title: About
      ---
      Me.
      -- static/images/a.png --
      png
      """)
    #expect(plan.tool == .hugo)
    #expect(
      settings(plan) == [
        "title: Ramblings",
        "description: A blog",
        "baseURL: https://blog.example.org/",
        "language: en-us",
        "author: Jess",
        "mounts: [{source: content, target: /}, {source: static, target: /}]",
        "taxonomies: [tags, series]",
        "urls: {sanitize: true, lowercase: true, permalinks: {post: /:year/:month/:title/}}",
        "pagination: 5",
        "menu: [{title: Posts, url: /post/}, {title: About, url: /about/}]",
        "robots: false",
        "markdown: {shortcodes: true, unsafeHTML: true}",
        "params:",
        "  description: A blog",
        "  author: Jess",
        "checkLinks: warn",
        // Hugo's own layout names, which pages may keep in their front matter.
        "layouts: {list: page, single: page}",
      ])
    #expect(
      plan.notes.map(\.description) == [
        "hugo.yaml:4:8: warning: 'theme' is not carried over: Hugo themes are Go templates, which Folio does not run\n"
          + "    hint: the site builds with Folio's default theme; templates go in Templates/ (see docs/templates.md)",
        "hugo.yaml:14:40: note: raw HTML is published, as the Hugo site did (markup.goldmark.renderer.unsafe)\n"
          + "    hint: set markdown.unsafeHTML: false in folio.yaml unless every author is trusted",
        "hugo.yaml:15:18: warning: 'googleAnalytics' is not carried over: Folio has no such setting",
      ])

    // The plan builds, at Hugo's URLs.
    try site.write(plan.settings, to: "folio.yaml")
    let built = try site.build()
    #expect(built.files["2021/01/first-post/index.html"] != nil)
    #expect(built.files["about/index.html"] != nil)
    #expect(built.files["images/a.png"] == Array("png\n".utf8))
  }

  @Test func hugoSplitConfigurationAndPerLanguageContentFolders() throws {
    let (plan, _) = try plan(
      """
      -- config/_default/hugo.yaml --
      title: Docs
      defaultContentLanguage: en
      languages:
        en: {languageName: English, weight: 1, contentDir: content/en}
        ja: {languageName: 日本語, weight: 2, contentDir: content/ja}
      -- config/_default/menus.yaml --
      main:
        - {name: Docs, url: /docs/}
      -- config/_default/params.yaml --
      description: Everything
      -- content/en/_index.md --
      # Home
      -- content/ja/_index.md --
      # ホーム
      """)
    #expect(
      settings(plan) == [
        "title: Docs",
        "description: Everything",
        "language: en",
        "mounts: [{source: content/en, target: /}, {source: content/ja, target: ja}]",
        "languages: {en: {name: English}, ja: {name: 日本語}}",
        "taxonomies: [tags, categories]",
        "urls: {sanitize: true, lowercase: true}",
        "menu: [{title: Docs, url: /docs/}]",
        "robots: false",
        "markdown: {shortcodes: true}",
        "params:",
        "  description: Everything",
        "checkLinks: warn",
        "layouts: {list: page, single: page}",
      ])
  }

  @Test func anMkDocsSiteReadsItsDocsFolderAsTheContentAndItsNavAsTheMenuAndTheSidebar() throws {
    let (plan, site) = try plan(
      """
      -- mkdocs.yml --
      site_name: API docs
      site_url: https://docs.example.org/
      theme: {name: material}
      markdown_extensions:
        - admonition
        - pymdownx.emoji:
            emoji_index: !!python/name:material.extensions.emoji.twemoji
      nav:
        - Home: index.md
        - Guide:
          - Start: guide/start.md
      -- docs/index.md --
      # API docs
      -- docs/guide/start.md --
      # Start
      """)
    #expect(
      settings(plan) == [
        "title: API docs",
        "baseURL: https://docs.example.org/",
        "mounts: [{source: docs, target: /}]",
        "pagination: 0",
        "menu: [{title: Home, url: /}, {title: Guide, url: /guide/start/}]",
        "docs:",
        "  - section: /",
        "    nav:",
        "      - {Home: index.md}",
        "      - {Guide: [{Start: guide/start.md}]}",
        "checkLinks: warn",
      ])
    #expect(
      plan.notes.map { $0.location?.description ?? "" } == [
        "mkdocs.yml:3:8", "mkdocs.yml:6:5", "mkdocs.yml:9:3",
      ])
    try site.write(plan.settings, to: "folio.yaml")
    let built = try site.build()
    #expect(built.text("index.html").contains("API docs"))
    #expect(built.files["guide/start/index.html"] != nil)
    #expect(built.files["index/index.html"] == nil)
    // The whole site is documentation, its sidebar in the nav's order.
    let start = built.text("guide/start/index.html")
    #expect(start.contains(#"<details class="docs-sidebar-group" open><summary>Guide</summary>"#))
    #expect(start.contains(#"<a href="/" rel="prev">"#))
    #expect(built.warnings.isEmpty, "\(built.warnings)")
  }

  /// Hugo's `uglyURLs` and MkDocs' `use_directory_urls: false` publish each page as a file:
  /// `urls.style: files` keeps those URLs.
  @Test func pagesPublishedAsFilesStayFiles() throws {
    let (hugo, hugoSite) = try plan(
      """
      -- hugo.toml --
      uglyURLs = true
      -- content/post/first.md --
      First
      """)
    #expect(settings(hugo).contains("urls: {sanitize: true, lowercase: true, style: files}"))
    try hugoSite.write(hugo.settings, to: "folio.yaml")
    #expect(try hugoSite.build().files["post/first.html"] != nil)
    let (mkdocs, mkdocsSite) = try plan(
      """
      -- mkdocs.yml --
      site_name: Docs
      use_directory_urls: false
      -- docs/index.md --
      # Docs
      -- docs/guide/start.md --
      # Start
      """)
    #expect(settings(mkdocs).contains("urls: {style: files}"))
    #expect(mkdocs.notes.isEmpty)
    try mkdocsSite.write(mkdocs.settings, to: "folio.yaml")
    let built = try mkdocsSite.build()
    #expect(built.files["guide/start.html"] != nil && built.files["index.html"] != nil)
  }

  /// Git dates and edit links carry over: Hugo's `enableGitInfo`, MkDocs' Git date plugins and
  /// its `repo_url` (with `edit_uri`, or MkDocs' default for GitHub), and the built page links
  /// to its file where MkDocs linked it.
  @Test func gitDatesAndEditLinksCarryOver() throws {
    let (hugo, _) = try plan(
      """
      -- hugo.toml --
      title = "T"
      enableGitInfo = true
      -- content/a.md --
      A.
      """)
    #expect(settings(hugo).contains("lastUpdated: git"))
    let (mkdocs, site) = try plan(
      """
      -- mkdocs.yml --
      site_name: Docs
      repo_url: https://github.com/acme/docs
      plugins: [git-revision-date-localized]
      -- docs/guide/start.md --
      # Start
      """)
    #expect(settings(mkdocs).contains("lastUpdated: git"))
    #expect(settings(mkdocs).contains("repository: {editURL: https://github.com/acme/docs/edit/master/}"))
    #expect(mkdocs.notes.isEmpty)
    try site.write(mkdocs.settings, to: "folio.yaml")
    #expect(
      try site.build().text("guide/start/index.html").contains(
        #"href="https://github.com/acme/docs/edit/master/docs/guide/start.md""#))
    let (written, _) = try plan(
      """
      -- mkdocs.yml --
      site_name: Docs
      repo_url: https://git.example.org/acme/docs/
      edit_uri: src/trunk/docs/
      -- docs/index.md --
      # Home
      """)
    #expect(
      settings(written).contains("repository: {editURL: https://git.example.org/acme/docs/src/trunk/}"))
  }

  @Test func aJekyllSiteMountsItsPostsAndCollectionsWithTheirPermalinks() throws {
    let (plan, site) = try plan(
      """
      -- _config.yml --
      title: Notes
      url: https://example.org
      baseurl: /notes
      permalink: pretty
      collections:
        recipes: {output: true, permalink: "/food/:title/"}
        drafts_box: {output: false}
      -- _posts/2020-01-02-hello.md --
      ---
      title: Hello there
      tags: swift ios
      ---
      Hi.
      -- _recipes/soup.md --
      Soup.
      -- about.md --
      About.
      """)
    #expect(
      settings(plan) == [
        "title: Notes",
        "baseURL: https://example.org/notes/",
        "mounts: [{source: _posts, target: _posts}, {source: _recipes, target: recipes}, {source: ., target: /}]",
        "urls: {permalinks: {_posts: /:year/:month/:day/:slug/, recipes: /food/:slug/}}",
        "taxonomies: [{name: tags, words: true}, {name: categories, words: true}]",
        "markdown: {liquid: true}",
        "checkLinks: warn",
        "layouts: {default: page, post: page}",
      ])
    #expect(
      plan.notes.map(\.message) == [
        "the permalink 'pretty' becomes '/:year/:month/:day/:slug/': categories are not part of the URL"
      ])
    try site.write(plan.settings, to: "folio.yaml")
    let built = try site.build()
    #expect(built.files["about/index.html"] != nil)
    #expect(built.files["food/soup/index.html"] != nil)
    // Jekyll's URL: the date and the title from the file's name.
    #expect(built.files["2020/01/02/hello/index.html"] != nil)
    // Jekyll's tags written as words in one string.
    #expect(built.files["tags/swift/index.html"] != nil && built.files["tags/ios/index.html"] != nil)
  }

  /// Jekyll's default permalink style, `date`, publishes posts and pages as `.html` files: they
  /// stay at those URLs.
  @Test func jekyllsDatedHTMLPostURLsAreKept() throws {
    let (plan, site) = try plan(
      """
      -- _config.yml --
      title: Notes
      -- _posts/2020-01-02-hello.md --
      ---
      title: Hello
      ---
      Hi.
      -- about.md --
      See [the post]({% post_url 2020-01-02-hello %}).
      """)
    #expect(
      settings(plan).contains("urls: {style: files, permalinks: {_posts: /:year/:month/:day/:slug.html}}"))
    try site.write(plan.settings, to: "folio.yaml")
    let built = try site.build()
    #expect(built.text("2020/01/02/hello.html").contains("<p>Hi.</p>"))
    // Pages too are files in that style, as Jekyll publishes them.
    #expect(built.text("about.html").contains("href=\"/2020/01/02/hello.html\""))
  }

  @Test func aFolderWithoutAnotherToolsSettingsIsAnErrorThatSaysWhatWasLookedFor() throws {
    let site = try SiteFixture("-- readme.md --\nhi\n")
    #expect(throws: DiagnosticError.self) { try SiteImporter.plan(forRepositoryAt: site.root) }
    do {
      _ = try SiteImporter.plan(forRepositoryAt: site.root)
    } catch let error as DiagnosticError {
      #expect(error.diagnostics.first?.hint?.contains("mkdocs.yml") == true)
    }
  }
}
