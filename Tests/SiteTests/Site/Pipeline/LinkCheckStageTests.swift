import BuildCache
import Diagnostics
import Foundation
import TestSupport
import Testing

@testable import Site

#if canImport(Glibc)
  import Glibc
#endif

/// The link check stage (`.folio/cache/link-checks`): a build in a new session takes the check of each
/// page whose links and site did not change from the last build, and reports exactly the broken
/// links a build without the cache reports; what changes a link's fate checks it again.
@Suite struct LinkCheckStageTests {
  static let site = """
    -- folio.yaml --
    title: Links
    baseURL: https://example.org/
    checkLinks: warn
    -- Content/_index.md --
    ---
    title: Home
    ---
    To [a](posts/a.md) and [nowhere](/nowhere/), and [the notes](/notes.txt).
    -- Content/posts/a.md --
    ---
    title: A
    ---
    See [b](b.md), [c](/posts/c/) and [the map](../map.png).
    -- Content/posts/b.md --
    ---
    title: B
    ---
    Back to [a](/posts/a/).
    -- Content/map.png --
    PNG

    """

  /// A build in a new session with the cache, checked against one without it: the same files and
  /// warnings. Returns the link check's part of the cache report and the warnings.
  private func cachedBuild(
    _ fixture: SiteFixture, configure: (inout SiteBuilder.Options) -> Void = { _ in },
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws -> (report: LinkCheckReport?, warnings: [String]) {
    var options = SiteBuilder.Options(projectRoot: fixture.root)
    configure(&options)
    options.usesCache = true
    let cached = try SiteBuilder(options: options).render()
    options.usesCache = false
    let fresh = try SiteBuilder(options: options).render()
    #expect(cached.files == fresh.files, sourceLocation: sourceLocation)
    let warnings = cached.warnings.filter { $0.severity != .note }.map(\.description)
    #expect(warnings == fresh.warnings.map(\.description), sourceLocation: sourceLocation)
    return (cached.cache?.linkChecks, warnings)
  }

  /// The inode of the file at `path`: a file written again (renamed over the old one) has
  /// another.
  private func inode(_ fixture: SiteFixture, _ path: String) -> UInt64 {
    var info = stat()
    return stat(fixture.url(path).path, &info) == 0 ? UInt64(info.st_ino) : 0
  }

  private func brokenLinks(_ warnings: [String]) -> [String] {
    warnings.filter { $0.contains("broken link") }.map { String($0.prefix { $0 != ":" }) + ": " + target($0) }
  }

  private func target(_ warning: String) -> String {
    guard let start = warning.range(of: "broken link to '") else { return "" }
    return String(warning[start.upperBound...].prefix { $0 != "'" })
  }

  @Test func aSecondBuildTakesEveryPagesCheckAndReportsTheSameBrokenLinks() throws {
    let fixture = try SiteFixture(Self.site)
    let first = try cachedBuild(fixture)
    #expect(first.report?.checkedPages == 3)
    #expect(first.report?.reusedPages == 0)
    #expect(
      brokenLinks(first.warnings) == [
        "Content/_index.md: /nowhere/", "Content/_index.md: /notes.txt", "Content/posts/a.md: /posts/c/",
      ])
    let written = inode(fixture, ".folio/cache/link-checks")
    let second = try cachedBuild(fixture)
    #expect(second.report?.checkedPages == 0)
    #expect(second.report?.reusedPages == 3)
    #expect(second.warnings == first.warnings)
    #expect(second.report?.bytes ?? 0 > 0)
    // It held this build's checks already: left as it was, not written again.
    #expect(inode(fixture, ".folio/cache/link-checks") == written)
  }

  @Test func aPageWhoseLinksChangedIsCheckedAgainAlone() throws {
    let fixture = try SiteFixture(Self.site)
    _ = try cachedBuild(fixture)
    try fixture.write(
      "---\ntitle: B\n---\nBack to [a](/posts/a/) and [d](/posts/d/).\n", to: "Content/posts/b.md")
    let edited = try cachedBuild(fixture)
    #expect(edited.report?.checkedPages == 1)
    #expect(edited.report?.reusedPages == 2)
    #expect(brokenLinks(edited.warnings).contains("Content/posts/b.md: /posts/d/"))
  }

  /// A page added where another page's broken link pointed: the site's outputs changed, so that
  /// link, on a page that did not change, is checked again and is no longer broken.
  @Test func aPageAddedWhereABrokenLinkPointedMendsThatLink() throws {
    let fixture = try SiteFixture(Self.site)
    _ = try cachedBuild(fixture)
    try fixture.write("---\ntitle: C\n---\nThird.\n", to: "Content/posts/c.md")
    let added = try cachedBuild(fixture)
    #expect(added.report?.reusedPages == 0)
    #expect(brokenLinks(added.warnings) == ["Content/_index.md: /nowhere/", "Content/_index.md: /notes.txt"])
  }

