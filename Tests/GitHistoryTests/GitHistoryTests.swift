import Foundation
import GitHistory
import TestSupport
import Testing

/// The dates a project's files were last changed, from fixture repositories whose commits have
/// fixed dates.
@Suite struct GitHistoryTests {
  /// A project in the `site/` folder of a new repository, with `files` written.
  private func repository(_ files: [String: String]) throws -> (fixture: SiteFixture, git: GitFixture) {
    let fixture = try SiteFixture("")
    try GitFixture.initialize(fixture.root)
    for (path, text) in files { try fixture.write(text, to: "site/" + path) }
    return (fixture, GitFixture(in: fixture.root))
  }

  private func dates(_ fixture: SiteFixture, _ paths: [String]) throws -> [String: String]? {
    try GitHistory.lastChanges(ofProjectAt: fixture.url("site").path, paths: paths)?.dates.mapValues(
      \.rfc3339)
  }

  @Test func eachFileIsDatedByTheLastCommitThatChangedIt() throws {
    let (fixture, git) = try repository(["Content/a.md": "a", "Content/docs/b.md": "b"])
    try git.commit(at: "2024-01-02T03:04:05+09:00")
    try fixture.write("a, edited", to: "site/Content/a.md")
    try fixture.write("elsewhere", to: "other.md")
    try git.commit(at: "2024-02-03T10:00:00-05:00")
    try fixture.write("never committed", to: "site/Content/new.md")
    let found = try dates(fixture, ["Content/a.md", "Content/docs/b.md", "Content/new.md"])
    #expect(
      found == [
        "Content/a.md": "2024-02-03T10:00:00-05:00", "Content/docs/b.md": "2024-01-02T03:04:05+09:00",
      ])
  }

  /// The author date, as Hugo's `enableGitInfo` dates `.Lastmod`: a rebased or amended commit
  /// keeps the day it was written.
  @Test func theDateIsTheAuthorDateNotTheCommitDate() throws {
    let (fixture, git) = try repository(["Content/a.md": "a"])
    try git.commit(at: "2023-05-06T07:08:09+00:00", committed: "2025-01-01T00:00:00+00:00")
    #expect(try dates(fixture, ["Content/a.md"]) == ["Content/a.md": "2023-05-06T07:08:09+00:00"])
  }

  @Test func aRenamedFileIsDatedByItsRenameAndADeletedOneHasNoDate() throws {
    let (fixture, git) = try repository(["Content/old.md": "text", "Content/gone.md": "gone"])
    try git.commit(at: "2024-01-01T00:00:00+00:00")
    try git.run("mv", "site/Content/old.md", "site/Content/new.md")
    try git.run("rm", "-q", "site/Content/gone.md")
    try git.commit(at: "2024-03-01T12:00:00+01:00")
    let found = try dates(fixture, ["Content/new.md", "Content/old.md", "Content/gone.md"])
    #expect(found == ["Content/new.md": "2024-03-01T12:00:00+01:00"])
  }

  /// A merge dates nothing that a commit on a merged branch changed (that commit does); a file
  /// the merge itself made differ from both sides (a conflict resolved) is dated by the merge.
  @Test func aMergeDatesOnlyWhatItChangedItself() throws {
    let (fixture, git) = try repository(["Content/a.md": "a", "Content/b.md": "b", "Content/c.md": "c"])
    try git.commit(at: "2024-01-01T00:00:00+00:00")
    try git.run("checkout", "-q", "-b", "topic")
    try fixture.write("a on topic", to: "site/Content/a.md")
    try fixture.write("c on topic", to: "site/Content/c.md")
    try git.commit(at: "2024-01-02T00:00:00+00:00")
    try git.run("checkout", "-q", "main")
    try fixture.write("b on main", to: "site/Content/b.md")
    try fixture.write("c on main", to: "site/Content/c.md")
    try git.commit(at: "2024-01-03T00:00:00+00:00")
    _ = try? git.run(
      ["merge", "-q", "--no-ff", "-m", "merge", "topic"],
      environment: [
        "GIT_AUTHOR_DATE": "2024-01-04T00:00:00+00:00", "GIT_COMMITTER_DATE": "2024-01-04T00:00:00+00:00",
      ])
    try fixture.write("c resolved", to: "site/Content/c.md")
    try git.commit(at: "2024-01-04T00:00:00+00:00", "merge topic")
    #expect(try git.run("rev-list", "--merges", "HEAD").split(separator: "\n").count == 1)
    let found = try dates(fixture, ["Content/a.md", "Content/b.md", "Content/c.md"])
    #expect(
      found == [
        "Content/a.md": "2024-01-02T00:00:00+00:00", "Content/b.md": "2024-01-03T00:00:00+00:00",
        "Content/c.md": "2024-01-04T00:00:00+00:00",
      ])
  }

  /// As `git log -1 -- FILE` finds it: a change on a branch that the merge did not keep (it
  /// kept the main line's version) does not date the file, however new it is.
  @Test func aChangeTheMergeDidNotKeepDoesNotDateTheFile() throws {
    let (fixture, git) = try repository(["Content/a.md": "a", "Content/b.md": "b"])
    try git.commit(at: "2024-01-01T00:00:00+00:00")
    try git.run("checkout", "-q", "-b", "topic")
    try fixture.write("a on topic", to: "site/Content/a.md")
    try fixture.write("b on topic", to: "site/Content/b.md")
    try git.commit(at: "2024-01-03T00:00:00+00:00")
    try git.run("checkout", "-q", "main")
    try fixture.write("a on main", to: "site/Content/a.md")
    try git.commit(at: "2024-01-02T00:00:00+00:00")
    _ = try? git.run(
      ["merge", "-q", "--no-ff", "-m", "merge", "topic"],
      environment: [
        "GIT_AUTHOR_DATE": "2024-01-04T00:00:00+00:00", "GIT_COMMITTER_DATE": "2024-01-04T00:00:00+00:00",
      ])
    try git.run("checkout", "-q", "main", "--", "site/Content/a.md")
    try git.commit(at: "2024-01-04T00:00:00+00:00", "merge topic, keeping main's a.md")
    let found = try dates(fixture, ["Content/a.md", "Content/b.md"])
    #expect(
      found == ["Content/a.md": "2024-01-02T00:00:00+00:00", "Content/b.md": "2024-01-03T00:00:00+00:00"])
    let git1 = try git.run("log", "-1", "--format=%aI", "--", "site/Content/a.md")
    #expect(git1 == "2024-01-02T00:00:00+00:00\n")
  }

  /// A shallow clone says so: its oldest commit stands in for the history before it.
  @Test func aShallowCloneSaysItIsShallow() throws {
    let (fixture, git) = try repository(["Content/a.md": "a", "Content/b.md": "b"])
    try git.commit(at: "2024-01-01T00:00:00+00:00")
    try fixture.write("b, edited", to: "site/Content/b.md")
    try git.commit(at: "2024-06-01T00:00:00+00:00")
    try git.run("clone", "-q", "--depth", "1", "file://" + fixture.root.path, "clone")
    let whole = try #require(
      try GitHistory.lastChanges(ofProjectAt: fixture.url("site").path, paths: ["Content/a.md"]))
    let shallow = try #require(
      try GitHistory.lastChanges(ofProjectAt: fixture.url("clone/site").path, paths: ["Content/a.md"]))
    #expect(!whole.isShallow && whole.dates["Content/a.md"]?.rfc3339 == "2024-01-01T00:00:00+00:00")
    #expect(shallow.isShallow && shallow.dates["Content/a.md"]?.rfc3339 == "2024-06-01T00:00:00+00:00")
  }

  /// The state names the commit `HEAD` names, as `git rev-parse HEAD` prints it, and changes
  /// with it; the dates' walk reports the same state.
  @Test func theStateNamesTheCommitHEADNames() throws {
    let (fixture, git) = try repository(["Content/a.md": "a"])
    let site = fixture.url("site").path
    let unborn = try #require(try GitHistory.state(ofProjectAt: site))
    #expect(unborn.head == nil && !unborn.isShallow)
    try git.commit(at: "2024-01-01T00:00:00+00:00")
    let first = try #require(try GitHistory.state(ofProjectAt: site))
    #expect(first.head == (try git.run("rev-parse", "HEAD")).trimmingCharacters(in: .newlines))
    #expect(first.workingFolder == fixture.root.resolvingSymlinksInPath().path)
    #expect(try GitHistory.lastChanges(ofProjectAt: site, paths: ["Content/a.md"])?.state == first)
    try git.commit(at: "2024-01-02T00:00:00+00:00")
    #expect(try GitHistory.state(ofProjectAt: site)?.head != first.head)
    #expect(try GitHistory.state(ofProjectAt: SiteFixture("").root.path) == nil)
  }

  @Test func aProjectOutsideAnyRepositoryHasNoDates() throws {
    let fixture = try SiteFixture("-- Content/a.md --\na\n")
    #expect(try GitHistory.lastChanges(ofProjectAt: fixture.root.path, paths: ["Content/a.md"]) == nil)
  }

  /// The walk stops once every file asked about has its date, instead of reading the whole
  /// history.
  @Test func theWalkStopsOnceEveryFileHasADate() throws {
    let (fixture, git) = try repository(["Content/a.md": "0"])
    for day in 1...9 {
      try fixture.write("\(day)", to: "site/Content/a.md")
      try git.commit(at: "2024-01-0\(day)T00:00:00+00:00")
    }
    let found = try #require(
      try GitHistory.lastChanges(ofProjectAt: fixture.url("site").path, paths: ["Content/a.md"]))
    #expect(found.commitsRead == 1)
  }

  /// Files mounted from beside the project are found by their paths with `..`.
  @Test func pathsBesideTheProjectAreFound() throws {
    let (fixture, git) = try repository(["Content/a.md": "a"])
    try fixture.write("shared", to: "shared/s.md")
    try git.commit(at: "2024-01-01T00:00:00+00:00")
    #expect(
      try dates(fixture, ["../shared/s.md", "../../outside.md"]) == [
        "../shared/s.md": "2024-01-01T00:00:00+00:00"
      ])
  }

  @Test(arguments: [
    (CommitDate(seconds: 0, offsetMinutes: 0), "1970-01-01T00:00:00+00:00"),
    (CommitDate(seconds: 1_709_251_200, offsetMinutes: 540), "2024-03-01T09:00:00+09:00"),
    (CommitDate(seconds: 951_782_400, offsetMinutes: -90), "2000-02-28T22:30:00-01:30"),
    (CommitDate(seconds: -1, offsetMinutes: 0), "1969-12-31T23:59:59+00:00"),
  ])
  func datesAreWrittenInTheAuthorsOffset(date: CommitDate, text: String) {
    #expect(date.rfc3339 == text)
  }
}
