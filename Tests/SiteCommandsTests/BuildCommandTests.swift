import Foundation
import TestSupport
import Testing

@Suite struct BuildCommandTests {
  private static let site = """
    -- folio.yaml --
    title: T
    baseURL: https://example.org/
    -- Content/_index.md --
    Home
    -- Content/a.md --
    <!-- list -->
    Not a list.
    """

  @Test func buildsIntoPublicAndReportsOnStandardError() async throws {
    let site = try SiteFixture(BuildCommandTests.site)
    let run = runFolioSite(["build", "--source", site.root.path])
    #expect(run.status == 0)
    #expect(run.output == "")
    #expect(run.error.hasPrefix("Content/a.md:1:1: warning: '<!-- list -->' must come right before a list\n"))
    #expect(run.error.contains("Built 3 pages, "))
    #expect(site.exists("public/a/index.html"))
  }

  @Test func aProjectBuiltFromAnotherFolderIsNamedFromThatFolder() throws {
    let site = try SiteFixture(
      """
      -- site/folio.yaml --
      title: T
      baseURL: https://example.org/
      -- site/Content/a.md --
      <!-- list -->
      Not a list.
      -- elsewhere/notes.txt --
      Not part of the site.
      """)
    let project = site.url("site").path
    let run = runFolioSite(["build", "--source", "site"], currentDirectory: site.root.path)
    #expect(run.status == 0)
    #expect(
      run.error.hasPrefix("site/Content/a.md:1:1: warning: '<!-- list -->' must come right before a list\n"))
    let elsewhere = runFolioSite(
      ["check", "--source", project], currentDirectory: site.url("elsewhere").path)
    // Outside the folder it runs in: absolute, which reads better than a chain of `..`.
    #expect(elsewhere.error.hasPrefix("\(project)/Content/a.md:1:1: warning: "))
    let inside = runFolioSite(
      ["check", "--source", project], currentDirectory: site.url("site/Content").path)
    #expect(inside.error.hasPrefix("a.md:1:1: warning: "))
  }

  /// Without a base URL the published pages lack canonical links and the feeds name
  /// localhost: `folio build` says so once, not once a page; `folio check` publishes nothing.
  @Test func aSiteWithoutABaseURLIsOneWarning() async throws {
    let site = try SiteFixture("-- folio.yaml --\ntitle: T\n-- Content/a.md --\nA.\n-- Content/b.md --\nB.\n")
    let run = runFolioSite(["build", "--source", site.root.path])
    #expect(run.status == 0)
    #expect(
      run.error.hasPrefix("folio.yaml:1:1: warning: no baseURL is set, so pages have no canonical link"))
    #expect(run.error.components(separatedBy: "baseURL").count == 3, "one warning, its message and hint")
    #expect(!runFolioSite(["check", "--source", site.root.path]).error.contains("baseURL"))
  }

  @Test func quietPrintsNothingWhenAllIsWell() async throws {
    let site = try SiteFixture(BuildCommandTests.site)
    let run = runFolioSite(["build", "-s", site.root.path, "--quiet", "-o", site.url("out").path])
    #expect(run.status == 0)
    #expect(run.output == "")
    #expect(run.error == "")
    #expect(site.exists("out/index.html"))
  }

  @Test func jsonFormatWritesAReportOnStandardOutput() async throws {
    let site = try SiteFixture(BuildCommandTests.site)
    let run = runFolioSite(["build", "--source", site.root.path, "--format=json"])
    #expect(run.status == 0)
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    #expect(
      report.keys.sorted() == [
        "bytes", "cache", "diagnostics", "files", "output", "pages", "schema", "status", "timings",
      ])
    // The first build renders both Markdown pages (the third HTML file is the 404 page) and
    // writes the build cache.
    let cache = try #require(report["cache"] as? [String: Any])
    #expect(cache["path"] as? String == ".folio/cache/pages")
    #expect(cache["renderedPages"] as? Int == 2)
    #expect(cache["reusedPages"] as? Int == 0)
    #expect((cache["bytes"] as? Int ?? 0) > 0)
    #expect(site.exists(".folio/cache/pages"))
    // And checks both pages' links, which it keeps for the next build.
    let linkChecks = try #require(cache["linkChecks"] as? [String: Any])
    #expect(linkChecks["path"] as? String == ".folio/cache/link-checks")
    #expect(linkChecks["checkedPages"] as? Int == 2)
    #expect(linkChecks["reusedPages"] as? Int == 0)
    #expect((linkChecks["bytes"] as? Int ?? 0) > 0)
    #expect(site.exists(".folio/cache/link-checks"))
    #expect(report["schema"] as? Int == 1)
    #expect(report["status"] as? String == "built")
    #expect(report["pages"] as? Int == 3)
    #expect(report["output"] as? String == site.url("public").path)
    let diagnostics = try #require(report["diagnostics"] as? [[String: Any]])
    #expect(diagnostics.count == 1)
    #expect(diagnostics.first?["severity"] as? String == "warning")
    #expect(diagnostics.first?["path"] as? String == "Content/a.md")
    #expect(diagnostics.first?["line"] as? Int == 1)
    #expect(diagnostics.first?["column"] as? Int == 1)
    #expect(diagnostics.first?["message"] as? String == "'<!-- list -->' must come right before a list")
    let timings = try #require(report["timings"] as? [String: Double])
    #expect(Set(timings.keys).isSuperset(of: ["configure", "discover", "parse", "render", "feeds"]))
    // Paths stay readable: no `\/` escapes.
    #expect(!run.output.contains("\\/"))
  }

  @Test func jsonFormatReportsAFailedBuildWithItsErrors() async throws {
    let site = try SiteFixture(
      """
      -- Content/a.md --
      ---
      draft: 1️⃣maybe
      ---
      """)
    let run = runFolioSite(["build", "--source", site.root.path, "--format", "json"])
    #expect(run.status == 1)
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    #expect(report["status"] as? String == "failed")
    #expect(report["pages"] == nil)
    let location = site.location("1️⃣")
    let error = try #require((report["diagnostics"] as? [[String: Any]])?.first)
    #expect(error["severity"] as? String == "error")
    #expect(error["path"] as? String == location.path)
    #expect(error["line"] as? Int == location.line)
    #expect(error["column"] as? Int == location.column)
    #expect(error["message"] as? String == "expected true or false for 'draft', found the string 'maybe'")
    // People reading the CI log still see the error as text.
    #expect(run.error.contains(": error: expected true or false for 'draft'"))
  }

  @Test func contentErrorsExitOneWithTheLocation() async throws {
    let site = try SiteFixture(
      """
      -- Content/a.md --
      ---
      draft: 1️⃣maybe
      ---
      """)
    let run = runFolioSite(["build", "--source", site.root.path])
    #expect(run.status == 1)
    #expect(
      run.error
        == "\(site.location("1️⃣")): error: expected true or false for 'draft', found the string 'maybe'\n")
    #expect(!site.exists("public"))
  }

  @Test func strictTurnsWarningsIntoErrorsAndKeepsTheOldOutput() async throws {
    let site = try SiteFixture("-- folio.yaml --\nbaseURL: https://example.org/\n-- Content/a.md --\nFine.\n")
    #expect(runFolioSite(["build", "-s", site.root.path, "--strict", "-q"]).status == 0)
    let before = site.tree("public")
    try site.write("<!-- list -->\nNot a list.\n", to: "Content/a.md")
    let run = runFolioSite(["build", "-s", site.root.path, "--strict"])
    #expect(run.status == 1)
    #expect(run.error == "Content/a.md:1:1: error: '<!-- list -->' must come right before a list\n")
    #expect(site.tree("public") == before)
  }

  @Test func draftsAndBaseURLOptionsReachTheBuild() async throws {
    let site = try SiteFixture(
      """
      -- Content/d.md --
      ---
      draft: true
      ---
      """)
    let run = runFolioSite([
      "build", "--source", site.root.path, "--drafts", "--base-url", "https://preview.example", "-q",
    ])
    #expect(run.status == 0)
    #expect(site.text("public/d/index.html")?.contains(#"href="https://preview.example/d/""#) == true)
  }

  @Test func anOutputInsideContentIsRefused() async throws {
    let site = try SiteFixture(BuildCommandTests.site)
    let run = runFolioSite([
      "build", "--source", site.root.path, "--output", site.url("Content/out").path,
    ])
    #expect(run.status == 1)
    #expect(run.error.hasPrefix("error: refusing to use"))
    #expect(!site.exists("Content/out"))
  }

  @Test(arguments: [
    (["build", "--frobnicate"], "error: unknown option '--frobnicate'\nSee 'folio build --help'.\n"),
    (
      ["build", "--format", "xml"],
      "error: --format must be text, json or github\nSee 'folio build --help'.\n"
    ),
    (["build", "extra"], "error: unexpected argument 'extra'\nSee 'folio build --help'.\n"),
    (
      ["build", "--output"], "error: missing value for '--output' (expected DIR)\nSee 'folio build --help'.\n"
    ),
    (["bulid"], "error: unknown subcommand 'bulid'\nSee 'folio --help'.\n"),
  ])
  func usageErrorsExit64WithAMessage(arguments: [String], message: String) async {
    let run = runFolioSite(arguments)
    #expect(run.status == 64)
    #expect(run.error == message)
    #expect(run.output == "")
  }

  @Test func helpListsTheOptions() async {
    let run = runFolioSite(["build", "--help"])
    #expect(run.status == 0)
    #expect(run.output.hasPrefix("OVERVIEW: Build the site"))
    for option in ["--source", "--output", "--drafts", "--base-url", "--quiet", "--format"] {
      #expect(run.output.contains(option))
    }
  }
}
