import Diagnostics
import Foundation
import SiteOutput
import TestSupport
import Testing

/// Files written early into the staging folder end as if written at the end, and a build that
/// stops leaves the output as it was.
@Suite struct StagedOutputTests {
  private static let project = """
    -- Content/a.md --
    A
    """

  /// A site whose last build wrote `old.html`, and the staging folder of the next.
  private static func stagedOverAnEarlierBuild() throws -> (SiteFixture, StagedOutput) {
    let site = try SiteFixture(project)
    let directory = try OutputDirectory(url: site.url("public"), projectRoot: site.root)
    try directory.write(["old.html": [9]])
    return (site, directory.stage())
  }

  /// The output is the last build's, and nothing else is beside it.
  private static func expectTheEarlierBuildAlone(in site: SiteFixture) throws {
    #expect(site.tree("public").filter { $0.key != OutputDirectory.markerName } == ["old.html": [9]])
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: site.root.path).sorted() == ["Content", "public"])
  }

  @Test func filesWrittenEarlyAreKeptChangedOrDroppedAsTheFinishedBuildSays() throws {
    let (site, staged) = try StagedOutputTests.stagedOverAnEarlierBuild()
    staged.writeInBackground(["a/index.html": [1], "b/index.html": [2], "gone.html": [3]])
    // While it is staged the output is the last build's.
    #expect(site.tree("public").filter { $0.key != OutputDirectory.markerName } == ["old.html": [9]])
    // `a` is kept as handed over, `b` made again, `gone.html` dropped, `c/d/e.xml` added.
    try staged.finish(["b/index.html": [22], "c/d/e.xml": [4]], handedOver: ["a/index.html": 1])
    #expect(
      site.tree("public").filter { $0.key != OutputDirectory.markerName } == [
        "a/index.html": [1], "b/index.html": [22], "c/d/e.xml": [4],
      ])
    #expect(
      site.text("public/.folio-output")
        == OutputDirectory.markerHeading + "\na/index.html\nb/index.html\nc/d/e.xml\n")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: site.root.path).sorted() == ["Content", "public"])
  }

  @Test func theMarkerListsEveryFileWhenTheFinishedBuildKeptTheEarlyList() throws {
    let (site, staged) = try StagedOutputTests.stagedOverAnEarlierBuild()
    staged.writeInBackground(["b/index.html": [1], "a/index.html": [2], "a/b.xml": [3]])
    try staged.finish(["a/index.html": [22]], handedOver: ["b/index.html": 1, "a/b.xml": 1])
    #expect(
      site.text("public/.folio-output")
        == OutputDirectory.markerHeading + "\na/b.xml\na/index.html\nb/index.html\n")
    #expect(site.tree("public")["a/index.html"] == [22])
  }

  @Test func aDiscardedStageLeavesTheOutputAndNoFolderBehind() throws {
    let (site, staged) = try StagedOutputTests.stagedOverAnEarlierBuild()
    staged.writeInBackground(["a/index.html": [1]])
    staged.discard()
    staged.discard()
    try StagedOutputTests.expectTheEarlierBuildAlone(in: site)
  }

  @Test func aBuildThatWritesNothingMakesNoFolderBesideTheOutput() throws {
    let (site, staged) = try StagedOutputTests.stagedOverAnEarlierBuild()
    // Nothing beside the output while no batch has come (an up-to-date or failed build).
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: site.root.path).sorted() == ["Content", "public"])
    staged.discard()
    try StagedOutputTests.expectTheEarlierBuildAlone(in: site)
    // A closed stage writes nothing afterwards.
    staged.writeInBackground(["late.html": [1]])
    staged.discard()
    try StagedOutputTests.expectTheEarlierBuildAlone(in: site)
  }

  @Test func aPathRefusedInTheBackgroundFailsTheFinishAndKeepsTheOutput() throws {
    let (site, staged) = try StagedOutputTests.stagedOverAnEarlierBuild()
    staged.writeInBackground(["../outside.html": [1]])
    #expect(throws: DiagnosticError.self) { try staged.finish(["../outside.html": [1]]) }
    #expect(
      !FileManager.default.fileExists(atPath: site.root.deletingLastPathComponent().path + "/outside.html"))
    try StagedOutputTests.expectTheEarlierBuildAlone(in: site)
  }
}
