import Diagnostics
import Foundation
import Site
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The build cache (`.folio/cache/pages`): a build in a new session after an edit renders again
/// only the pages whose inputs changed, and makes exactly the site a build without the cache
/// makes; a cache that is damaged, planted or in the way is a note, never another site.
@Suite struct BuildCacheTests {
  static let site = """
    -- folio.yaml --
    title: Cache
    baseURL: https://example.org/
    search: true
    checkLinks: warn
    -- Content/_index.md --
    ---
    title: Home
    ---
    Welcome.
    -- Content/posts/a.md --
    ---
    title: A
    date: 2026-01-01
    tags: [x]
    ---
    See [b](b.md) and [the map](../map.png).
    -- Content/posts/b.md --
    ---
    date: 2026-01-02
    ---
    # Bee

    Second post.
    -- Content/links.md --
    <!-- bookmarks src="data/links.yaml" -->
    -- Content/data/links.yaml --
    - title: Folio
      url: https://example.org/folio
    -- Content/map.png --
    PNG

    """

  /// One build in a new session (as a new `folio build` process has), with or without the cache.
  private func build(_ fixture: SiteFixture, cache: Bool = true) throws -> SiteBuilder.Result {
    var options = SiteBuilder.Options(projectRoot: fixture.root)
    options.usesCache = cache
    return try SiteBuilder(options: options).render()
  }

