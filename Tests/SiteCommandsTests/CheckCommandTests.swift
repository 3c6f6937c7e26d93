import Foundation
import TestSupport
import Testing

@Suite struct CheckCommandTests {
  private static let cleanSite = """
    -- folio.yaml --
    title: T
    -- Content/_index.md --
    Home, and [the page](/a/).
    -- Content/a.md --
    A page.
    """

  @Test func aCleanSiteChecksWithoutWritingAnything() async throws {
    let site = try SiteFixture(CheckCommandTests.cleanSite)
    let run = runFolioSite(["check", "--source", site.root.path])
    #expect(run.status == 0)
    #expect(run.output == "")
    #expect(run.error == "Checked 3 pages: no problems.\n")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: site.root.path).sorted() == [
        "Content", "folio.yaml",
      ])
  }

  @Test func warningsArePrintedAndPassUnlessStrict() async throws {
    let site = try SiteFixture(
      """
      -- folio.yaml --
      title: T
      -- Content/a.md --
      1️⃣<!-- list -->
      Not a list.
      """)
    let warning = "\(site.location("1️⃣")): warning: '<!-- list -->' must come right before a list\n"
    let lenient = runFolioSite(["check", "-s", site.root.path])
    #expect(lenient.status == 0)
    #expect(lenient.error == warning + "Checked 3 pages: 1 warning.\n")

    let strict = runFolioSite(["check", "-s", site.root.path, "--strict"])
    #expect(strict.status == 1)
    #expect(
      strict.error == warning.replacingOccurrences(of: ": warning: ", with: ": error: ")
        + "Checked 3 pages: 1 error.\n")
    #expect(!site.exists("public"))
  }

  @Test func errorsExitOneWithTheirLocations() async throws {
    let site = try SiteFixture(
      """
      -- Content/a.md --
      See 1️⃣[the guide](/docs/gide/).
      -- Content/docs/guide.md --
      Guide
      """)
    let run = runFolioSite(["check", "-s", site.root.path])
    #expect(run.status == 1)
    #expect(
      run.error
        == "\(site.location("1️⃣")): error: broken link to '/docs/gide/': no page or file has that URL\n"
        + "    hint: did you mean '/docs/guide/'?\n")
  }

  @Test func checkAlsoChecksAnchorsWhichBuildLeavesAlone() async throws {
    let site = try SiteFixture(
      """
      -- folio.yaml --
      title: T
      -- Content/a.md --
      ## Usage
      [ok](#usage) 1️⃣[typo](#usgae)
      """)
    let check = runFolioSite(["check", "-s", site.root.path])
    #expect(check.status == 0)
    #expect(
      check.error
        == "\(site.location("1️⃣")): warning: broken anchor in '#usgae': /a/ has no element with id 'usgae'\n"
        + "    hint: did you mean '#usage'?\nChecked 3 pages: 1 warning.\n")
    let build = runFolioSite(["build", "-s", site.root.path, "-o", site.url("out").path])
    #expect(!build.error.contains("anchor"))
  }

  @Test func aSiteWithoutSettingsIsNotedAndStrictLetsTheNotePass() async throws {
    let parent = try SiteFixture("-- notes/Content/a.md --\nA page.\n")
    let run = runFolioSite(["check", "-s", parent.url("notes").path, "--strict"])
    #expect(run.status == 0)
    #expect(
      run.error
        == "note: there is no folio.yaml, so the site is titled 'notes' after its folder\n"
        + "    hint: write 'title: …' in folio.yaml to choose the title\n"
        + "Checked 3 pages: no problems, 1 note.\n")
  }

  @Test func draftsAreCheckedOnlyWhenAskedFor() async throws {
    let site = try SiteFixture(
      """
      -- Content/d.md --
      ---
      draft: true
      ---
      [nowhere](/nowhere/)
      """)
    #expect(runFolioSite(["check", "-s", site.root.path]).status == 0)
    #expect(runFolioSite(["check", "-s", site.root.path, "--drafts"]).status == 1)
  }

  @Test func jsonFormatReportsEveryDiagnostic() async throws {
    let site = try SiteFixture(
      """
      -- folio.yaml --
      title: T
      -- Content/a.md --
      1️⃣<!-- list -->
      Not a list.
      """)
    let run = runFolioSite(["check", "-s", site.root.path, "--format", "json", "--strict"])
    #expect(run.status == 1)
    let report = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    #expect(report["schema"] as? Int == 1)
    #expect(report["status"] as? String == "failed")
    #expect(report["output"] == nil)
    #expect(report["pages"] as? Int == 3)
    let diagnostic = try #require((report["diagnostics"] as? [[String: Any]])?.first)
    #expect(diagnostic["severity"] as? String == "error")
    #expect(diagnostic["line"] as? Int == site.location("1️⃣").line)
  }

  @Test(arguments: [
    (
      ["check", "--format", "xml"],
      "error: --format must be text, json or github\nSee 'folio check --help'.\n"
    ),
    (["check", "--output", "x"], "error: unknown option '--output'\nSee 'folio check --help'.\n"),
    (["check", "extra"], "error: unexpected argument 'extra'\nSee 'folio check --help'.\n"),
  ])
  func usageErrorsExit64WithAMessage(arguments: [String], message: String) async {
    let run = runFolioSite(arguments)
    #expect(run.status == 64)
    #expect(run.error == message)
    #expect(run.output == "")
  }

  @Test func helpNamesTheOptions() async {
    let run = runFolioSite(["check", "--help"])
    #expect(run.status == 0)
    for option in ["--source", "--drafts", "--strict", "--format"] { #expect(run.output.contains(option)) }
  }
}
