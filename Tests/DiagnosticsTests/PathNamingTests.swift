import Diagnostics
import Testing

@Suite struct PathNamingTests {
  private let naming = PathNaming(projectRoot: "/work/repo/site", currentDirectory: "/work/repo")

  @Test func aFileInsideTheCurrentFolderIsNamedFromIt() {
    #expect(naming.shown("Content/a.md") == "site/Content/a.md")
    #expect(naming.relative("Content/a.md") == "site/Content/a.md")
    #expect(PathNaming(projectRoot: "/p", currentDirectory: "/p").shown("Content/a.md") == "Content/a.md")
  }

  @Test func aFileOutsideTheCurrentFolderIsAbsoluteInTextAndClimbsForGitHub() {
    let elsewhere = PathNaming(projectRoot: "/srv/site", currentDirectory: "/work/repo/")
    #expect(elsewhere.shown("Content/a.md") == "/srv/site/Content/a.md")
    #expect(elsewhere.relative("Content/a.md") == "../../srv/site/Content/a.md")
  }

  @Test func dotsAndAbsolutePathsAreResolved() {
    #expect(naming.shown("./Content/../folio.yaml") == "site/folio.yaml")
    #expect(naming.shown("/work/repo/notes.md") == "notes.md")
    #expect(naming.shown("/etc/passwd") == "/etc/passwd")
    #expect(PathNaming(projectRoot: "/p", currentDirectory: "/p").relative("") == ".")
  }

  /// Names of dots alone are steps; names with dots in them (`.hidden`, `...`, `a..b`) are names.
  @Test func namesWithDotsAreNamesAndDotsAloneAreSteps() {
    #expect(naming.shown("Content/.hidden/a.md") == "site/Content/.hidden/a.md")
    #expect(naming.shown("Content/.../a..b.md") == "site/Content/.../a..b.md")
    #expect(naming.shown("Content/./a.md") == "site/Content/a.md")
    #expect(naming.shown("Content//a.md") == "site/Content/a.md")
    #expect(naming.shown("Content/a/..") == "site/Content")
    #expect(naming.shown("../site/a.md") == "site/a.md")
  }

  /// A project above the current folder names a file inside the current folder from there.
  @Test func aProjectAboveTheCurrentFolderNamesItsFilesBelowIt() {
    let below = PathNaming(projectRoot: "/work/repo", currentDirectory: "/work/repo/site")
    #expect(below.shown("site/Content/a.md") == "Content/a.md")
    #expect(below.shown("folio.yaml") == "/work/repo/folio.yaml")
    #expect(below.relative("site/Content/a.md") == "Content/a.md")
    #expect(below.relative("folio.yaml") == "../folio.yaml")
    let beside = PathNaming(projectRoot: "/work/site", currentDirectory: "/work/repo/docs")
    #expect(beside.relative("Content/a.md") == "../../site/Content/a.md")
    #expect(beside.relative("Content/./a.md") == "../../site/Content/a.md")
  }

  @Test func aDiagnosticKeepsAllButItsFileName() {
    let warning = Diagnostic.warning(
      "broken link", at: SourceLocation(path: "Content/a.md", line: 3, column: 7), hint: "fix it")
    #expect(
      naming.shown(warning).description == "site/Content/a.md:3:7: warning: broken link\n    hint: fix it")
    #expect(naming.shown(Diagnostic.error("no location")) == Diagnostic.error("no location"))
  }
}
