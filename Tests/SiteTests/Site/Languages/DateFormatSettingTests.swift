import Site
import TestSupport
import Testing

/// Dates are in one format per language whether or not `languages:` is set, and a top-level
/// `dateFormat` chooses the site language's.
@Suite struct DateFormatSettingTests {
  private static let post = "-- Content/posts/a.md --\n---\ntitle: A\ndate: 2026-12-04\n---\nA.\n"
  private static let time = "<time datetime=\"2026-12-04T00:00:00Z\">"

  @Test func anEnglishSiteShowsTheSameDateWithOrWithoutLanguages() throws {
    let one = try SiteFixture("-- folio.yaml --\ntitle: S\nlanguage: en\n" + Self.post).build()
    let two = try SiteFixture(
      "-- folio.yaml --\ntitle: S\nlanguage: en\nlanguages: {en: {}, ja: {}}\n" + Self.post
    ).build()
    for built in [one, two] {
      #expect(built.text("posts/a/index.html").contains(Self.time + "December 4, 2026</time>"))
      #expect(built.text("index.html").contains(Self.time + "December 4, 2026</time>"))
    }
  }

  @Test func aTopLevelDateFormatSetsAOneLanguageSitesDates() throws {
    let built = try SiteFixture("-- folio.yaml --\ntitle: S\ndateFormat: \"%Y-%m-%d\"\n" + Self.post).build()
    #expect(built.text("posts/a/index.html").contains(Self.time + "2026-12-04</time>"))
    #expect(built.text("index.html").contains(Self.time + "2026-12-04</time>"))
  }

  @Test func aPageInAnotherLanguageShowsThatLanguagesDates() throws {
    let built = try SiteFixture(
      "-- folio.yaml --\ntitle: S\ndateFormat: \"%d.%m.%Y\"\n" + Self.post
        + "-- Content/posts/b.md --\n---\ntitle: B\nlang: ja\ndate: 2026-12-04\n---\nB.\n"
    ).build()
    #expect(built.text("posts/a/index.html").contains(Self.time + "04.12.2026</time>"))
    #expect(built.text("posts/b/index.html").contains(Self.time + "2026年12月4日</time>"))
  }

  @Test func onAMultilingualSiteTheTopLevelFormatIsTheDefaultLanguagesUnlessItHasItsOwn() throws {
    let site =
      "-- folio.yaml --\ntitle: S\ndateFormat: \"%-d %b %Y\"\nlanguages: {en: {}, ja: {}}\n" + Self.post
    let built = try SiteFixture(site + "-- Content/posts/a.ja.md --\n---\ndate: 2026-12-04\n---\nA\n").build()
    #expect(built.text("posts/a/index.html").contains(Self.time + "4 Dec 2026</time>"))
    #expect(built.text("ja/posts/a/index.html").contains(Self.time + "2026年12月4日</time>"))
    let own = try SiteFixture(
      site.replacingOccurrences(of: "en: {}", with: "en: {dateFormat: \"%Y/%m/%d\"}")
    ).build()
    #expect(own.text("posts/a/index.html").contains(Self.time + "2026/12/04</time>"))
  }
}
