import Foundation
import Site
import TestSupport
import Testing

/// Adding and removing a translation in a kept session gives the site a fresh build gives.
@Suite struct TranslationRebuildTests {
  static let site = """
    -- folio.yaml --
    title: Site
    baseURL: https://example.org/
    languages: {en: {}, ja: {}}
    -- Content/_index.md --
    Home.
    -- Content/a.md --
    ---
    title: A
    date: 2026-11-20
    tags: [x]
    ---
    A.
    -- Content/b.md --
    ---
    title: B
    date: 2026-11-21
    ---
    B.

    """

  private func fresh(_ fixture: SiteFixture) throws -> [String: [UInt8]] {
    try SiteBuilder(options: .init(projectRoot: fixture.root)).render().files
  }

  @Test func addingThenRemovingATranslation() throws {
    let fixture = try SiteFixture(Self.site)
    let session = SiteSession(options: .init(projectRoot: fixture.root))
    let before = try session.build().files
    session.prepareForEdits()
    try fixture.write("---\ntitle: エー\ndate: 2026-11-20\ntags: [x]\n---\nエー。\n", to: "Content/a.ja.md")
    let added = try session.rebuild(.plan(for: ["Content/a.ja.md"]))
    #expect(added.result.files == (try fresh(fixture)))
    for path in [
      "ja/a/index.html", "a/index.html", "ja/index.html", "ja/tags/x/index.html", "ja/atom.xml",
      "sitemap.xml",
    ] {
      #expect(added.changedPaths.contains(path), "\(path)")
    }
    #expect(!added.changedPaths.contains("b/index.html"))
    let english = String(decoding: added.result.files["a/index.html"] ?? [], as: UTF8.self)
    #expect(english.contains("hreflang=\"ja\" href=\"https://example.org/ja/a/\""))

    try fixture.remove("Content/a.ja.md")
    let removed = try session.rebuild(.plan(for: ["Content/a.ja.md"]))
    #expect(removed.result.files == (try fresh(fixture)))
    #expect(removed.result.files == before)
    #expect(removed.changedPaths.contains("ja/a/index.html") && removed.changedPaths.contains("a/index.html"))
  }

  @Test func editingATranslationsTitleRelabelsItsOtherVersions() throws {
    let fixture = try SiteFixture(
      Self.site + "-- Content/a.ja.md --\n---\ntitle: エー\ndate: 2026-11-20\n---\nエー。\n")
    let session = SiteSession(options: .init(projectRoot: fixture.root))
    _ = try session.build()
    session.prepareForEdits()
    try fixture.write("---\ntitle: エー（改）\ndate: 2026-11-20\n---\nエー。\n", to: "Content/a.ja.md")
    let update = try session.rebuild(.plan(for: ["Content/a.ja.md"]))
    #expect(update.result.files == (try fresh(fixture)))
    // Only the body changed next: the page is swapped in place and its English twin is kept.
    try fixture.write("---\ntitle: エー（改）\ndate: 2026-11-20\n---\n本文だけ。\n", to: "Content/a.ja.md")
    let body = try session.rebuild(.plan(for: ["Content/a.ja.md"]))
    #expect(body.result.files == (try fresh(fixture)))
    #expect(body.changedPaths.contains("ja/a/index.html"))
    #expect(!body.changedPaths.contains("a/index.html"))
  }

  @Test func changingAPagesLangMovesItToTheOtherLanguage() throws {
    let fixture = try SiteFixture(Self.site)
    let session = SiteSession(options: .init(projectRoot: fixture.root))
    _ = try session.build()
    session.prepareForEdits()
    try fixture.write("---\ntitle: B\ndate: 2026-11-21\nlang: ja\n---\nB.\n", to: "Content/b.md")
    let update = try session.rebuild(.plan(for: ["Content/b.md"]))
    #expect(update.result.files == (try fresh(fixture)))
    #expect(update.result.files["ja/b/index.html"] != nil && update.result.files["b/index.html"] == nil)
  }
}
