import Foundation
import Site
import TestSupport
import Testing

/// A site in English and Japanese: URLs, per-language structure, alternates, feeds and dates.
@Suite struct MultilingualSiteTests {
  static let site = """
    -- folio.yaml --
    title: Site
    baseURL: https://example.org/
    language: en
    pagination: 2
    languages:
      en: {name: English}
      ja: {name: 日本語, title: サイト}
    -- Content/_index.md --
    ---
    title: Home
    ---
    Welcome.
    -- Content/_index.ja.md --
    ---
    title: ホーム
    ---
    ようこそ。
    -- Content/posts/_index.md --
    ---
    title: Posts
    ---
    -- Content/posts/_index.ja.md --
    ---
    title: 記事
    ---
    -- Content/posts/a.md --
    ---
    title: A
    date: 2026-11-20
    tags: [swift]
    ---
    First.
    -- Content/posts/a.ja.md --
    ---
    title: エー
    date: 2026-11-20
    tags: [swift]
    ---
    一つ目。
    -- Content/posts/b.md --
    ---
    title: B
    date: 2026-11-21
    tags: [swift]
    ---
    English only.
    -- Content/posts/c.md --
    ---
    title: C
    date: 2026-11-22
    ---
    Third.
    -- Content/about.md --
    ---
    title: About
    translationKey: about
    ---
    About us.
    -- Content/watashi.md --
    ---
    title: 私たち
    lang: ja
    translationKey: about
    ---
    私たちについて。
    -- Content/ja/only.md --
    ---
    title: 日本語だけ
    ---
    日本語だけのページ。

    """

  /// The `hreflang` alternates of an HTML page: language → absolute URL.
  static func alternates(_ html: String) -> [String: String] {
    var found: [String: String] = [:]
    let pattern = #/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/#
    for match in html.matches(of: pattern) { found[String(match.1)] = String(match.2) }
    return found
  }

  @Test func eachLanguageHasItsURLsAndAPageWithoutTranslationOnlyItsOwn() throws {
    let built = try SiteFixture(Self.site).build()
    for path in [
      "index.html", "ja/index.html", "posts/index.html", "posts/page/2/index.html", "ja/posts/index.html",
      "posts/a/index.html", "ja/posts/a/index.html", "posts/b/index.html", "about/index.html",
      "ja/watashi/index.html", "ja/only/index.html", "tags/swift/index.html", "ja/tags/swift/index.html",
      "tags/index.html", "ja/tags/index.html", "404.html", "ja/404.html", "atom.xml", "rss.xml",
      "ja/atom.xml", "ja/rss.xml", "page/2/index.html",
    ] {
      #expect(built.files[path] != nil, "\(path)")
    }
    // Untranslated pages exist in their language only; the Japanese lists have one page.
    for path in [
      "ja/posts/b/index.html", "ja/posts/c/index.html", "ja/about/index.html", "ja/ja/only/index.html",
    ] {
      #expect(built.files[path] == nil, "\(path)")
    }
    #expect(built.files["ja/page/2/index.html"] == nil)
    #expect(built.files["ja/posts/page/2/index.html"] == nil)
    #expect(built.text("ja/posts/a/index.html").contains("<html lang=\"ja\">"))
    #expect(built.text("posts/a/index.html").contains("<html lang=\"en\">"))
    #expect(built.text("ja/404.html").contains("<html lang=\"ja\">"))
    #expect(built.text("ja/404.html").contains("ページが見つかりません"))
  }

