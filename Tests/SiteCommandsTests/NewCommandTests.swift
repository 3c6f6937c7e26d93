import Foundation
import TestSupport
import Testing

@Suite struct NewCommandTests {
  @Test func aNewSiteBuildsWithoutWarnings() async throws {
    let parent = try SiteFixture("")
    let folder = parent.url("my-blog").path
    let created = runFolioSite(["new", "site", folder, "--date", "2026-11-30"])
    #expect(created.status == 0, "\(created.error)")
    #expect(
      parent.tree("my-blog").keys.sorted() == [
        ".gitignore", "Content/_index.md", "Content/about.md", "Content/posts/_index.md",
        "Content/posts/first-post.md",
        "folio.yaml",
      ])
    #expect(parent.text("my-blog/Content/posts/first-post.md")?.contains("date: 2026-11-30\n") == true)
    #expect(parent.text("my-blog/folio.yaml")?.contains("title: \"My blog\"\n") == true)
    #expect(parent.text("my-blog/.gitignore") == "/public/\n/.folio/\n")

    let built = runFolioSite(["build", "--source", folder, "--format", "json"])
    #expect(built.status == 0, "\(built.error)")
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(built.output.utf8)) as? [String: Any])
    #expect((report["diagnostics"] as? [Any])?.isEmpty == true)
    #expect(parent.exists("my-blog/public/posts/first-post/index.html"))
    #expect(parent.exists("my-blog/public/tags/welcome/index.html"))
    #expect(parent.text("my-blog/public/index.html")?.contains("<title>My blog</title>") == true)
  }

  @Test func aNewSiteTakesATitle() async throws {
    let parent = try SiteFixture("")
    let run = runFolioSite(["new", "site", parent.url("s").path, "--title", "Ann's \"notes\": 日記"])
    #expect(run.status == 0)
    let built = runFolioSite(["build", "-s", parent.url("s").path, "-q"])
    #expect(built.status == 0, "\(built.error)")
    #expect(
      parent.text("s/public/index.html")?.contains("<title>Ann&#39;s &quot;notes&quot;: 日記</title>") == true)
  }

  @Test func aNonEmptyFolderIsRefused() async throws {
    let parent = try SiteFixture("-- existing/notes.txt --\nmine\n")
    let run = runFolioSite(["new", "site", parent.url("existing").path])
    #expect(run.status == 1)
    #expect(run.error.contains("already exists and is not an empty folder"))
    #expect(parent.tree("existing") == ["notes.txt": Array("mine\n".utf8)])
  }

  @Test func anEmptyFolderIsUsed() async throws {
    let parent = try SiteFixture("")
    try FileManager.default.createDirectory(at: parent.url("empty"), withIntermediateDirectories: false)
    let run = runFolioSite(["new", "site", parent.url("empty").path])
    #expect(run.status == 0)
    #expect(parent.exists("empty/folio.yaml"))
  }

  @Test func aNewPageHasATitleFromItsFileNameAndTheGivenDate() async throws {
    let site = try SiteFixture("-- Content/_index.md --\nHome\n")
    let path = site.url("Content/posts/hello-big_world.md").path
    let run = runFolioSite(["new", "page", path, "--date", "2026-01-02"])
    #expect(run.status == 0)
    #expect(
      site.text("Content/posts/hello-big_world.md")
        == "---\ntitle: \"Hello big world\"\ndate: 2026-01-02\n---\n\n")
    let built = runFolioSite(["build", "-s", site.root.path, "--format", "json"])
    #expect(built.status == 0)
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(built.output.utf8)) as? [String: Any])
    #expect((report["diagnostics"] as? [Any])?.isEmpty == true)
    #expect(site.exists("public/posts/hello-big_world/index.html"))
  }

  @Test func aNewPageDefaultsToTodayAndCanBeADraft() async throws {
    let site = try SiteFixture("")
    let run = runFolioSite([
      "new", "page", site.url("Content/note.md").path, "--draft", "--title", "A: b",
    ])
    #expect(run.status == 0)
    let text = try #require(site.text("Content/note.md"))
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "yyyy-MM-dd"
    let before = formatter.string(from: Date(timeIntervalSinceNow: -60))
    let after = formatter.string(from: Date(timeIntervalSinceNow: 60))
    #expect(
      text == "---\ntitle: \"A: b\"\ndate: \(before)\ndraft: true\n---\n\n"
        || text == "---\ntitle: \"A: b\"\ndate: \(after)\ndraft: true\n---\n\n")
  }

  @Test func aSectionPageIsNamedAfterItsFolder() async throws {
    let site = try SiteFixture("")
    _ = runFolioSite([
      "new", "page", site.url("Content/field-notes/_index.md").path, "--date", "2026-01-01",
    ])
    #expect(site.text("Content/field-notes/_index.md")?.hasPrefix("---\ntitle: \"Field notes\"\n") == true)
  }

  @Test func anExistingPageIsNotReplaced() async throws {
    let site = try SiteFixture("-- Content/a.md --\nmine\n")
    let run = runFolioSite(["new", "page", site.url("Content/a.md").path])
    #expect(run.status == 1)
    #expect(run.error.hasSuffix("already exists; Folio does not replace it\n"))
    #expect(site.text("Content/a.md") == "mine\n")
  }

  @Test(arguments: [
    (["new"], "error: expected 'site' or 'page' after 'new'\nSee 'folio new --help'.\n"),
    (
      ["new", "post", "x"], "error: unknown kind 'post': expected 'site' or 'page'\nSee 'folio new --help'.\n"
    ),
    (["new", "site"], "error: missing DIR\nSee 'folio new --help'.\n"),
    (["new", "page"], "error: missing PATH\nSee 'folio new --help'.\n"),
    (["new", "page", "a.txt"], "error: PATH must end in .md, got 'a.txt'\nSee 'folio new --help'.\n"),
    (
      ["new", "page", "a.md", "--date", "30/11/2026"],
      "error: --date must be YYYY-MM-DD, got '30/11/2026'\nSee 'folio new --help'.\n"
    ),
    (["new", "site", "d", "--bogus"], "error: unknown option '--bogus'\nSee 'folio new --help'.\n"),
  ])
  func usageErrorsExit64(arguments: [String], message: String) async {
    let run = runFolioSite(arguments)
    #expect(run.status == 64)
    #expect(run.error == message)
  }

  @Test(arguments: [["new", "--help"], ["new", "site", "--help"], ["new", "page", "-h"]])
  func helpExitsZero(arguments: [String]) async {
    let run = runFolioSite(arguments)
    #expect(run.status == 0)
    #expect(run.output.hasPrefix("OVERVIEW: "))
    #expect(run.output.contains("USAGE: folio new"))
  }
}
