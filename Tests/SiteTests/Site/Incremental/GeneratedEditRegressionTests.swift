import Diagnostics
import Foundation
import Site
import SiteContent
import SiteLayout
import TestSupport
import Testing

/// Each difference between the serve session and a fresh build that the generated edits
/// (``GeneratedEditTests``) found, as the shortest sequence of edits that shows it.
@Suite struct GeneratedEditRegressionTests {
  static let site = """
    -- folio.yaml --
    title: Regressions
    baseURL: https://example.org/
    -- Content/_index.md --
    Home.
    -- Content/posts/a.md --
    ---
    title: A
    date: 2026-01-01
    ---
    A.

    """

  /// The file watcher reports a folder created with the files in it; the folder itself is no
  /// file (generated edits, seed 2, edit 2: a page added in a new folder).
  @Test func aPageInANewFolder() throws {
    var replay = try EditReplay(Self.site)
    let output = try replay.edit(["Content/extra/b.md": "B.\n"], folders: ["Content/extra"])
    #expect(!output.isFailure)
    try replay.edit(["Content/extra/b.md": nil, "Content/extra": nil])
  }

  /// A template saved with a page whose change removes outputs (here a tag's page, and the
  /// page itself) removes them too (seed 1, edits 17 and 26: a partial changed with a tag
  /// renamed, and with a page deleted).
  @Test func aTemplateSavedWithAPageThatRemovesOutputs() throws {
    var replay = try EditReplay(Self.site)
    try replay.edit([
      "Content/posts/a.md": "---\ntitle: A\ndate: 2026-01-01\ntags: [travel]\n---\nA.\n",
      "Content/posts/b.md": "B.\n",
    ])
    try replay.edit([
      "Content/posts/a.md": "---\ntitle: A\ndate: 2026-01-01\ntags: [web]\n---\nA.\n",
      "Content/posts/b.md": nil,
      "Templates/partials/footer.mustache": "<footer>{{site.title}}</footer>\n",
    ])
  }

  /// A static file added where the site writes a page or a list fails the rebuild as it fails
  /// a fresh build, and the site builds again once it goes (seed 3, edit 7; seed 2, edit 28).
  @Test func aStaticFileAddedWhereAPageIsWritten() throws {
    var replay = try EditReplay(Self.site + "-- Content/posts/b.md --\n---\ntags: [x]\n---\nB.\n")
    for path in ["Content/posts/a/index.html", "Content/tags/index.html"] {
      #expect(try replay.edit([path: "<p>static</p>\n"]).isFailure)
      try replay.edit([path: nil])
    }
  }