  /// The same with a file that makes no page: only the outputs changed, not the pages.
  @Test func aFileAddedWhereABrokenLinkPointedMendsThatLink() throws {
    let fixture = try SiteFixture(Self.site)
    _ = try cachedBuild(fixture)
    try fixture.write("Notes.\n", to: "Content/notes.txt")
    let added = try cachedBuild(fixture)
    #expect(added.report?.reusedPages == 0)
    #expect(brokenLinks(added.warnings) == ["Content/_index.md: /nowhere/", "Content/posts/a.md: /posts/c/"])
  }

  /// And the other way: a page removed breaks the links to it on pages that did not change.
  @Test func aPageRemovedBreaksTheLinksToIt() throws {
    let fixture = try SiteFixture(Self.site)
    _ = try cachedBuild(fixture)
    try fixture.remove("Content/posts/b.md")
    let removed = try cachedBuild(fixture)
    #expect(brokenLinks(removed.warnings).contains("Content/posts/a.md: b.md"))
  }

  /// `checkLinks: error` (the default) in place of `warn`: the same links are errors, and the
  /// build fails as a build without the cache does.
  @Test func anotherSeverityIsNotTakenFromTheCache() throws {
    let fixture = try SiteFixture(Self.site)
    _ = try cachedBuild(fixture)
    try fixture.write(
      "title: Links\nbaseURL: https://example.org/\ncheckLinks: error\n", to: "folio.yaml")
    var options = SiteBuilder.Options(projectRoot: fixture.root)
    options.usesCache = true
    #expect(throws: DiagnosticError.self) { try SiteBuilder(options: options).render() }
  }

  /// Anchors are checked by reading the pages' ids, which the stage's keys do not hold: such a
  /// build checks every link and leaves the file alone.
  @Test func aBuildThatChecksAnchorsChecksEveryLink() throws {
    let fixture = try SiteFixture(Self.site)
    _ = try cachedBuild(fixture)
    let before = try #require(fixture.bytes(".folio/cache/link-checks"))
    let anchors = try cachedBuild(fixture) { $0.context.checksAnchors = true }
    #expect(anchors.report == nil)
    #expect(fixture.bytes(".folio/cache/link-checks") == before)
  }

  @Test func aDamagedFileIsANoteAndTheSameLinksAreReported() throws {
    let fixture = try SiteFixture(Self.site)
    let first = try cachedBuild(fixture)
    var bytes = try #require(fixture.bytes(".folio/cache/link-checks"))
    bytes[bytes.count / 2] ^= 0x01
    try fixture.write(bytes, to: ".folio/cache/link-checks")
    var options = SiteBuilder.Options(projectRoot: fixture.root)
    options.usesCache = true
    let result = try SiteBuilder(options: options).render()
    #expect(result.warnings.filter { $0.severity != .note }.map(\.description) == first.warnings)
    #expect(
      result.warnings.contains {
        $0.severity == .note && $0.message.contains(".folio/cache/link-checks does not match its checksum")
      })
    #expect(result.cache?.linkChecks?.checkedPages == 3)
  }

  /// A file whose checksum holds but whose entries do not decode (never written so by Folio: a
  /// planted or hand-edited one): every page is checked, and the report counts the entries.
  @Test func entriesThatDoNotDecodeAreCheckedAgain() throws {
    let fixture = try SiteFixture(Self.site)
    let first = try cachedBuild(fixture)
    let bytes = try #require(fixture.bytes(".folio/cache/link-checks"))
    let pack = try CachePack(decoding: bytes, writer: LinkCheckStore.writer)
    let garbled = pack.entries.map {
      (key: $0.key, lastUsed: $0.value.lastUsed, payload: ArraySlice<UInt8>([0xFF]))
    }
    try fixture.write(
      CachePack.encode(garbled, build: pack.build, writer: LinkCheckStore.writer),
      to: ".folio/cache/link-checks")
    let planted = try cachedBuild(fixture)
    #expect(planted.warnings == first.warnings)
    #expect(planted.report?.unreadableEntries == 3)
    #expect(planted.report?.checkedPages == 3)
  }

  /// A FIFO or a link planted at the file's name is a note, never a hang or a read through it,
  /// and the build's own file takes its place (the link's target left as it was).
  @Test func aFIFOOrALinkAtTheFileIsANote() throws {
    let fixture = try SiteFixture(Self.site + "-- elsewhere/secret.txt --\nsecret\n")
    try FileManager.default.createDirectory(
      at: fixture.url(".folio/cache"), withIntermediateDirectories: true)
    #expect(mkfifo(fixture.url(".folio/cache/link-checks").path, 0o644) == 0)
    var options = SiteBuilder.Options(projectRoot: fixture.root)
    options.usesCache = true
    let result = try SiteBuilder(options: options).render()
    #expect(result.warnings.contains { $0.severity == .note && $0.message.contains("link-checks is a FIFO") })
    try fixture.remove(".folio/cache/link-checks")
    try FileManager.default.createSymbolicLink(
      atPath: fixture.url(".folio/cache/link-checks").path, withDestinationPath: "../../elsewhere/secret.txt")
    let linked = try SiteBuilder(options: options).render()
    #expect(linked.warnings.contains { $0.severity == .note && $0.message.contains("symbolic link") })
    #expect(fixture.text("elsewhere/secret.txt") == "secret\n")
    #expect(try cachedBuild(fixture).report?.reusedPages == 3)
  }
}
