import TestSupport
import Testing

/// What layouts receive, seen through the default theme and small site templates.
@Suite struct TemplateContextTests {
  @Test func htmlLangComesFromThePageElseTheSite() throws {
    let site = try SiteFixture(
      """
      -- folio.yaml --
      language: ja
      -- Content/ja.md --
      日本語
      -- Content/en.md --
      ---
      lang: en
      ---
      English
      """)
    let built = try site.build()
    #expect(built.text("ja/index.html").hasPrefix("<!DOCTYPE html>\n<html lang=\"ja\">\n"))
    #expect(built.text("en/index.html").hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">\n"))
    #expect(built.text("index.html").hasPrefix("<!DOCTYPE html>\n<html lang=\"ja\">\n"))
    #expect(built.text("404.html").hasPrefix("<!DOCTYPE html>\n<html lang=\"ja\">\n"))
  }

  @Test func japanesePagesGetJapaneseLabels() throws {
    let site = try SiteFixture(
      """
      -- folio.yaml --
      language: ja
      -- Content/posts/a.md --
      ---
      title: 一
      date: 2024-01-02
      ---
      最初の段落。

      続き。
      -- Content/posts/b.md --
      ---
      title: 二
      date: 2024-01-01
      ---
      本文。
      """)
    let built = try site.build()
    let home = built.text("index.html")
    #expect(home.contains(#"<span class="site-menu-icon" aria-hidden="true"></span>メニュー</summary>"#))
    #expect(home.contains(##"<a class="skip-link" href="#main">本文へ移動</a>"##))
    let first = built.text("posts/a/index.html")
    #expect(
      first.contains(
        #"<li class="page-nav-next"><a href="/posts/b/" rel="next"><span class="page-nav-label">次へ</span> 二</a></li>"#
      ))
    #expect(built.text("404.html").contains("<h1 class=\"page-title\">ページが見つかりません</h1>"))
  }

  @Test func aSiteTemplateReplacesOneDefaultAndTheOthersRemain() throws {
    let site = try SiteFixture(
      """
      -- Templates/page.mustache --
      <p>custom {{page.title}}</p>
      -- Templates/partials/footer.mustache --
      <footer>my footer</footer>
      -- Content/_index.md --
      Home
      -- Content/a.md --
      # A
      """)
    let built = try site.build()
    #expect(built.text("a/index.html") == "<p>custom A</p>\n")
    let home = built.text("index.html")
    #expect(home.contains(#"<section class="home-intro" aria-labelledby="home-title">"#))
    #expect(home.contains("<footer>my footer</footer>\n</body>"))
    #expect(built.files["assets/folio.css"] != nil)
  }

  @Test func jsonFrontMatterWorksLikeYAML() throws {
    let site = try SiteFixture(
      """
      -- Templates/page.mustache --
      {{page.title}} {{page.date}} {{#page.tags}}[{{name}} {{url}}]{{/page.tags}} {{page.params.mood}}
      {{{page.content}}}
      -- Content/a.md --
      {
        "title": "JSON {page}",
        "date": "2024-02-03",
        "tags": ["x"],
        "mood": "calm"
      }
      Body on line 7.
      """)
    #expect(
      try site.build().text("a/index.html")
        == "JSON {page} 2024-02-03 [x /tags/x/] calm\n<p>Body on line 7.</p>\n\n")
  }

  @Test func menuMarksTheCurrentSection() throws {
    let site = try SiteFixture(
      """
      -- folio.yaml --
      menu: [{title: Home, url: /}, {title: Docs, url: /docs/}]
      -- Content/docs/a.md --
      A
      """)
    let html = try site.build().text("docs/a/index.html")
    #expect(
      html.contains(#"<li><a href="/">Home</a></li><li><a href="/docs/" aria-current="page">Docs</a></li>"#))
  }

  @Test func whatAPartialOrAPagesOwnLayoutReadsIsStillThere() throws {
    // The layouts in use read only some members: those a partial names, or a layout one page
    // asks for, still reach it; the rest are left out without a visible difference.
    let site = try SiteFixture(
      """
      -- folio.yaml --
      title: Small
      baseURL: https://example.org/
      description: A site.
      -- Templates/page.mustache --
      <title>{{page.title}}</title>{{{page.content}}}{{>partials/head}}
      -- Templates/partials/head.mustache --
      <meta name="description" content="{{page.meta.description}}">
      -- Templates/section.mustache --
      <ul>{{#list.pages}}<li>{{title}} {{date}}</li>{{/list.pages}}</ul>
      -- Templates/home.mustache --
      home
      -- Templates/contents.mustache --
      {{#page.toc}}<a href="#{{id}}">{{title}}</a>{{/page.toc}}
      -- Content/posts/_index.md --
      ---
      title: Posts
      ---
      -- Content/posts/a.md --
      ---
      title: A
      date: 2024-01-02
      ---
      The first paragraph.
      -- Content/posts/b.md --
      ---
      title: B
      layout: contents
      ---
      ## One

      ## Two
      """)
    let built = try site.build()
    #expect(
      built.text("posts/a/index.html").contains(#"<meta name="description" content="The first paragraph.">"#))
    #expect(built.text("posts/index.html").contains("<li>A 2024-01-02</li>"))
    #expect(built.text("posts/b/index.html").contains(##"<a href="#one">One</a><a href="#two">Two</a>"##))
  }
}
