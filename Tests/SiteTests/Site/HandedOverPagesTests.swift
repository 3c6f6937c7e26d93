import Foundation
import Site
import SiteComponents
import Synchronization
import TestSupport
import Testing

/// `folio build` takes the laid-out pages from the build (``SiteBuilder/Options/laidOut``) and
/// writes them while the build goes on; the build then keeps neither their bytes nor, once they
/// are laid out, the pages' content: the site made is the same.
@Suite struct HandedOverPagesTests {
  private static let site = """
    -- folio.yaml --
    title: Site
    baseURL: https://example.org/
    checkLinks: warn
    -- Content/posts/harbour/index.md --
    ---
    title: A harbour
    ---
    ![A harbour](harbour.png)
    -- Content/posts/a.md --
    ---
    title: A
    date: 2026-01-01
    tags: [x]
    ---
    ## Setup

    First, see [B's end](/posts/b/#end) and [a heading that is not there](/posts/b/#nowhere).
    -- Content/posts/b.md --
    ---
    title: B
    date: 2026-01-02
    tags: [x]
    ---
    Second.

    ## End
    -- Content/manual/_index.md --
    ---
    title: The Manual
    book: true
    ---
    The manual's opening.
    -- Content/manual/install.md --
    ---
    title: Install
    weight: 1
    ---
    Run it. See [the posts](/posts/a/).
    """

  /// Builds with the laid-out pages handed over, as `folio build` does: the files handed over
  /// and the result's, and the result.
  private static func buildHandingOver(
    _ fixture: SiteFixture, checkingAnchors: Bool = false
  ) throws -> (handed: [String: [UInt8]], result: SiteBuilder.Result) {
    let handed = Mutex<[String: [UInt8]]>([:])
    var options = SiteBuilder.Options(projectRoot: fixture.root)
    options.context.checksAnchors = checkingAnchors
    options.laidOut = { files in handed.withLock { $0.merge(files) { _, new in new } } }
    // A small site's content is let go too, as a large one's is.
    options.contentWorthReleasing = 0
    let result = try SiteBuilder(options: options).render()
    return (handed.withLock { $0 }, result)
  }

  private static func fixture() throws -> SiteFixture {
    let fixture = try SiteFixture(site)
    try fixture.write(PhotoPNG.make(1600, 900), to: "Content/posts/harbour/harbour.png")
    return fixture
  }

  /// The same paths with the same bytes; a difference is named by its path, not by dumping
  /// both sites.
  private static func expectSameFiles(
    _ made: [String: [UInt8]], _ expected: [String: [UInt8]],
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    #expect(made.keys.sorted() == expected.keys.sorted(), sourceLocation: sourceLocation)
    for (path, bytes) in expected where made[path] != nil && made[path] != bytes {
      Issue.record("\(path) differs from the whole build's", sourceLocation: sourceLocation)
    }
  }

  @Test func theSiteIsTheSameAndTheResultNamesWhatWasHandedOver() throws {
    let fixture = try Self.fixture()
    let whole = try fixture.build()
    let (handed, result) = try Self.buildHandingOver(fixture)
    #expect(handed["posts/a/index.html"] != nil)
    #expect(handed["manual/print/index.html"] != nil)
    // Each file is in one of the two, never in both.
    #expect(Set(handed.keys).isDisjoint(with: result.files.keys))
    Self.expectSameFiles(handed.merging(result.files) { _, new in new }, whole.files)
    #expect(result.handedOver == handed.mapValues(\.count))
    #expect(Set(result.paths) == Set(whole.files.keys))
    #expect(result.size.files == whole.files.count)
    #expect(result.size.bytes == whole.files.values.reduce(0) { $0 + $1.count })
    // The book's EPUB, made after the pages' content was let go, still holds its chapters.
    let epub = try #require(result.files["manual/book.epub"])
    let sameBook = epub == whole.files["manual/book.epub"]
    #expect(sameBook, "the book's EPUB differs from the whole build's")
    #expect(result.warnings.filter { $0.severity != .note }.map(\.description) == whole.warnings)
    // The link preview image the harbour's page names is made, though its page was handed over
    // before the cards were.
    let card =
      "posts/harbour/harbour-1200x630.\(LinkResolver.photoStamp(of: PhotoPNG.make(1600, 900)) ?? "").jpg"
    #expect(
      handed["posts/harbour/index.html"].map { String(decoding: $0, as: UTF8.self).contains(card) } == true)
    #expect(result.files[card] != nil)
  }

  @Test func theAnchorCheckStillSearchesPagesHandedOver() throws {
    let fixture = try Self.fixture()
    let whole = try fixture.build(checkingAnchors: true)
    let (handed, result) = try Self.buildHandingOver(fixture, checkingAnchors: true)
    let warnings = result.warnings.filter { $0.severity != .note }.map(\.description)
    #expect(warnings == whole.warnings)
    #expect(warnings.contains { $0.contains("#nowhere") })
    #expect(!warnings.contains { $0.contains("#end") })
    Self.expectSameFiles(handed.merging(result.files) { _, new in new }, whole.files)
  }
}
