import Foundation
import Site
import TestSupport
import Testing

@testable import SiteLayout

/// What a page tells search engines and link previews (`page.meta` in the default theme's
/// head): its description, OpenGraph and Twitter card tags, canonical link and JSON-LD.
@Suite struct PageMetadataTests {
  static let site = """
    -- folio.yaml --
    title: Meta & Co
    description: The site's own sentence.
    baseURL: https://example.org/blog/
    -- Content/posts/_index.md --
    ---
    title: Posts
    ---
    -- Content/posts/a.md --
    ---
    title: "A </script><script>alert(1)</script> post"
    date: 2026-01-02
    updated: 2026-02-03
    description: "Fish & chips"
    author: Ann
    image: /images/cover.png
    ---
    Body.
    -- Content/posts/b.md --
    ---
    title: B
    date: 2026-01-03
    ---
    The first paragraph
    says what B is about.

    ![logo](/images/logo.svg) ![pic](pic.png)
    -- Content/about.md --
    ---
    title: About
    ---
    No image here.

    """

  private func fixture(_ text: String = site) throws -> SiteFixture {
    let fixture = try SiteFixture(text)
    try fixture.write(ImageBytes.png(1200, 630), to: "Content/images/cover.png")
    try fixture.write(ImageBytes.png(300, 200), to: "Content/posts/pic.png")
    try fixture.write(
      #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"/>"#, to: "Content/images/logo.svg")
    return fixture
  }

  /// The JSON-LD of `html`, parsed.
  private func linkedData(_ html: String) throws -> [[String: Any]] {
    let start = try #require(html.range(of: #"<script type="application/ld+json">"#))
    let end = try #require(html[start.upperBound...].range(of: "</script>"))
    let json = try JSONSerialization.jsonObject(with: Data(html[start.upperBound..<end.lowerBound].utf8))
    return try #require((json as? [String: Any])?["@graph"] as? [[String: Any]])
  }

  @Test func aPostHasItsDescriptionOpenGraphTwitterCardAndCanonicalLink() throws {
    let html = try fixture().build().text("posts/a/index.html")
    for tag in [
      #"<meta name="description" content="Fish &amp; chips">"#,
      #"<link rel="canonical" href="https://example.org/blog/posts/a/">"#,
      #"<meta property="og:title" content="A &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; post">"#,
      #"<meta property="og:type" content="article">"#,
      #"<meta property="og:url" content="https://example.org/blog/posts/a/">"#,
      #"<meta property="og:site_name" content="Meta &amp; Co">"#,
      #"<meta property="og:description" content="Fish &amp; chips">"#,
      #"<meta property="og:locale" content="en">"#,
      #"<meta property="og:image" content="https://example.org/blog/images/cover.png">"#,
      #"<meta property="og:image:width" content="1200">"#,
      #"<meta property="og:image:height" content="630">"#,
      #"<meta name="twitter:card" content="summary_large_image">"#,
    ] {
      #expect(html.contains(tag), "\(tag)")
    }
    #expect(html.components(separatedBy: #"name="description""#).count == 2, "one description")
  }

  /// The title holds `</script>`: in the JSON-LD it is `\u003c/script\u003e`, so it cannot end
  /// the element, and the data still reads back as the title.
  @Test func thePostsJSONLDIsAnArticleAndItsBreadcrumbs() throws {
    let html = try fixture().build().text("posts/a/index.html")
    #expect(
      html.contains(#""headline":"A \u003c/script\u003e\u003cscript\u003ealert(1)\u003c/script\u003e post""#))
    #expect(!html.contains("<script>alert"))
    let graph = try linkedData(html)
    let article = try #require(graph.first)
    #expect(article["@type"] as? String == "Article")
    #expect(article["headline"] as? String == "A </script><script>alert(1)</script> post")
    #expect((article["datePublished"] as? String)?.hasPrefix("2026-01-02") == true)
    #expect((article["dateModified"] as? String)?.hasPrefix("2026-02-03") == true)
    #expect(article["description"] as? String == "Fish & chips")
    #expect(article["image"] as? [String] == ["https://example.org/blog/images/cover.png"])
    #expect(article["inLanguage"] as? String == "en")
    #expect((article["author"] as? [[String: String]])?.first?["name"] == "Ann")
    let crumbs = try #require(graph.last?["itemListElement"] as? [[String: Any]])
    #expect(
      crumbs.map { $0["name"] as? String } == [
        "Meta & Co", "Posts", "A </script><script>alert(1)</script> post",
      ])
    #expect(
      crumbs.map { $0["item"] as? String } == [
        "https://example.org/blog/", "https://example.org/blog/posts/", "https://example.org/blog/posts/a/",
      ])
  }

