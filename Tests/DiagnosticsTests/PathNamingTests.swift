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

  @Test func aDiagnosticKeepsAllButItsFileName() {
    let warning = Diagnostic.warning(
      "broken link", at: SourceLocation(path: "Content/a.md", line: 3, column: 7), hint: "fix it")
    #expect(
      naming.shown(warning).description == "site/Content/a.md:3:7: warning: broken link\n    hint: fix it")
    #expect(naming.shown(Diagnostic.error("no location")) == Diagnostic.error("no location"))
  }
}
