import Foundation
import TestSupport
import Testing

/// `folio build` and `folio check` with `--format github`: GitHub Actions annotations on
/// standard output, and the job summary.
@Suite struct GitHubFormatTests {
  private static let brokenLink = """
    -- Content/a.md --
    See 1️⃣[the guide](/docs/gide/).
    -- Content/docs/guide.md --
    Guide
    """

  private static let twoWarnings = """
    -- folio.yaml --
    baseURL: https://example.org/
    title: T
    -- Content/a.md --
    1️⃣<!-- list -->
    Not a list.
    -- Content/b.md --
    2️⃣<!-- list -->
    Not a list either.
    """

  /// The annotation GitHub gets for the broken link of ``brokenLink``, naming the file `path`.
  private static func brokenLinkAnnotation(_ site: SiteFixture, path: String = "Content/a.md") -> String {
    let location = site.location("1️⃣")
    return "::error file=\(path),line=\(location.line),col=\(location.column),title=Folio::"
      + "broken link to '/docs/gide/': no page or file has that URL%0Ahint: did you mean '/docs/guide/'?\n"
  }

  @Test(arguments: ["check", "build"])
  func aBrokenLinkIsExactlyOneErrorAnnotationAtTheLink(command: String) async throws {
    let site = try SiteFixture(GitHubFormatTests.brokenLink)
    let run = runFolioSite([command, "--format", "github"], currentDirectory: site.root.path)
    #expect(run.status == 1)
    #expect(run.output == GitHubFormatTests.brokenLinkAnnotation(site))
    // GitHub shows the annotation in the log too; the same text again on standard error would
    // print every problem twice.
    #expect(run.error == "")
    #expect(!site.exists("public"))
  }

  @Test func pathsAreRelativeToTheFolderTheCommandRunsIn() async throws {
    let site = try SiteFixture(GitHubFormatTests.brokenLink)
    let parent = site.root.deletingLastPathComponent().path
    let name = site.root.lastPathComponent
    let fromParent = runFolioSite(
      ["check", "--source", name, "--format", "github"], currentDirectory: parent)
    #expect(fromParent.output == GitHubFormatTests.brokenLinkAnnotation(site, path: "\(name)/Content/a.md"))

    let beside = runFolioSite(
      ["check", "--source", site.root.path, "--format", "github"], currentDirectory: site.url("tools").path)
    #expect(beside.output == GitHubFormatTests.brokenLinkAnnotation(site, path: "../Content/a.md"))
  }

