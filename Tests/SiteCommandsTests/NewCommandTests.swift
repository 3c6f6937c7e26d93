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
    let site = try SiteFixture(
      "-- folio.yaml --\ntitle: T\nbaseURL: https://example.org/\n-- Content/_index.md --\nHome\n")
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

  @Test func aPathOutsideContentGoesUnderContentAndSaysWhere() async throws {
    let site = try SiteFixture("-- folio.yaml --\ntitle: T\n-- Content/posts/_index.md --\nPosts\n")
    let run = runFolioSite(
      ["new", "page", "posts/x.md", "--date", "2026-01-02"], currentDirectory: site.root.path)
    #expect(run.status == 0, "\(run.error)")
    #expect(
      run.error == "Created Content/posts/x.md (pages are read from Content/, so 'posts/x.md' went there)\n")
    #expect(site.text("Content/posts/x.md")?.hasPrefix("---\ntitle: \"X\"\n") == true)
    #expect(!site.exists("posts/x.md"))
    let built = runFolioSite(["build", "-s", site.root.path, "-q"])
    #expect(built.status == 0, "\(built.error)")
    #expect(site.exists("public/posts/x/index.html"))
  }

  @Test func aPathInContentIsWrittenAsTyped() async throws {
    let site = try SiteFixture("-- folio.yaml --\ntitle: T\n")
    let run = runFolioSite(["new", "page", "Content/a.md"], currentDirectory: site.root.path)
    #expect(run.error == "Created Content/a.md\n")
    #expect(site.exists("Content/a.md"))
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

/// `folio new site --from-zenn DIR`: a Zenn repository builds where it is.
@Suite struct NewZennSiteTests {
  private static let repository = """
    -- zenn/.gitignore --
    node_modules
    -- zenn/articles/swift-intro.md --
    ---
    title: "Swiftの始め方"
    emoji: "🐧"
    type: "tech"
    topics: ["swift", "zenn"]
    published: true
    ---
    :::message
    大事な点です。^[脚注です。]
    :::

    ![構成図](/images/arch.png =250x)
    *全体の構成*
    -- zenn/articles/not-yet.md --
    ---
    title: "下書き"
    emoji: "📝"
    type: "idea"
    topics: []
    published: false
    ---
    まだです。
    -- zenn/images/arch.png --
    png
    """

  @Test func aZennRepositoryBuildsWithoutMovingAFile() async throws {
    let parent = try SiteFixture(Self.repository)
    let before = parent.tree("zenn")
    let folder = parent.url("zenn").path
    let created = runFolioSite(["new", "site", "--from-zenn", folder])
    #expect(created.status == 0, "\(created.error)")
    var after = parent.tree("zenn")
    let config = after.removeValue(forKey: "folio.yaml") ?? []
    #expect(after == before)
    #expect(String(decoding: config, as: UTF8.self).contains("mounts: [articles, images]\n"))

    let built = runFolioSite(["build", "--source", folder, "--format", "json"])
    #expect(built.status == 0, "\(built.error)")
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(built.output.utf8)) as? [String: Any])
    #expect((report["diagnostics"] as? [Any])?.isEmpty == true, "\(built.output)")
    let page = try #require(parent.text("zenn/public/articles/swift-intro/index.html"))
    #expect(page.contains("folio-callout"))
    #expect(page.contains("<img src=\"/images/arch.png\" alt=\"構成図\" width=\"250\" />"))
    #expect(parent.exists("zenn/public/images/arch.png"))
    #expect(parent.exists("zenn/public/tags/swift/index.html"))
    #expect(!parent.exists("zenn/public/articles/not-yet/index.html"))
  }

  @Test func aGitignoreIsWrittenOnlyWhenThereIsNone() async throws {
    let parent = try SiteFixture("-- zenn/articles/a.md --\n---\ntitle: A\n---\na\n")
    let created = runFolioSite(["new", "site", "--from-zenn", parent.url("zenn").path])
    #expect(created.status == 0, "\(created.error)")
    #expect(parent.text("zenn/.gitignore") == "/public/\n/.folio/\n")
    #expect(parent.text("zenn/folio.yaml")?.contains("mounts: [articles]\n") == true)
  }

  @Test func aFolderWithoutArticlesOrWithAFolioYAMLIsRefused() async throws {
    let parent = try SiteFixture(
      "-- plain/notes.md --\nmine\n-- done/articles/a.md --\na\n-- done/folio.yaml --\ntitle: T\n")
    let plain = runFolioSite(["new", "site", "--from-zenn", parent.url("plain").path])
    #expect(plain.status == 1)
    #expect(plain.error.contains("has no articles/ folder; --from-zenn reads a Zenn repository"))
    #expect(parent.tree("plain") == ["notes.md": Array("mine\n".utf8)])
    let done = runFolioSite(["new", "site", "--from-zenn", parent.url("done").path])
    #expect(done.status == 1)
    #expect(done.error.contains("already has a folio.yaml; Folio does not replace it"))
    #expect(parent.text("done/folio.yaml") == "title: T\n")
  }
}