  /// Without a description, a page's first paragraph describes it, and its first image is the
  /// preview's, with the file's size: the first but SVG ones, which previews do not show.
  @Test func aPageWithoutDescriptionUsesItsSummaryAndFirstImage() throws {
    let built = try fixture().build()
    let html = built.text("posts/b/index.html")
    #expect(html.contains(#"<meta name="description" content="The first paragraph says what B is about.">"#))
    #expect(html.contains(#"<meta property="og:image" content="https://example.org/blog/posts/pic.png">"#))
    #expect(html.contains(#"<meta property="og:image:width" content="300">"#))
    let about = built.text("about/index.html")
    #expect(about.contains(#"<meta property="og:type" content="website">"#))
    #expect(about.contains(#"<meta name="twitter:card" content="summary">"#))
    #expect(!about.contains("og:image"))
    #expect(try linkedData(about).map { $0["@type"] as? String } == ["BreadcrumbList"], "no Article")
  }

  @Test func listPagesUseTheSitesDescription() throws {
    let built = try fixture().build()
    for path in ["index.html", "posts/index.html", "tags/index.html"] where built.files[path] != nil {
      #expect(
        built.text(path).contains(#"<meta name="description" content="The site&#39;s own sentence.">"#),
        "\(path)")
    }
  }

  /// Without a base URL there is no absolute URL to give: the canonical link, `og:url` and the
  /// site's own images are left out, and the build says so once, naming the setting.
  @Test func withoutABaseURLAbsoluteURLsAreLeftOutWithOneWarning() throws {
    let fixture = try fixture(
      Self.site.replacingOccurrences(of: "baseURL: https://example.org/blog/\n", with: ""))
    var options = SiteBuilder.Options(projectRoot: fixture.root)
    options.context.warnsWithoutBaseURL = true  // as `folio build` asks
    let result = try SiteBuilder(options: options).render()
    let built = BuiltSite(files: result.files, warnings: result.warnings.map(\.description))
    let html = built.text("posts/a/index.html")
    #expect(!html.contains("rel=\"canonical\""))
    #expect(!html.contains("og:url"))
    #expect(!html.contains("og:image"))
    #expect(html.contains(#"<meta property="og:title""#))
    let warnings = built.warnings.filter { $0.contains("baseURL") }
    #expect(
      warnings == [
        "folio.yaml:1:1: warning: no baseURL is set, so pages have no canonical link, og:url or og:image, and the feeds and sitemap name http://localhost/\n    hint: set 'baseURL:' in folio.yaml to the address the site is published at (https://example.org/), or pass --base-url"
      ])
    options.context.baseURL = "https://preview.example.org/"
    #expect(
      try SiteBuilder(options: options).render().warnings.filter { $0.message.contains("baseURL") } == [])
    // A build that publishes nothing (folio check, a library's) is not told.
    #expect(try fixture.build().warnings.filter { $0.contains("baseURL") } == [])
  }

  @Test func translationsAreLocaleAlternates() throws {
    let site = try SiteFixture(
      """
      -- folio.yaml --
      title: T
      baseURL: https://example.org/
      language: en-GB
      languages: {en-GB: {name: English}, ja: {name: 日本語}}
      -- Content/a.md --
      ---
      title: A
      ---
      Text.
      -- Content/a.ja.md --
      ---
      title: エー
      ---
      本文
      """)
    let built = try site.build()
    let english = built.text("a/index.html")
    #expect(english.contains(#"<meta property="og:locale" content="en_GB">"#))
    #expect(english.contains(#"<meta property="og:locale:alternate" content="ja">"#))
    #expect(!english.contains(#"og:locale:alternate" content="en_GB""#))
  }

  @Test func openGraphLocalesAreLanguageUnderscoreTerritory() {
    #expect(TemplateContext.openGraphLocale("en-US") == "en_US")
    #expect(TemplateContext.openGraphLocale("zh-Hant-TW") == "zh_TW")
    #expect(TemplateContext.openGraphLocale("ja") == "ja")
  }
}
