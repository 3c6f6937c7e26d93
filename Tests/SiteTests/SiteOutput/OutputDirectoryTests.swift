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

  @Test func thePreviousOutputGoesWholeWithoutFollowingTheLinksInIt() throws {
    let site = try SiteFixture(OutputDirectoryTests.project + "\n-- elsewhere/keep.txt --\nkept\n")
    let directory = try OutputDirectory(url: site.url("public"), projectRoot: site.root)
    var files: [String: [UInt8]] = ["index.html": [1]]
    // Sections of pages, as a site has, and one folder nested past what is removed through
    // descriptors.
    for section in 0..<5 { for page in 0..<20 { files["s\(section)/p\(page)/index.html"] = [2] } }
    files[(0..<70).map { "d\($0)" }.joined(separator: "/") + "/deep.html"] = [3]
    try directory.write(files)
    // What a deploy step might leave in the output: links to a folder and a file outside it.
    let manager = FileManager.default
    try manager.createSymbolicLink(
      atPath: site.url("public/s0/out").path, withDestinationPath: site.url("elsewhere").path)
    try manager.createSymbolicLink(
      atPath: site.url("public/out.txt").path, withDestinationPath: site.url("elsewhere/keep.txt").path)
    try directory.write(["new.html": [4]])
    #expect(site.tree("public").filter { $0.key != OutputDirectory.markerName } == ["new.html": [4]])
    #expect(site.text("elsewhere/keep.txt") == "kept\n")
    #expect(
      try manager.contentsOfDirectory(atPath: site.root.path).sorted() == [
        "Content", "Templates", "elsewhere", "public",
      ])
  }

  @Test func cleansStagingFoldersOfDeadBuilds() throws {
    let site = try SiteFixture(OutputDirectoryTests.project)
    // A process id that is not running: pid_max on Linux is at most 2^22.
    let dead = 4_194_999
    try site.write("partial", to: ".public.folio-new-\(dead)/index.html")
    try site.write(OutputDirectoryTests.marker, to: ".public.folio-new-\(dead)/.folio-output")
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
    try site.write(OutputDirectoryTests.marker, to: ".public.folio-old-4194999/.folio-output")
    let directory = try OutputDirectory(url: site.url("public"), projectRoot: site.root)
    #expect(site.text("public/index.html") == "current")
    try directory.write(["index.html": Array("new".utf8)])
    #expect(site.text("public/index.html") == "new")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: site.root.path).sorted() == [
        "Content", "Templates", "public",
      ])
  }

  // MARK: Where the output goes is the command line's choice

  /// A fixture with `outside/` beside the project, holding a file someone keeps.
  private static func sandbox() throws -> SiteFixture {
    var text = "-- outside/keep.txt --\nkeep\n"
    for (path, body) in try SiteFixture.files(in: project) { text += "-- project/\(path) --\n\(body)" }
    return try SiteFixture(text)
  }

  private static func link(_ site: SiteFixture, _ path: String, to target: String) throws {
    try FileManager.default.createSymbolicLink(atPath: site.url(path).path, withDestinationPath: target)
  }

  @Test func aDefaultOutputThatIsALinkIsRefusedAndLeftAsItIs() throws {
    let site = try OutputDirectoryTests.sandbox()
    try OutputDirectoryTests.link(site, "project/public", to: "../outside")
    let before = site.tree("outside")
    let error = #expect(throws: DiagnosticError.self) {
      try OutputDirectory(
        url: site.url("project/public"), projectRoot: site.url("project"), followsLink: false)
    }
    #expect(
      error?.description
        == "error: refusing to write the site through '\(site.url("project/public").path)': it is a symbolic link to '../outside', and the default output must be a folder in the project\n    hint: remove the link, or pass --output DIR to choose where the site goes (an --output that is a link is written through)"
    )
    #expect(site.tree("outside") == before)
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: site.url("project/public").path)
        == "../outside")
  }

  @Test(arguments: ["old-4194999", "new-4194999", "new-\(getpid())", "spare-4194999"])
  func aLinkNamedAsAStagingFolderIsNeverRenamedFollowedOrDeleted(suffix: String) throws {
    let site = try OutputDirectoryTests.sandbox()
    let name = "project/.public.folio-\(suffix)"
    try OutputDirectoryTests.link(site, name, to: "../outside")
    let before = site.tree("outside")
    let error = #expect(throws: DiagnosticError.self) {
      let directory = try OutputDirectory(url: site.url("project/public"), projectRoot: site.url("project"))
      try directory.write(["index.html": [1]])
    }
    #expect(
      error?.description
        == "error: refusing to build: '\(site.url(name).path)' has the name of Folio's staging folders, but it is a symbolic link to '../outside', not a folder Folio made\n    hint: remove it (Folio never renames, follows or deletes it), or pass --output DIR to build elsewhere"
    )
    #expect(site.tree("outside") == before)
    #expect(!site.exists("project/public"))
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: site.url(name).path) == "../outside")
  }

  @Test func aFolderOfSomeoneElsesNamedAsAStagingFolderIsKept() throws {
    let site = try SiteFixture(OutputDirectoryTests.project)
    try site.write("committed", to: ".public.folio-new-\(getpid())/index.html")
    #expect(throws: DiagnosticError.self) {
      let directory = try OutputDirectory(url: site.url("public"), projectRoot: site.root)
      try directory.write(["index.html": [1]])
    }
    #expect(site.text(".public.folio-new-\(getpid())/index.html") == "committed")
  }

  @Test func anEmptyStagingFolderOfAKilledBuildIsRemoved() throws {
    let site = try SiteFixture(OutputDirectoryTests.project)
    // Where a build killed between making its staging folder and writing the marker stops.
    try FileManager.default.createDirectory(
      at: site.url(".public.folio-new-4194999"), withIntermediateDirectories: false)
    let directory = try OutputDirectory(url: site.url("public"), projectRoot: site.root)
    try directory.write(["index.html": [1]])
    #expect(!site.exists(".public.folio-new-4194999"))
  }

  @Test func aVersionControlFolderTheLastBuildWroteDoesNotLockTheOutput() throws {
    // A Folio from before version-control names were refused could publish `/.git/config`
    // (an alias); its marker lists it, and the next build replaces it.
    let site = try SiteFixture(OutputDirectoryTests.project)
    try site.write("[core]\n", to: "public/.git/config")
    try site.write(OutputDirectory.markerHeading + "\n.git/config\n", to: "public/.folio-output")
    let directory = try OutputDirectory(url: site.url("public"), projectRoot: site.root)
    try directory.write(["index.html": [1]])
    #expect(!site.exists("public/.git"))
  }

  @Test func aVersionControlFolderTheBuildDidNotWriteIsNeverReplaced() throws {
    // public/ as a worktree of the gh-pages branch: its .git is the user's.
    let site = try SiteFixture(OutputDirectoryTests.project)
    try site.write("gitdir: ../.git/worktrees/public\n", to: "public/.git")
    try site.write(OutputDirectoryTests.marker, to: "public/.folio-output")
    let error = #expect(throws: DiagnosticError.self) {
      try OutputDirectory(url: site.url("public"), projectRoot: site.root, force: true)
    }
    #expect(error?.description.contains("it holds a version-control folder ('.git')") == true)
    #expect(site.text("public/.git") == "gitdir: ../.git/worktrees/public\n")
  }
}