  @Test func percentCommaAndColonAreEscapedInPathsAndMessages() async throws {
    let site = try SiteFixture(
      """
      -- Content/50%,a:b.md --
      See 1️⃣[x](/no:where,50%25/).
      """)
    let run = runFolioSite(["check", "--format", "github"], currentDirectory: site.root.path)
    let location = site.location("1️⃣")
    #expect(run.status == 1)
    #expect(
      run.output
        == "::error file=Content/50%25%2Ca%3Ab.md,line=\(location.line),col=\(location.column),title=Folio::"
        + "broken link to '/no:where,50%2525/': no page or file has that URL%0Ahint: "
        + "link to a page by its URL: Content/50%25,a:b.md, this page, is /50%25,a:b/\n")
  }

  @Test func warningsAreAnnotatedInOrderAndTheSummaryLineGoesToStandardError() async throws {
    let site = try SiteFixture(GitHubFormatTests.twoWarnings)
    let warning = "title=Folio::'<!-- list -->' must come right before a list\n"
    let (a, b) = (site.location("1️⃣"), site.location("2️⃣"))
    let lenient = runFolioSite(["check", "--format", "github"], currentDirectory: site.root.path)
    #expect(lenient.status == 0)
    #expect(
      lenient.output
        == "::warning file=Content/a.md,line=\(a.line),col=\(a.column),\(warning)"
        + "::warning file=Content/b.md,line=\(b.line),col=\(b.column),\(warning)")
    #expect(lenient.error == "Checked 4 pages: 2 warnings.\n")

    let strict = runFolioSite(["check", "--format", "github", "--strict"], currentDirectory: site.root.path)
    #expect(strict.status == 1)
    #expect(strict.output == lenient.output.replacingOccurrences(of: "::warning ", with: "::error "))
  }

  @Test func aBuildAnnotatesItsWarningsEvenWhenQuiet() async throws {
    let site = try SiteFixture(GitHubFormatTests.twoWarnings)
    let run = runFolioSite(["build", "--format", "github"], currentDirectory: site.root.path)
    #expect(run.status == 0)
    #expect(
      run.output.split(separator: "\n").map { $0.prefix(28) } == [
        "::warning file=Content/a.md,", "::warning file=Content/b.md,",
      ])
    #expect(run.error.hasPrefix("Built 4 pages, "))
    #expect(site.exists("public/a/index.html"))

    let quiet = runFolioSite(["build", "--format", "github", "--quiet"], currentDirectory: site.root.path)
    #expect(quiet.output == run.output)
    #expect(quiet.error == "")
  }

  @Test func theStepSummaryIsAppendedToTheFileGitHubNames() async throws {
    let site = try SiteFixture(GitHubFormatTests.brokenLink)
    try site.write("## An earlier step\n\n", to: "summary.md")
    let environment = ["GITHUB_STEP_SUMMARY": site.url("summary.md").path]
    for _ in 0..<2 {
      _ = runFolioSite(
        ["check", "--format", "github"], environment: environment, currentDirectory: site.root.path)
    }
    let location = site.location("1️⃣")
    let table = """
      ### folio check: 1 error

      | Severity | Place | Message | Hint |
      | --- | --- | --- | --- |
      | error | Content/a.md:\(location.line):\(location.column) \
      | broken link to '/docs/gide/': no page or file has that URL | did you mean '/docs/guide/'? |


      """
    #expect(
      try String(contentsOf: site.url("summary.md"), encoding: .utf8) == "## An earlier step\n\n" + table
        + table)
  }

  @Test func aCleanCheckSummarisesNoProblemsAndCreatesTheFileIfNeeded() async throws {
    let site = try SiteFixture("-- folio.yaml --\ntitle: T\n-- Content/a.md --\nA page.\n")
    let run = runFolioSite(
      ["check", "--format", "github"], environment: ["GITHUB_STEP_SUMMARY": "summary.md"],
      currentDirectory: site.root.path)
    #expect(run.status == 0)
    #expect(run.output == "")
    #expect(
      try String(contentsOf: site.url("summary.md"), encoding: .utf8) == "### folio check: no problems\n\n")
  }

  @Test func aSummaryThatCannotBeWrittenIsAWarningAndChangesNothingElse() async throws {
    let site = try SiteFixture(GitHubFormatTests.brokenLink)
    let summary = site.url("no-such-folder/summary.md").path
    let run = runFolioSite(
      ["check", "--format", "github"], environment: ["GITHUB_STEP_SUMMARY": summary],
      currentDirectory: site.root.path)
    #expect(run.status == 1)
    #expect(run.output == GitHubFormatTests.brokenLinkAnnotation(site))
    #expect(
      run.error
        == "warning: cannot append the step summary to '\(summary)': No such file or directory\n"
        + "    hint: GITHUB_STEP_SUMMARY names that file; the annotations are complete without it\n")
  }

  @Test func otherFormatsIgnoreTheStepSummary() async throws {
    let site = try SiteFixture(GitHubFormatTests.brokenLink)
    let environment = ["GITHUB_STEP_SUMMARY": site.url("summary.md").path]
    for format in ["text", "json"] {
      _ = runFolioSite(
        ["check", "--format", format], environment: environment, currentDirectory: site.root.path)
    }
    #expect(!site.exists("summary.md"))
  }
}
