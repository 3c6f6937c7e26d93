import Diagnostics
import Foundation
import Site
import TestSupport
import Testing

/// `lastUpdated: git`: pages dated by the last commit that changed their file, in the page's
/// "Updated" line, the sitemap and the feed; front matter wins; a shallow clone is a warning;
/// the build cache never shows an old date.
@Suite struct SourceHistoryTests {
  static let site = """
    -- folio.yaml --
    title: Dated
    baseURL: https://example.org/
    lastUpdated: 1️⃣git
    -- Content/posts/a.md --
    ---
    title: A
    date: 2023-12-01
    ---
    Alpha.
    -- Content/posts/b.md --
    ---
    title: B
    date: 2023-12-02
    lastmod: 2020-05-05
    ---
    Beta.

    """

  /// The fixture committed on 2024-01-02, with `a.md` edited again on 2024-03-04.
  private func committedSite(_ text: String = site) throws -> SiteFixture {
    let fixture = try SiteFixture(text)
    let git = try GitFixture.initialize(fixture.root)
    try git.commit(at: "2024-01-02T10:00:00+09:00")
    try fixture.write("---\ntitle: A\ndate: 2023-12-01\n---\nAlpha, edited.\n", to: "Content/posts/a.md")
    try git.commit(at: "2024-03-04T05:06:07+00:00")
    return fixture
  }

  @Test func aPageIsDatedByTheLastCommitThatChangedItsFile() throws {
    let fixture = try committedSite()
    let built = try fixture.build()
    #expect(built.warnings == [])
    #expect(built.text("posts/a/index.html").contains(#"<time datetime="2024-03-04T05:06:07+00:00">"#))
    #expect(built.text("sitemap.xml").contains("<loc>https://example.org/posts/a/</loc><lastmod>2024-03-04"))
    #expect(built.text("atom.xml").contains("<updated>2024-03-04T05:06:07+00:00</updated>"))
  }

  @Test func aDateInFrontMatterWinsOverGit() throws {
    let fixture = try committedSite()
    let page = try fixture.build().text("posts/b/index.html")
    #expect(page.contains(#"<time datetime="2020-05-05T00:00:00Z">"#))
    #expect(!page.contains("2024-01-02"))
  }

  @Test func withoutTheSettingPagesAreNotDatedFromGit() throws {
    let fixture = try committedSite(Self.site.replacingOccurrences(of: "lastUpdated: 1️⃣git\n", with: ""))
    let page = try fixture.build().text("posts/a/index.html")
    #expect(!page.contains("2024-03-04"))
    #expect(!page.contains("Updated <time"))
  }

  /// A site built from a download, outside any repository, has no Git dates and no warning.
  @Test func aSiteOutsideGitHasNoDatesAndNoWarning() throws {
    let fixture = try SiteFixture(Self.site)
    let built = try fixture.build()
    #expect(built.warnings == [])
    #expect(!built.text("posts/a/index.html").contains("Updated <time"))
  }

  /// A shallow clone (actions/checkout's default) would date every page by its one commit:
  /// the build says so once, at the setting, and names the fix.
  @Test func aShallowCloneIsAWarningNamingFetchDepth() throws {
    let fixture = try committedSite()
    try GitFixture(in: fixture.root).run(
      "clone", "-q", "--depth", "1", "file://" + fixture.root.path, "clone")
    var options = SiteBuilder.Options(projectRoot: fixture.url("clone"))
    options.usesCache = false
    let result = try SiteBuilder(options: options).render()
    let location = fixture.location("1️⃣")
    #expect(result.warnings.count == 1)
    let warning = try #require(result.warnings.first)
    #expect(warning.location == location)
    #expect(warning.message.contains("shallow clone"))
    #expect(warning.hint?.contains("fetch-depth: 0") == true)
  }

  /// The build cache keeps a page's rendered content, not its date: a commit that changes a
  /// page's date but not its file (an amended date) shows the new date in a build that takes
  /// every page from the cache.
  @Test func aCachedBuildShowsTheNewDateOfAnAmendedCommit() throws {
    let fixture = try committedSite()
    var options = SiteBuilder.Options(projectRoot: fixture.root)
    options.usesCache = true
    _ = try SiteBuilder(options: options).render()
    try GitFixture(in: fixture.root).run(
      ["commit", "-q", "--amend", "--no-edit", "--date", "2025-07-08T09:10:11+02:00"],
      environment: ["GIT_COMMITTER_DATE": "2025-07-08T09:10:11+02:00"])
    let second = try SiteBuilder(options: options).render()
    #expect(second.cache?.renderedPages == 0)
    let page = String(decoding: try #require(second.files["posts/a/index.html"]), as: UTF8.self)
    #expect(page.contains(#"<time datetime="2025-07-08T09:10:11+02:00">"#))
  }
}
