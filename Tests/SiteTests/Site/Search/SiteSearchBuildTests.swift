import Foundation
import Site
import TestSupport
import Testing

/// `search: true` in a build: the index files, the `/search/` page, the header box, and a
/// rebuild after an edit that changes only the files of the edited page's terms.
@Suite struct SiteSearchBuildTests {
  static let site = """
    -- folio.yaml --
    title: Searchable
    language: en
    search: true
    -- Content/posts/a.md --
    ---
    title: Apples
    date: 2026-01-01
    ---
    Red apples grow on trees.

    ```sh
    secretcommand --flag
    ```
    -- Content/posts/b.md --
    ---
    title: Bananas
    date: 2026-01-02
    ---
    Yellow bananas.
    -- Content/ja/c.md --
    ---
    title: 新幹線
    lang: ja
    ---
    東京から新大阪まで。

    """

  /// A one-language site searches every page in one index, whatever its `lang` (issue 31: a
  /// Japanese blog's English post was found only after switching the search page's language).
  @Test func writesOneIndexOfEveryPageOnAOneLanguageSiteAndTheSearchPage() throws {
    let built = try SiteFixture(Self.site).build()
    #expect(built.paths.contains("search/index.html"))
    #expect(built.paths.contains("search/en/meta.json"))
    #expect(!built.paths.contains { $0.hasPrefix("search/ja/") })
    let meta = built.text("search/en/meta.json")
    #expect(meta.contains("\"pages\":3,"))
    // The Japanese page is undated, so last in the index's order: page 2.
    #expect(meta.contains(",\"pageLanguages\":{\"ja\":[2]},"))
    #expect(built.text("search/en/p/0.json").contains("\"url\":\"/ja/c/\""))
    #expect(!built.text("search/index.html").contains("<select class=\"folio-search-language\""))
    #expect(built.paths.contains("assets/folio-search.js"))
    let page = built.text("search/index.html")
    #expect(page.contains("<input class=\"folio-search-input\" type=\"search\""))
    #expect(page.contains("aria-live=\"polite\""))
    #expect(page.contains("<script src=\"/assets/folio-search.js\" defer></script>"))
    #expect(page.contains("<a href=\"/sitemap.xml\">"))
    #expect(!page.contains("<script>") && !page.contains("style="))
    #expect(
      built.text("posts/a/index.html").contains(
        "<form class=\"site-search\" role=\"search\" action=\"/search/\""))
  }

  @Test func codeBlocksAreNotIndexedUnlessAsked() throws {
    let terms = { (built: BuiltSite) in
      Set(built.paths.filter { $0.hasPrefix("search/en/t/") }.flatMap { shardTerms(built.files[$0] ?? []) })
    }
    let plain = try SiteFixture(Self.site).build()
    #expect(terms(plain).contains("apples"))
    #expect(!terms(plain).contains("secretcommand"))
    let withCode = try SiteFixture(
      Self.site.replacingOccurrences(of: "search: true", with: "search: {code: true}")
    ).build()
    #expect(terms(withCode).contains("secretcommand"))
  }

  @Test func offByDefault() throws {
    let built = try SiteFixture(Self.site.replacingOccurrences(of: "search: true\n", with: "")).build()
    #expect(!built.paths.contains { $0.hasPrefix("search/") })
    #expect(!built.text("posts/a/index.html").contains("site-search"))
  }

  @Test func aPageAtSearchReplacesTheSearchPage() throws {
    let built = try SiteFixture(
      Self.site + "-- Content/search.md --\n---\ntitle: Find\nlayout: search\n---\n"
    )
    .build()
    #expect(built.text("search/index.html").contains("<title>Find – Searchable</title>"))
    #expect(built.text("search/index.html").contains("data-folio-search"))
  }

  @Test func anUnknownSearchSettingNamesTheKnownOne() throws {
    let errors = try SiteFixture(
      Self.site.replacingOccurrences(of: "search: true", with: "search: {cod: true}")
    )
    .buildErrors()
    #expect(errors.map(\.message).contains { $0.contains("cod") })
  }

  @Test func anEditRewritesOnlyTheShardsOfItsTerms() throws {
    var big = Self.site
    // Enough pages for several shards.
    for number in 0..<1200 {
      big +=
        "-- Content/many/p\(number).md --\n---\ntitle: Page \(number)\n---\nword\(number) kilo\(number) lima\(number) common text.\n"
    }
    let fixture = try SiteFixture(big)
    let session = SiteSession(options: .init(projectRoot: fixture.root))
    let first = try session.build()
    let shards = first.files.keys.filter { $0.hasPrefix("search/en/t/") }
    #expect(shards.count >= 6)
    try fixture.write(
      "---\ntitle: Page 7\n---\nword7 kilo7 lima7 common text, now with zebra.\n", to: "Content/many/p7.md")
    let update = try session.rebuild(.plan(for: ["Content/many/p7.md"]))
    let changedShards = update.changedPaths.filter { $0.hasPrefix("search/en/t/") }
    // Only shards that hold a term of the page, before or after the edit, change.
    let terms: Set = ["7", "page", "word7", "kilo7", "lima7", "common", "text", "now", "with", "zebra"]
    #expect(!changedShards.isEmpty)
    #expect(changedShards.count < shards.count)
    for path in changedShards {
      let held = shardTerms(update.result.files[path] ?? [])
      #expect(held.contains { terms.contains($0) }, "\(path) changed without a term of the page")
    }
    #expect(update.changedPaths.filter { $0.hasPrefix("search/en/p/") }.count == 1)
    #expect(
      update.result.files == (try SiteBuilder(options: .init(projectRoot: fixture.root)).render().files))
  }

  @Test func serveReloadsThePageFirstAndWritesTheIndexAfter() throws {
    let fixture = try SiteFixture(Self.site)
    var options = SiteBuilder.Options(projectRoot: fixture.root)
    options.defersSearchIndex = true
    let session = SiteSession(options: options)
    let first = try session.build()
    #expect(first.files["search/en/meta.json"] != nil, "a full build writes the index itself")
    #expect(try session.finishSearchIndex() == nil)
    let fresh = { try SiteBuilder(options: .init(projectRoot: fixture.root)).render().files }

    try fixture.write(
      "---\ntitle: Bananas\ndate: 2026-01-02\n---\nYellow zebras.\n", to: "Content/posts/b.md")
    let update = try session.rebuild(.plan(for: ["Content/posts/b.md"]))
    #expect(update.changedPaths.contains("posts/b/index.html"))
    #expect(!update.changedPaths.contains { $0.hasPrefix("search/") }, "the index waits")
    #expect(
      update.result.files.filter { $0.key.hasPrefix("search/") }
        == first.files.filter { $0.key.hasPrefix("search/") })
    // A second save before the index is written: its rebuild makes the index of both.
    try fixture.write("---\ntitle: Apples\ndate: 2026-01-01\n---\nGreen apples.\n", to: "Content/posts/a.md")
    _ = try session.rebuild(.plan(for: ["Content/posts/a.md"]))
    let index = try #require(try session.finishSearchIndex())
    #expect(index.files == (try fresh()))
    #expect(!index.changedPaths.isEmpty && index.changedPaths.allSatisfy { $0.hasPrefix("search/en/") })
    #expect(index.searchPages == ["search/index.html"])
    #expect(try session.finishSearchIndex() == nil, "written once")
    // The next rebuild keeps the index it wrote.
    try fixture.write(
      "---\ntitle: Apples\ndate: 2026-01-01\n---\nGreen apples.\n\nMore.\n", to: "Content/posts/a.md")
    let next = try session.rebuild(.plan(for: ["Content/posts/a.md"]))
    #expect(!next.changedPaths.contains { $0.hasPrefix("search/") })
    #expect(try session.finishSearchIndex()?.files == (try fresh()))
  }
}