  @Test func aLinkToAPageThatItsLangFieldMovesLeadsToWhereThePageIs() throws {
    // `watashi.md` is Japanese by its field, not its file name: its URL is /ja/watashi/, not
    // the /watashi/ its name suggests, and a link to the file must say so.
    let built = try SiteFixture(
      Self.site + """
        -- Content/links.md --
        ---
        title: Links
        ---
        [Us](watashi.md) and [only](ja/only.md).

        """
    ).build()
    let html = built.text("links/index.html")
    #expect(html.contains(#"<a href="/ja/watashi/">Us</a>"#))
    #expect(html.contains(#"<a href="/ja/only/">only</a>"#))
    #expect(
      !built.warnings.contains { $0.contains("Content/links.md") && $0.contains("broken") },
      "\(built.warnings)")
  }

  @Test func eachLanguageHasASearchPageThatItsHeaderBoxLeadsTo() throws {
    let built = try SiteFixture(
      Self.site.replacingOccurrences(of: "pagination: 2\n", with: "pagination: 2\nsearch: true\n")
    )
    .build()
    let english = built.text("search/index.html")
    let japanese = built.text("ja/search/index.html")
    #expect(english.contains("<html lang=\"en\">"))
    #expect(japanese.contains("<html lang=\"ja\">"))
    #expect(japanese.contains("<h1 class=\"page-title\" id=\"folio-search-title\">検索</h1>"))
    #expect(
      built.text("ja/posts/a/index.html").contains(
        #"<form class="site-search" role="search" action="/ja/search/""#))
    #expect(
      built.text("posts/a/index.html").contains(#"<form class="site-search" role="search" action="/search/""#)
    )
    // Both pages offer both indexes, by the languages' names; each is the other's translation.
    #expect(japanese.contains(#"<option value="ja" data-index="/search/ja/">日本語</option>"#))
    #expect(english.contains(#"<option value="en" data-index="/search/en/">English</option>"#))
    // Each language's search stays its own: no index holds the other language's pages.
    #expect(!built.text("search/en/meta.json").contains("pageLanguages"))
    #expect(!built.text("search/ja/meta.json").contains("pageLanguages"))
    #expect(
      Self.alternates(japanese) == [
        "en": "https://example.org/search/", "ja": "https://example.org/ja/search/",
        "x-default": "https://example.org/search/",
      ])
  }

  @Test func everyAlternateSetIsSymmetricAbsoluteAndHasXDefault() throws {
    let built = try SiteFixture(Self.site).build()
    var checked = 0
    for path in built.paths where path.hasSuffix(".html") {
      let set = Self.alternates(built.text(path))
      guard !set.isEmpty else { continue }
      checked += 1
      let own = "https://example.org/" + (path.hasSuffix("index.html") ? String(path.dropLast(10)) : path)
      #expect(set.values.contains(own), "\(path) does not list itself: \(set)")
      #expect(set["x-default"] == set["en"], "\(path): \(set)")
      for (language, url) in set {
        #expect(url.hasPrefix("https://example.org/"), "\(path): \(language) \(url)")
        var target = String(url.dropFirst("https://example.org/".count))
        if target.isEmpty || target.hasSuffix("/") { target += "index.html" }
        #expect(Self.alternates(built.text(target)) == set, "\(target) lists another set than \(path)")
      }
    }
    // Pages, sections, homes, pager pages, taxonomies, terms and the 404 pages have translations.
    #expect(checked >= 12)
    #expect(
      Self.alternates(built.text("posts/a/index.html")) == [
        "en": "https://example.org/posts/a/", "ja": "https://example.org/ja/posts/a/",
        "x-default": "https://example.org/posts/a/",
      ])
    #expect(Self.alternates(built.text("posts/b/index.html")).isEmpty)
    #expect(Self.alternates(built.text("ja/only/index.html")).isEmpty)
    #expect(
      Self.alternates(built.text("ja/tags/swift/index.html"))["en"] == "https://example.org/tags/swift/")
    #expect(Self.alternates(built.text("ja/404.html"))["x-default"] == "https://example.org/404.html")
  }

  @Test func translationKeyLinksPagesWhoseNamesDiffer() throws {
    let built = try SiteFixture(Self.site).build()
    #expect(
      Self.alternates(built.text("about/index.html")) == [
        "en": "https://example.org/about/", "ja": "https://example.org/ja/watashi/",
        "x-default": "https://example.org/about/",
      ])
  }

  @Test func listsTermsFeedsAndPaginationNeverMixLanguages() throws {
    let built = try SiteFixture(Self.site).build()
    let japaneseTag = built.text("ja/tags/swift/index.html")
    #expect(japaneseTag.contains("href=\"/ja/posts/a/\""))
    #expect(!japaneseTag.contains("href=\"/posts/b/\"") && !japaneseTag.contains("href=\"/posts/a/\""))
    let englishTag = built.text("tags/swift/index.html")
    #expect(englishTag.contains("href=\"/posts/a/\"") && englishTag.contains("href=\"/posts/b/\""))
    #expect(!englishTag.contains("/ja/posts/a/\">エー"))
    let japaneseHome = built.text("ja/index.html")
    #expect(japaneseHome.contains("href=\"/ja/posts/a/\">エー</a>"))
    #expect(!japaneseHome.contains(">B</a>"))
    #expect(!built.text("ja/posts/index.html").contains("/posts/c/"))
    // English: a, b, c on two pages of two.
    #expect(built.text("posts/page/2/index.html").contains("href=\"/posts/a/\">A</a>"))
    let japaneseFeed = built.text("ja/atom.xml")
    #expect(japaneseFeed.contains("xml:lang=\"ja\""))
    #expect(japaneseFeed.contains("<title>サイト</title>"))
    #expect(japaneseFeed.contains("<link href=\"https://example.org/ja/atom.xml\" rel=\"self\"/>"))
    #expect(japaneseFeed.contains("https://example.org/ja/posts/a/"))
    #expect(!japaneseFeed.contains("https://example.org/posts/"))
    let englishFeed = built.text("atom.xml")
    #expect(englishFeed.contains("https://example.org/posts/b/") && !englishFeed.contains("/ja/"))
    #expect(built.text("ja/rss.xml").contains("<language>ja</language>"))
  }

  @Test func eachLanguageIsPaginatedOnItsOwn() throws {
    let built = try SiteFixture(
      Self.site
        + "-- Content/posts/d.ja.md --\n---\ntitle: ディー\ndate: 2026-11-23\n---\nD\n"
        + "-- Content/posts/e.ja.md --\n---\ntitle: イー\ndate: 2026-11-24\n---\nE\n"
    ).build()
    // Japanese: e, d, a on two pages of two; English: c, b, a, as before.
    let second = built.text("ja/posts/page/2/index.html")
    #expect(second.contains("href=\"/ja/posts/a/\">エー</a>"))
    #expect(!second.contains("href=\"/posts/a/\"") && !second.contains("href=\"/posts/b/\""))
    #expect(built.text("ja/posts/index.html").contains("href=\"/ja/posts/page/2/\""))
    #expect(built.text("posts/page/2/index.html").contains("href=\"/posts/a/\">A</a>"))
    #expect(built.text("ja/page/2/index.html").contains("href=\"/ja/posts/a/\">エー</a>"))
    // Page 2 of each list is the other's translation.
    #expect(
      Self.alternates(built.text("ja/posts/page/2/index.html"))["en"] == "https://example.org/posts/page/2/")
  }

  @Test func datesAndLabelsAreInThePagesLanguage() throws {
    let built = try SiteFixture(Self.site).build()
    let english = built.text("posts/a/index.html")
    #expect(english.contains("<time datetime=\"2026-11-20T00:00:00Z\">November 20, 2026</time>"))
    #expect(english.contains("Skip to content"))
    let japanese = built.text("ja/posts/a/index.html")
    #expect(japanese.contains("<time datetime=\"2026-11-20T00:00:00Z\">2026年11月20日</time>"))
    #expect(japanese.contains("本文へ移動"))
    #expect(
      built.text("ja/index.html").contains("<time datetime=\"2026-11-20T00:00:00Z\">2026年11月20日</time>"))
  }

  @Test func theSwitcherLinksTranslationsElseTheLanguagesHome() throws {
    let built = try SiteFixture(Self.site).build()
    let translated = built.text("ja/posts/a/index.html")
    #expect(translated.contains("<nav class=\"language-switcher\" aria-label=\"言語\">"))
    #expect(
      translated.contains("<a href=\"/posts/a/\" hreflang=\"en\" lang=\"en\" rel=\"alternate\">English</a>"))
    #expect(
      translated.contains(
        "<a href=\"/ja/posts/a/\" hreflang=\"ja\" lang=\"ja\" aria-current=\"page\">日本語</a>"))
    // B has no Japanese version: the switcher leads to the Japanese home page.
    #expect(built.text("posts/b/index.html").contains("<a href=\"/ja/\" hreflang=\"ja\" lang=\"ja\">日本語</a>"))
    #expect(built.text("ja/posts/a/index.html").contains("<a class=\"site-title\" href=\"/ja/\">サイト</a>"))
  }

  @Test func theSitemapCarriesTheAlternates() throws {
    let sitemap = try SiteFixture(Self.site).build().text("sitemap.xml")
    #expect(sitemap.contains("xmlns:xhtml=\"http://www.w3.org/1999/xhtml\""))
    #expect(
      sitemap.contains(
        "<url><loc>https://example.org/ja/posts/a/</loc><lastmod>2026-11-20</lastmod>"
          + "<xhtml:link rel=\"alternate\" hreflang=\"en\" href=\"https://example.org/posts/a/\"/>"
          + "<xhtml:link rel=\"alternate\" hreflang=\"ja\" href=\"https://example.org/ja/posts/a/\"/>"
          + "<xhtml:link rel=\"alternate\" hreflang=\"x-default\" href=\"https://example.org/posts/a/\"/></url>"
      ))
    #expect(
      sitemap.contains("<url><loc>https://example.org/posts/b/</loc><lastmod>2026-11-21</lastmod></url>"))
  }

  @Test func aRedirectIsInTheLanguageOfThePageItLeadsTo() throws {
    let built = try SiteFixture(
      Self.site
        + "-- Content/moved.ja.md --\n---\ntitle: 移動\naliases: [/old/ja/]\n---\n移動しました。\n"
        + "-- Content/moved.md --\n---\ntitle: Moved\naliases: [/old/en/]\n---\nMoved.\n"
    ).build()
    let japanese = built.text("old/ja/index.html")
    #expect(japanese.hasPrefix("<!DOCTYPE html>\n<html lang=\"ja\"><head>"))
    #expect(japanese.contains(#"<meta http-equiv="refresh" content="0; url=/ja/moved/">"#))
    #expect(built.text("old/en/index.html").hasPrefix("<!DOCTYPE html>\n<html lang=\"en\"><head>"))
  }

  @Test func aOneLanguageSiteHasNoAlternatesNorSwitcher() throws {
    let built = try SiteFixture(
      "-- folio.yaml --\ntitle: One\nlanguage: ja\n-- Content/a.md --\n---\ndate: 2026-11-20\n---\nA.\n"
        + "-- Content/a.ja.md --\nA in a file whose name only looks like a translation.\n"
    ).build()
    let page = built.text("a/index.html")
    #expect(Self.alternates(page).isEmpty)
    #expect(!page.contains("language-switcher"))
    // Japanese dates, as on a site with `languages:` (DateFormatSettingTests).
    #expect(page.contains("<time datetime=\"2026-11-20T00:00:00Z\">2026年11月20日</time>"))
    #expect(built.files["a.ja/index.html"] != nil)
    #expect(built.files["assets/folio-languages.css"] == nil)
    #expect(!built.text("sitemap.xml").contains("xhtml"))
  }
}