  /// Builds with the cache and checks the site is the one a build without it makes; returns the
  /// cache report.
  private func cachedBuild(
    _ fixture: SiteFixture, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws -> BuildCacheReport {
    let cached = try build(fixture)
    let fresh = try build(fixture, cache: false)
    #expect(
      cached.files == fresh.files, "cached output differs from a build without the cache",
      sourceLocation: sourceLocation)
    #expect(
      cached.warnings.filter { $0.severity != .note } == fresh.warnings, sourceLocation: sourceLocation)
    return try #require(cached.cache, sourceLocation: sourceLocation)
  }

  @Test func aBuildWithNothingChangedRendersNoPage() throws {
    let fixture = try SiteFixture(Self.site)
    let first = try cachedBuild(fixture)
    #expect(first.reusedPages == 0)
    #expect(first.renderedPages == 4)
    let second = try cachedBuild(fixture)
    #expect(second.reusedPages == 4)
    #expect(second.renderedPages == 0)
    #expect(second.bytes == first.bytes)
  }

  @Test func anEditedBodyRendersThatPageAlone() throws {
    let fixture = try SiteFixture(Self.site)
    _ = try cachedBuild(fixture)
    try fixture.write("---\ndate: 2026-01-02\n---\n# Bee\n\nSecond post, edited.\n", to: "Content/posts/b.md")
    let report = try cachedBuild(fixture)
    #expect(report.renderedPages == 1)
    #expect(report.reusedPages == 3)
  }

  @Test func aPageLinkingToAFileThatGotASlugIsRenderedAgain() throws {
    let fixture = try SiteFixture(Self.site)
    _ = try cachedBuild(fixture)
    try fixture.write(
      "---\ndate: 2026-01-02\nslug: bee\n---\n# Bee\n\nSecond post.\n", to: "Content/posts/b.md")
    let report = try cachedBuild(fixture)
    // b.md itself, and a.md, whose link to b.md now leads to /posts/bee/.
    #expect(report.renderedPages == 2)
    #expect(
      try build(fixture).files["posts/a/index.html"].map { String(decoding: $0, as: UTF8.self) }?
        .contains("/posts/bee/") == true)
  }

  @Test func aPageLinkingToADeletedFileOrImageIsRenderedAgain() throws {
    let fixture = try SiteFixture(Self.site)
    _ = try cachedBuild(fixture)
    try fixture.remove("Content/map.png")
    #expect(try cachedBuild(fixture).renderedPages == 1)
    try fixture.remove("Content/posts/b.md")
    #expect(try cachedBuild(fixture).renderedPages == 1)
  }

  @Test func aChangedDataFileRendersThePagesThatReadIt() throws {
    let fixture = try SiteFixture(Self.site)
    _ = try cachedBuild(fixture)
    try fixture.write("- title: Zola\n  url: https://example.org/zola\n", to: "Content/data/links.yaml")
    #expect(try cachedBuild(fixture).renderedPages == 1)
  }

  @Test func aChangedSettingRendersEveryPage() throws {
    let fixture = try SiteFixture(Self.site)
    _ = try cachedBuild(fixture)
    try fixture.write(
      "title: Cache\nbaseURL: https://example.org/sub/\nsearch: true\ncheckLinks: warn\n", to: "folio.yaml")
    #expect(try cachedBuild(fixture).renderedPages == 4)
  }

  /// A run option pages are rendered with (`BuildContext`: `--base-url`, `--drafts`, the anchor
  /// check, external links) is in the cache's key: a build with another renders every page
  /// again, and makes what a build without the cache makes.
  @Test(arguments: ["base URL", "drafts", "anchors", "external links"])
  func aChangedRunOptionRendersEveryPage(option: String) throws {
    let fixture = try SiteFixture(Self.site)
    _ = try cachedBuild(fixture)
    var options = SiteBuilder.Options(projectRoot: fixture.root)
    switch option {
    case "base URL": options.context.baseURL = "https://example.org/preview/"
    case "drafts": options.context.includesDrafts = true
    case "anchors": options.context.checksAnchors = true
    default: options.context.collectsExternalLinks = true
    }
    options.usesCache = true
    let cached = try SiteBuilder(options: options).render()
    options.usesCache = false
    let fresh = try SiteBuilder(options: options).render()
    #expect(cached.files == fresh.files)
    #expect(cached.externalLinks.map(\.url) == fresh.externalLinks.map(\.url))
    #expect(cached.cache?.renderedPages == 4)
  }

  @Test func aDamagedCacheIsANoteAndTheSiteIsTheSame() throws {
    let fixture = try SiteFixture(Self.site)
    _ = try cachedBuild(fixture)
    var bytes = try #require(fixture.bytes(".folio/cache/pages"))
    bytes[bytes.count / 2] ^= 0x01
    try fixture.write(bytes, to: ".folio/cache/pages")
    let result = try build(fixture)
    #expect(result.files == (try build(fixture, cache: false)).files)
    #expect(result.warnings.map(\.description).contains { $0.contains("does not match its checksum") })
    #expect(result.cache?.renderedPages == 4)
    // Cut short after its header: the last 8 bytes are then not its checksum.
    try fixture.write(Array(bytes.prefix(100)), to: ".folio/cache/pages")
    #expect(
      try build(fixture).warnings.map(\.description).contains { $0.contains("does not match its checksum") })
    try fixture.write(Array(bytes.prefix(10)), to: ".folio/cache/pages")
    #expect(
      try build(fixture).warnings.map(\.description).contains { $0.contains("is not a Folio cache file") })
  }

  @Test func aCacheFolderThatIsALinkIsNotFollowed() throws {
    let fixture = try SiteFixture(Self.site + "-- elsewhere/keep.txt --\nkeep\n")
    try FileManager.default.createDirectory(at: fixture.url(".folio"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: fixture.url(".folio/cache").path, withDestinationPath: "../elsewhere")
    let result = try build(fixture)
    #expect(result.files == (try build(fixture, cache: false)).files)
    #expect(
      result.warnings.contains {
        $0.severity == .note && $0.message.contains("must be a folder, not a symbolic link")
      })
    #expect(fixture.tree("elsewhere").keys.sorted() == ["keep.txt"])
  }

  @Test func aFIFOOrALinkAtTheCacheFileIsANoteNeverAHangOrARead() throws {
    let fixture = try SiteFixture(Self.site + "-- elsewhere/secret.txt --\nsecret\n")
    try FileManager.default.createDirectory(
      at: fixture.url(".folio/cache"), withIntermediateDirectories: true)
    #expect(mkfifo(fixture.url(".folio/cache/pages").path, 0o644) == 0)
    let result = try build(fixture)
    #expect(result.warnings.contains { $0.severity == .note && $0.message.contains("is a FIFO") })
    #expect(result.files == (try build(fixture, cache: false)).files)
    // The build replaced the FIFO with its file (renamed over it, never opened for writing).
    try fixture.remove(".folio/cache/pages")
    try FileManager.default.createSymbolicLink(
      atPath: fixture.url(".folio/cache/pages").path, withDestinationPath: "../../elsewhere/secret.txt")
    let linked = try build(fixture)
    #expect(linked.warnings.contains { $0.severity == .note && $0.message.contains("symbolic link") })
    #expect(fixture.text("elsewhere/secret.txt") == "secret\n")
    #expect(try build(fixture).cache?.reusedPages == 4)
  }

  @Test func aBuildWithoutTheCacheNeitherReadsNorWritesIt() throws {
    let fixture = try SiteFixture(Self.site)
    let result = try build(fixture, cache: false)
    #expect(result.cache == nil)
    #expect(fixture.bytes(".folio/cache/pages") == nil)
    #expect(fixture.bytes(".folio/cache/link-checks") == nil)
  }

  /// One build in a new session with the cache, writing pages rendered anew into the recent
  /// file while they are at most a `share`-th of what the pages file holds; checks the site is
  /// the one a build without the cache makes.
  private func build(_ fixture: SiteFixture, share: Int) throws -> SiteBuilder.Result {
    var options = SiteBuilder.Options(projectRoot: fixture.root)
    options.usesCache = true
    options.recentCacheShare = share
    let result = try SiteBuilder(options: options).render()
    #expect(result.files == (try build(fixture, cache: false)).files)
    return result
  }

  @Test func anEditGoesToTheRecentFileAndThePagesFileStaysAsItWas() throws {
    let fixture = try SiteFixture(Self.site)
    _ = try build(fixture, share: 1)
    let pages = try #require(fixture.bytes(".folio/cache/pages"))
    #expect(fixture.bytes(".folio/cache/pages-recent") == nil)
    try fixture.write("---\ndate: 2026-01-02\n---\n# Bee\n\nSecond post, edited.\n", to: "Content/posts/b.md")
    let edited = try #require(try build(fixture, share: 1).cache)
    #expect(edited.renderedPages == 1)
    #expect(fixture.bytes(".folio/cache/pages") == pages)
    let recent = try #require(fixture.bytes(".folio/cache/pages-recent"))
    #expect(edited.bytes == pages.count + recent.count)
    // The next build takes the edited page from the recent file, the others from the pages file.
    let next = try #require(try build(fixture, share: 1).cache)
    #expect(next.renderedPages == 0)
    #expect(next.reusedPages == 4)
  }

  /// Past the share, the pages file is written whole with every page, and the recent file left
  /// beside it names the old one: it is not read, and it is no note.
  @Test func aRecentFileOfAnotherPagesFileIsNotRead() throws {
    let fixture = try SiteFixture(Self.site)
    _ = try build(fixture, share: 1)
    try fixture.write("---\ndate: 2026-01-02\n---\n# Bee\n\nVersion 1.\n", to: "Content/posts/b.md")
    _ = try build(fixture, share: 1)
    let stale = try #require(fixture.bytes(".folio/cache/pages-recent"))
    try fixture.write("---\ndate: 2026-01-02\n---\n# Bee\n\nVersion 2.\n", to: "Content/posts/b.md")
    let whole = try build(fixture, share: 16)
    #expect(whole.cache?.renderedPages == 1)
    #expect(fixture.bytes(".folio/cache/pages-recent") == stale)
    try fixture.write("---\ndate: 2026-01-02\n---\n# Bee\n\nVersion 1.\n", to: "Content/posts/b.md")
    let back = try build(fixture, share: 1)
    #expect(!back.warnings.contains { $0.severity == .note })
    // Version 1 is in the new pages file too (an entry of the last builds is kept): the build
    // takes it from there, and reports the pages file alone, the stale one not read.
    #expect(back.cache?.renderedPages == 0)
    #expect(back.cache?.bytes == fixture.bytes(".folio/cache/pages")?.count)
  }

  @Test func aDamagedRecentFileIsANoteAndTheSiteIsTheSame() throws {
    let fixture = try SiteFixture(Self.site)
    _ = try build(fixture, share: 1)
    try fixture.write("---\ndate: 2026-01-02\n---\n# Bee\n\nEdited.\n", to: "Content/posts/b.md")
    _ = try build(fixture, share: 1)
    var bytes = try #require(fixture.bytes(".folio/cache/pages-recent"))
    bytes[bytes.count / 2] ^= 0x01
    try fixture.write(bytes, to: ".folio/cache/pages-recent")
    let result = try build(fixture, share: 1)
    #expect(
      result.warnings.contains {
        $0.severity == .note && $0.message.contains("pages-recent does not match its checksum")
      })
    #expect(result.cache?.renderedPages == 1)
  }

  @Test func entriesOfOldBuildsArePruned() throws {
    let fixture = try SiteFixture(Self.site)
    for round in 0..<8 {
      try fixture.write("---\ndate: 2026-01-02\n---\n# Bee\n\nVersion \(round).\n", to: "Content/posts/b.md")
      _ = try build(fixture)
    }
    // The four pages of the last build, and b.md's versions from the three builds before it.
    let report = try #require(try build(fixture).cache)
    #expect(report.entries <= 4 + 3)
  }
}
