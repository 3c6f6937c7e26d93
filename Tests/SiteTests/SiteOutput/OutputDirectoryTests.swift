import Diagnostics
import Foundation
import SiteOutput
import TestSupport
import Testing

/// The output folder is replaced whole, and never where it would destroy the project.
@Suite struct OutputDirectoryTests {
  private static let project = """
    -- Content/a.md --
    A
    -- Templates/page.mustache --
    {{page.title}}
    """

  /// A marker as an earlier build wrote it.
  static let marker = OutputDirectory.markerHeading + "\nindex.html\n"

  @Test(arguments: [
    "", ".", "Content", "Content/", "Content/public", "Content/deep/er", "Templates", "Templates/x",
    "public/..",
  ])
  func refusesFoldersThatHoldTheProject(output: String) throws {
    let site = try SiteFixture(OutputDirectoryTests.project)
    let before = site.tree("")
    #expect(throws: DiagnosticError.self) {
      try OutputDirectory(url: site.url(output), projectRoot: site.root)
    }
    #expect(site.tree("") == before)
  }

  @Test func refusesAParentOfTheProject() throws {
    let site = try SiteFixture(OutputDirectoryTests.project)
    let error = #expect(throws: DiagnosticError.self) {
      try OutputDirectory(url: site.root.deletingLastPathComponent(), projectRoot: site.root)
    }
    #expect(error?.description.contains("refusing to use") == true)
  }

  @Test func refusesTheProjectThroughASymbolicLink() throws {
    let site = try SiteFixture(OutputDirectoryTests.project)
    try FileManager.default.createSymbolicLink(at: site.url("link"), withDestinationURL: site.url("Content"))
    #expect(throws: DiagnosticError.self) {
      try OutputDirectory(url: site.url("link"), projectRoot: site.root)
    }
  }

  @Test(arguments: ["public", "docs", "build/site", "../folio-test-output-elsewhere"])
  func acceptsSeparateFolders(output: String) throws {
    let site = try SiteFixture(OutputDirectoryTests.project)
    let directory = try OutputDirectory(url: site.url(output), projectRoot: site.root)
    try directory.write(["index.html": Array("x".utf8)])
    #expect(
      FileManager.default.contents(atPath: site.url(output).appendingPathComponent("index.html").path)
        == Data("x".utf8))
    try? FileManager.default.removeItem(at: site.url(output))
  }

  @Test func refusesToReplaceAFile() throws {
    let site = try SiteFixture(OutputDirectoryTests.project + "\n-- public --\nnot a folder\n")
    let directory = try OutputDirectory(url: site.url("public"), projectRoot: site.root)
    #expect(throws: DiagnosticError.self) { try directory.write(["index.html": []]) }
    #expect(site.text("public") == "not a folder\n")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: site.root.path).sorted() == [
        "Content", "Templates", "public",
      ])
  }

  @Test func leavesNoStagingFoldersBehind() throws {
    let site = try SiteFixture(OutputDirectoryTests.project)
    let directory = try OutputDirectory(url: site.url("public"), projectRoot: site.root)
    try directory.write(["a.html": [1]])
    try directory.write(["b/c.html": [2]])
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: site.root.path).sorted() == [
        "Content", "Templates", "public",
      ])
    #expect(site.tree("public").filter { $0.key != OutputDirectory.markerName } == ["b/c.html": [2]])
    #expect(site.text("public/.folio-output") == OutputDirectory.markerHeading + "\nb/c.html\n")
  }

  @Test func cleansStagingFoldersOfDeadBuilds() throws {
    let site = try SiteFixture(OutputDirectoryTests.project)
    // A process id that is not running: pid_max on Linux is at most 2^22.
    let dead = 4_194_999
    try site.write("partial", to: ".public.folio-new-\(dead)/index.html")
    try site.write("retired", to: ".public.folio-old-\(dead)/index.html")
    try site.write("keep", to: ".public.folio-new-\(getpid())-other/index.html")
    try site.write(OutputDirectoryTests.marker, to: ".public.folio-old-\(dead)/.folio-output")
    let directory = try OutputDirectory(url: site.url("public"), projectRoot: site.root)
    try directory.write(["index.html": [1]])
    #expect(!site.exists(".public.folio-new-\(dead)"))
    #expect(!site.exists(".public.folio-old-\(dead)"))
    #expect(site.exists(".public.folio-new-\(getpid())-other"))
  }

  @Test func putsBackTheOutputOfABuildKilledWhileReplacingIt() throws {
    let site = try SiteFixture(OutputDirectoryTests.project)
    // Where a build killed between its two renames leaves the previous output.
    try site.write("previous", to: ".public.folio-old-4194999/index.html")
    try site.write(OutputDirectoryTests.marker, to: ".public.folio-old-4194999/.folio-output")
    _ = try OutputDirectory(url: site.url("public"), projectRoot: site.root)
    #expect(site.text("public/index.html") == "previous")
    #expect(!site.exists(".public.folio-old-4194999"))
  }

  @Test func keepsTheCurrentOutputOverAnOldOne() throws {
    let site = try SiteFixture(OutputDirectoryTests.project)
    try site.write("current", to: "public/index.html")
    try site.write(OutputDirectoryTests.marker, to: "public/.folio-output")
    try site.write("older", to: ".public.folio-old-4194999/index.html")
    let directory = try OutputDirectory(url: site.url("public"), projectRoot: site.root)
    #expect(site.text("public/index.html") == "current")
    try directory.write(["index.html": Array("new".utf8)])
    #expect(site.text("public/index.html") == "new")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: site.root.path).sorted() == [
        "Content", "Templates", "public",
      ])
  }
}