  /// Of two pages with one alias, the same one is reported whatever order the pages arrive in
  /// (a fresh build hands them over in a dictionary's order, the session in another; seed 1,
  /// multilingual, edit 33: a translation that copied its page's alias).
  @Test func twoPagesWithOneAliasAreReportedTheSameInEitherOrder() throws {
    let fixture = try SiteFixture(
      """
      -- Content/a.md --
      ---
      aliases: [/old/]
      ---
      A.
      -- Content/b.md --
      ---
      aliases: [/old/]
      ---
      B.

      """)
    let configuration = SiteConfiguration()
    let pages = try PageLoader(configuration: configuration).load(
      ["a.md", "b.md"], from: SiteFiles(root: fixture.root)
    ).map(\.page)
    // The alias is left out of the second page with a warning (AliasCollisionTests): the
    // same page's, whatever the order.
    func warnings(_ pages: [Page]) throws -> [String] {
      try SiteStructure(pages: pages, configuration: configuration).aliasWarnings.map(\.description)
    }
    #expect(try warnings(pages) == warnings(pages.reversed()))
    #expect(
      try warnings(pages).first?.hasPrefix(
        "Content/b.md:2:11: warning: the alias '/old/' is left out: '/old/' is Content/a.md's") == true)
  }

  /// Of three pages with one URL, the same two are reported whatever order the pages arrive
  /// in (seed 513, multilingual, edit 97: a third page given the slug of two others).
  @Test func threePagesWithOneURLAreReportedTheSameInAnyOrder() throws {
    let fixture = try SiteFixture(
      """
      -- Content/posts/a.md --
      ---
      slug: same
      ---
      A.
      -- Content/posts/b.md --
      ---
      slug: same
      ---
      B.
      -- Content/posts/c.md --
      ---
      slug: same
      ---
      C.

      """)
    let configuration = SiteConfiguration()
    let pages = try PageLoader(configuration: configuration).load(
      ["posts/a.md", "posts/b.md", "posts/c.md"], from: SiteFiles(root: fixture.root)
    ).map(\.page)
    let orders = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]]
    let reported = orders.map { order in Self.errors(order.map { pages[$0] }, configuration) }
    #expect(Set(reported).count == 1, "\(reported)")
    #expect(
      reported.first == [
        "Content/posts/b.md:2:7: error: '/posts/same/' is claimed by two pages: this one and Content/posts/a.md\n"
          + "    hint: give one of them another 'slug'",
        "Content/posts/c.md:2:7: error: '/posts/same/' is claimed by two pages: this one and Content/posts/a.md\n"
          + "    hint: give one of them another 'slug'",
      ])
  }

  /// The errors organising `pages` gives, as printed.
  private static func errors(_ pages: [Page], _ configuration: SiteConfiguration) -> [String] {
    do {
      _ = try SiteStructure(pages: pages, configuration: configuration)
      return []
    } catch let error as DiagnosticError {
      return error.diagnostics.map(\.description)
    } catch {
      return ["\(error)"]
    }
  }

  /// A file added beside one whose name differs only in case is warned about, and the
  /// warning goes with the file (seeds 100 to 113, 20 times: `notes/Two.md` added).
  @Test func aFileNamedAsAnotherInOtherCase() throws {
    var replay = try EditReplay(Self.site)
    let added = try replay.edit(["Content/posts/A.md": "Twin.\n"])
    guard case .built(_, let warnings) = added else { return }
    #expect(warnings.count == 1)
    try replay.edit(["Content/posts/A.md": nil])
  }

  /// A static file whose name cannot be an output path fails the rebuild as it fails a fresh
  /// build.
  @Test func aStaticFileWithANameNoURLCanHave() throws {
    var replay = try EditReplay(Self.site)
    #expect(try replay.edit(["Content/files/what?.txt": "?\n"]).isFailure)
    try replay.edit(["Content/files/what?.txt": nil])
  }

  /// A file name no URL can have and a broken template at once fail the rebuild on the file
  /// name, as a fresh build reads the files before the templates, whichever was saved last
  /// (seed 9033, both variants, edit 25: a partial broken after `files/what?.txt` was written).
  @Test func aBadFileNameThenABrokenTemplate() throws {
    var replay = try EditReplay(Self.site)
    #expect(try replay.edit(["Content/files/what?.txt": "?\n"]).isFailure)
    #expect(try replay.edit(["Templates/partials/x.mustache": "{{#open}}\n"]).isFailure)
    #expect(try replay.edit(["Content/files/what?.txt": nil]).isFailure)
    #expect(try !replay.edit(["Templates/partials/x.mustache": nil]).isFailure)
  }

  /// A warning about a page's alias points at the alias's line after a field is added above it
  /// (seeds 9119 and 9128, multilingual, edits 74 and 35: `lang: en`, the language it had, added
  /// to a page whose alias another page has; here a description).
  @Test func anAliasWarningAfterItsLineMoves() throws {
    var replay = try EditReplay(
      Self.site + "-- Content/b.md --\n---\naliases: [/posts/a/]\n---\nB.\n")
    try replay.edit(["Content/b.md": "---\ndescription: B\naliases: [/posts/a/]\n---\nB.\n"])
  }

  /// A broken link to a hidden draft says so, and once the draft is deleted says the file is
  /// not there (seed 213, multilingual, edit 37: a draft translation deleted).
  @Test func aLinkToADraftThatIsDeleted() throws {
    var replay = try EditReplay(
      Self.site.replacingOccurrences(of: "baseURL:", with: "checkLinks: warn\nbaseURL:")
        + "-- Content/b.md --\n---\ndraft: true\n---\nB.\n-- Content/c.md --\nSee [b](b.md).\n")
    try replay.edit(["Content/b.md": nil])
  }

  /// On a one-language site `lang` moves no page, but a page's redirects are in its language
  /// and the search page offers an index per language: both follow a `lang` edit (seeds 407
  /// and 408: the search page; seed 409: a redirect's `<html lang>`).
  @Test func aPagesLangOnAOneLanguageSite() throws {
    var replay = try EditReplay(
      Self.site.replacingOccurrences(of: "baseURL:", with: "search: true\nbaseURL:")
        + "-- Content/b.md --\n---\naliases: [/old/b/]\n---\nB.\n")
    try replay.edit(["Content/b.md": "---\naliases: [/old/b/]\nlang: ja\n---\nB.\n"])
    try replay.edit(["Content/b.md": "---\naliases: [/old/b/]\n---\nB.\n"])
  }

  /// A section page's own tags (shown by a layout that shows them, here `page`) lead to their
  /// terms' pages, which exist only while a regular page has the term: the section page
  /// follows when one comes or goes (seed 1006, multilingual, edit 70: a page's tag renamed
  /// to the one the posts section has).
  @Test func aSectionsTagWhoseTermComesAndGoes() throws {
    var replay = try EditReplay(
      Self.site + "-- Content/posts/_index.md --\n---\ntitle: Posts\ntags: [x]\nlayout: page\n---\nPosts.\n")
    // In another section, whose pages the posts section does not list.
    try replay.edit(["Content/notes/b.md": "---\ntags: [x]\n---\nB.\n"], folders: ["Content/notes"])
    try replay.edit(["Content/notes/b.md": "---\ntags: [y]\n---\nB.\n"])
  }

  /// An editor's backup (`name~`) beside a page: published by neither (a fresh build published
  /// it as a static file, while serve ignored it).
  @Test
  func anEditorsBackupFile() throws {
    var replay = try EditReplay(Self.site)
    try replay.edit(["Content/posts/a.md~": "Backup.\n"])
  }
}
