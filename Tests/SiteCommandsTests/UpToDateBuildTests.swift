import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `folio build` with nothing changed since the last build into the same output folder writes
/// nothing and says so; any change to what a build reads or to what it wrote makes the next
/// build do the work, and leaves the output a fresh build would.
///
/// A build trusts a file's stamp only if the file was last changed more than a second before
/// the build began, so each test waits that long once after writing its fixture.
@Suite struct UpToDateBuildTests {
  private static let site = """
    -- folio.yaml --
    title: T
    -- Content/_index.md --
    Home
    -- Content/a.md --
    ---
    title: A
    tags: [x]
    ---
    <!-- list -->
    Not a list.
    -- Templates/partials/footer.mustache --
    <footer>Made here</footer>
    """

  /// Longer than a tick of the file system's clock (the kernel's coarse clock: 4 ms at 250 Hz):
  /// a file written before it has an earlier time than the one a build makes as it starts,
  /// which is what a build measures its inputs' times against (``StampTrust``).
  private static let tick = 0.02

  /// A fixture whose files are old enough for a build to trust their stamps, built once so that
  /// its output and record are in place.
  private func builtFixture(sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> SiteFixture {
    let site = try SiteFixture(Self.site)
    Thread.sleep(forTimeInterval: Self.tick)
    let first = runFolioSite(["build", "--source", site.root.path])
    #expect(first.status == 0, sourceLocation: sourceLocation)
    #expect(first.error.contains("Built 5 pages, "), sourceLocation: sourceLocation)
    return site
  }

  /// Gives `Content/a.md` the body `body`, lets it age past the margin in which a build does not
  /// trust a file's stamp, and builds.
  private func build(
    _ site: SiteFixture, body: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws {
    try site.write("---\ntitle: A\ntags: [x]\n---\n\(body)\n", to: "Content/a.md")
    Thread.sleep(forTimeInterval: Self.tick)
    let run = runFolioSite(["build", "--source", site.root.path])
    #expect(run.error.contains("Built 5 pages, "), "\(run.error)", sourceLocation: sourceLocation)
  }

  /// Expects `public/` to be what a build from nothing (`--no-cache`) makes.
  private func expectTheOutputOfAFreshBuild(
    _ site: SiteFixture, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    let fresh = runFolioSite([
      "build", "--source", site.root.path, "--no-cache", "--output", site.url("fresh").path,
    ])
    #expect(fresh.status == 0, sourceLocation: sourceLocation)
    #expect(site.tree("public") == site.tree("fresh"), sourceLocation: sourceLocation)
  }

  private func inode(_ site: SiteFixture, _ path: String) -> UInt64? {
    var info = stat()
    return lstat(site.url(path).path, &info) == 0 ? UInt64(info.st_ino) : nil
  }

  @Test func aBuildWithNothingChangedWritesNothingAndRepeatsTheWarnings() throws {
    let site = try builtFixture()
    let page = inode(site, "public/a/index.html")
    let again = runFolioSite(["build", "--source", site.root.path])
    #expect(again.status == 0)
    // The warnings are the last build's, as a user reading only this run needs them.
    #expect(
      again.error.contains("Content/a.md:5:1: warning: '<!-- list -->' must come right before a list\n"))
    #expect(again.error.contains("no baseURL"))
    #expect(again.error.contains("Up to date: "))
    #expect(again.error.contains("holds the 5 pages"))
    #expect(inode(site, "public/a/index.html") == page)
  }

  @Test func theJSONReportSaysUpToDateWithTheLastBuildsCounts() throws {
    let site = try builtFixture()
    let built = runFolioSite(["build", "--source", site.root.path, "--no-cache", "--format", "json"])
    let json = try #require(try JSONSerialization.jsonObject(with: Data(built.output.utf8)) as? [String: Any])
    #expect(json["upToDate"] == nil)
    // --no-cache wrote the output anew without a record: the next build does the work once more.
    let rebuilt = runFolioSite(["build", "--source", site.root.path, "--format", "json"])
    let rebuiltJSON = try #require(
      try JSONSerialization.jsonObject(with: Data(rebuilt.output.utf8)) as? [String: Any])
    #expect(rebuiltJSON["upToDate"] == nil)
    let upToDate = runFolioSite(["build", "--source", site.root.path, "--format", "json"])
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(upToDate.output.utf8)) as? [String: Any])
    #expect(report["upToDate"] as? Bool == true)
    #expect(report["status"] as? String == "built")
    #expect(report["pages"] as? Int == rebuiltJSON["pages"] as? Int)
    #expect(report["files"] as? Int == rebuiltJSON["files"] as? Int)
    #expect(report["bytes"] as? Int == rebuiltJSON["bytes"] as? Int)
    #expect(
      (report["diagnostics"] as? [[String: Any]])?.count
        == (rebuiltJSON["diagnostics"] as? [[String: Any]])?.count)
  }

  @Test func strictStillFailsOnTheRecordedWarnings() throws {
    let site = try builtFixture()
    let strict = runFolioSite(["build", "--source", site.root.path, "--strict"])
    #expect(strict.status == 1)
    #expect(strict.error.contains("error: '<!-- list -->' must come right before a list"))
  }

  /// Each change, made after a build that was up to date, makes the next build write the site
  /// as a fresh build does.
  @Test(arguments: [
    "edit a page", "add a page", "remove a page", "edit a partial", "edit the settings", "drafts",
    "base URL", "edit an output file", "add a file to the output", "add a file at the output's top",
    "remove an output file",
  ])
  func anyChangeMakesTheNextBuildDoTheWork(change: String) throws {
    let site = try builtFixture()
    #expect(runFolioSite(["build", "--source", site.root.path]).error.contains("Up to date: "))
    var arguments = ["build", "--source", site.root.path]
    switch change {
    case "edit a page": try site.write("---\ntitle: A\n---\nChanged words.\n", to: "Content/a.md")
    case "add a page": try site.write("New page.\n", to: "Content/b.md")
    case "remove a page": try site.remove("Content/a.md")
    case "edit a partial":
      try site.write("<footer>Made elsewhere</footer>\n", to: "Templates/partials/footer.mustache")
    case "edit the settings": try site.write("title: Renamed\n", to: "folio.yaml")
    case "drafts": arguments.append("--drafts")
    case "base URL": arguments += ["--base-url", "https://example.org/"]
    case "edit an output file": try site.write("tampered", to: "public/a/index.html")
    case "add a file to the output": try site.write("stray", to: "public/a/stray.txt")
    case "add a file at the output's top": try site.write("stray", to: "public/stray.txt")
    case "remove an output file": try site.remove("public/tags/x/index.html")
    default: Issue.record("unknown change \(change)")
    }
    let run = runFolioSite(arguments)
    #expect(run.status == 0)
    #expect(run.error.contains("Built "), "\(change): \(run.error)")
    // What a fresh build into another folder makes.
    let fresh = runFolioSite(arguments + ["--no-cache", "--output", site.url("fresh").path])
    #expect(fresh.status == 0)
    #expect(site.tree("public") == site.tree("fresh"), "\(change)")
  }

  /// A record file that is damaged or is no record at all is named in a note, and the build
  /// does the work; the record it keeps makes the next build up to date, without the note.
  @Test(arguments: ["damaged", "cut short", "not a cache file"])
  func anUnusableRecordIsANoteAndTheBuildDoesTheWork(damage: String) throws {
    let site = try builtFixture()
    var bytes = try #require(site.bytes(".folio/cache/build"))
    switch damage {
    case "damaged": bytes[bytes.count / 2] ^= 0x01
    case "cut short": bytes = Array(bytes.prefix(bytes.count - 20))
    default: bytes = Array("build: yes\n".utf8)
    }
    try site.write(bytes, to: ".folio/cache/build")
    let run = runFolioSite(["build", "--source", site.root.path])
    #expect(run.status == 0)
    #expect(run.error.contains("Built "), "\(run.error)")
    let why =
      switch damage {
      case "not a cache file": "is not a Folio cache file"
      default: "does not match its checksum (damaged)"
      }
    #expect(
      run.error.contains("note: the build record .folio/cache/build \(why); the build does all its work"),
      "\(run.error)")
    let again = runFolioSite(["build", "--source", site.root.path])
    #expect(again.error.contains("Up to date: "))
    #expect(!again.error.contains("build record"))
  }

  /// Each build keeps the output it replaced beside the new one, and the next starts from it:
  /// a page that did not change since is not written again, and the output is a fresh build's.
  @Test func aBuildStartsFromTheOutputBeforeTheLastAndWritesWhatChanged() throws {
    let site = try builtFixture()
    let unchanged = inode(site, "public/index.html")
    for body in ["Second", "Third"] { try build(site, body: body) }
    let names = try FileManager.default.contentsOfDirectory(atPath: site.root.path)
    let spares = names.filter { $0.hasPrefix(".public.folio-spare-") }
    #expect(spares.count == 1, "\(names)")
    #expect(inode(site, "public/index.html") == unchanged)
    #expect(site.text("public/a/index.html")?.contains("Third") == true)
    // The spare is the output before, and shares with this one the files that did not change.
    let spare = try #require(spares.first)
    #expect(site.text(spare + "/a/index.html")?.contains("Second") == true)
    #expect(inode(site, spare + "/index.html") == unchanged)
    #expect(inode(site, spare + "/a/index.html") != inode(site, "public/a/index.html"))
    // The record describes both as the links left them.
    let again = runFolioSite(["build", "--source", site.root.path])
    #expect(again.error.contains("Up to date: "), "\(again.error)")
    expectTheOutputOfAFreshBuild(site)
  }

  /// A spare changed by hand is removed, and removing it takes links away from the output's
  /// files (their change times move): the record of the spare the output then becomes is made
  /// from them as they are after, so the build after that starts from it.
  @Test func theSpareAfterAChangedOneIsStillUsed() throws {
    let site = try builtFixture()
    try site.write("Kept as it is.\n", to: "Content/note.txt")
    // A file in a folder, the same in every build: the record of the spare looks its folder up.
    try site.write("Kept as it is.\n", to: "Content/docs/kept.txt")
    func spare() throws -> String {
      try #require(
        try FileManager.default.contentsOfDirectory(atPath: site.root.path).first {
          $0.hasPrefix(".public.folio-spare-")
        })
    }
    try build(site, body: "Second")
    try site.write("stray", to: try spare() + "/tags/stray.html")
    // A file the output and the removed spare shared, which the new output does not have.
    try site.remove("Content/note.txt")
    try build(site, body: "Third")
    let folder = inode(site, try spare() + "/tags")
    try build(site, body: "Fourth")
    // The spare's folders are the output's now: it was used, not written anew.
    #expect(inode(site, "public/tags") == folder)
    expectTheOutputOfAFreshBuild(site)
  }

  /// A page edited just before a build is trusted once that build is recorded, as Git trusts an
  /// entry older than its index file: the next build finds nothing changed. With a second's
  /// margin before the build's start instead, the next build did all the work again.
  @Test func aBuildRightAfterAnEditIsFollowedByOneThatIsUpToDate() throws {
    let site = try builtFixture()
    try site.write("---\ntitle: A\ntags: [x]\n---\nEdited just now.\n", to: "Content/a.md")
    Thread.sleep(forTimeInterval: Self.tick)
    let edited = runFolioSite(["build", "--source", site.root.path])
    #expect(edited.error.contains("Built 5 pages, "), "\(edited.error)")
    let again = runFolioSite(["build", "--source", site.root.path])
    #expect(again.error.contains("Up to date: "), "\(again.error)")
    #expect(site.text("public/a/index.html")?.contains("Edited just now.") == true)
    expectTheOutputOfAFreshBuild(site)
  }

  /// Without an output folder (CI restores the cache, not the output) the record is not read:
  /// a damaged one is no note, the build does the work, and the record it keeps makes the next
  /// build up to date.
  @Test func withoutAnOutputFolderTheRecordIsNotReadAndIsReplaced() throws {
    let site = try builtFixture()
    var bytes = try #require(site.bytes(".folio/cache/build"))
    bytes[bytes.count / 2] ^= 0x01
    try site.write(bytes, to: ".folio/cache/build")
    try site.remove("public")
    let run = runFolioSite(["build", "--source", site.root.path])
    #expect(run.status == 0)
    #expect(run.error.contains("Built 5 pages, "), "\(run.error)")
    #expect(!run.error.contains("build record"))
    let again = runFolioSite(["build", "--source", site.root.path])
    #expect(again.error.contains("Up to date: "), "\(again.error)")
  }

  /// A record planted as a link to a file outside the project is not read through, and the
  /// record the build keeps replaces the link (renamed over it) without writing through it.
  @Test func aRecordThatIsALinkIsNeitherReadNorWrittenThrough() throws {
    let outside = try SiteFixture("-- target --\nleave me\n")
    let site = try SiteFixture(Self.site)
    try FileManager.default.createDirectory(at: site.url(".folio/cache"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      at: site.url(".folio/cache/build"), withDestinationURL: outside.url("target"))
    Thread.sleep(forTimeInterval: Self.tick)
    #expect(runFolioSite(["build", "--source", site.root.path]).error.contains("Built "))
    #expect(outside.text("target") == "leave me\n")
    var info = stat()
    #expect(lstat(site.url(".folio/cache/build").path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG)
    #expect(runFolioSite(["build", "--source", site.root.path]).error.contains("Up to date: "))
  }

  /// A mounted folder is read as Content/ is, and a page at the project's top through a mount of
  /// `.`: an edit in either makes the next build do the work.
  @Test(arguments: ["articles/b.md", "about.md"])
  func anEditInAMountedFolderMakesTheNextBuildDoTheWork(path: String) throws {
    let site = try SiteFixture(
      """
      -- folio.yaml --
      title: T
      mounts: [articles, {source: ., target: /}]
      -- articles/b.md --
      Bee.
      -- about.md --
      About.
      """)
    Thread.sleep(forTimeInterval: Self.tick)
    #expect(runFolioSite(["build", "--source", site.root.path]).error.contains("Built "))
    #expect(runFolioSite(["build", "--source", site.root.path]).error.contains("Up to date: "))
    try site.write("Changed words.\n", to: path)
    let run = runFolioSite(["build", "--source", site.root.path])
    #expect(run.error.contains("Built "), "\(run.error)")
    let page = path == "about.md" ? "public/about/index.html" : "public/articles/b/index.html"
    #expect(String(decoding: site.bytes(page) ?? [], as: UTF8.self).contains("Changed words."))
  }

  @Test func aPageThatExpiresEndsTheRecord() throws {
    let expiry = Date().addingTimeInterval(3)
    let formatter = ISO8601DateFormatter()
    let site = try SiteFixture(
      """
      -- folio.yaml --
      title: T
      -- Content/soon.md --
      ---
      title: Soon gone
      expiryDate: \(formatter.string(from: expiry))
      ---
      Until then.
      """)
    Thread.sleep(forTimeInterval: Self.tick)
    #expect(runFolioSite(["build", "--source", site.root.path]).error.contains("Built "))
    #expect(site.exists("public/soon/index.html"))
    Thread.sleep(forTimeInterval: max(0, expiry.timeIntervalSinceNow) + 0.2)
    let after = runFolioSite(["build", "--source", site.root.path])
    #expect(after.error.contains("Built "), "\(after.error)")
    #expect(!site.exists("public/soon/index.html"))
  }

  /// A site dated from Git (`lastUpdated: git`) is up to date until `HEAD` names another
  /// commit: amending the last commit with another author date changes no file of the site,
  /// yet the page's date, so the build does the work and shows the new date.
  @Test func aSiteDatedFromGitIsUpToDateUntilHEADNamesAnotherCommit() throws {
    let site = try SiteFixture(
      """
      -- folio.yaml --
      title: T
      lastUpdated: git
      -- Content/a.md --
      ---
      title: A
      ---
      Alpha.
      """)
    let git = try GitFixture.initialize(site.root)
    try site.write("public/\n.folio/\n", to: ".gitignore")
    try git.commit(at: "2030-01-02T00:00:00+00:00")
    Thread.sleep(forTimeInterval: Self.tick)
    #expect(runFolioSite(["build", "--source", site.root.path]).error.contains("Built "))
    #expect(site.text("public/a/index.html")?.contains("2030-01-02") == true)
    #expect(runFolioSite(["build", "--source", site.root.path]).error.contains("Up to date: "))
    try git.run(
      ["commit", "-q", "--amend", "--no-edit", "--date", "2031-05-06T00:00:00+00:00"],
      environment: ["GIT_COMMITTER_DATE": "2031-05-06T00:00:00+00:00"])
    let after = runFolioSite(["build", "--source", site.root.path])
    #expect(after.error.contains("Built "), "\(after.error)")
    #expect(site.text("public/a/index.html")?.contains("2031-05-06") == true)
    #expect(runFolioSite(["build", "--source", site.root.path]).error.contains("Up to date: "))
  }

  /// A shallow clone's history can grow under the same commit (`git fetch --deepen`), moving
  /// dates back: its builds are never up to date.
  @Test func aSiteDatedFromAShallowCloneIsNeverUpToDate() throws {
    let origin = try SiteFixture(
      """
      -- site/folio.yaml --
      title: T
      lastUpdated: git
      -- site/Content/a.md --
      Alpha.
      """)
    let git = try GitFixture.initialize(origin.root)
    try git.commit(at: "2030-01-02T00:00:00+00:00")
    try origin.write("Alpha, edited.\n", to: "site/Content/a.md")
    try git.commit(at: "2030-02-03T00:00:00+00:00")
    try git.run("clone", "-q", "--depth", "1", "file://" + origin.root.path, "clone")
    Thread.sleep(forTimeInterval: Self.tick)
    let clone = origin.url("clone/site").path
    #expect(runFolioSite(["build", "--source", clone]).error.contains("Built "))
    let again = runFolioSite(["build", "--source", clone])
    #expect(again.error.contains("Built "), "\(again.error)")
    #expect(again.error.contains("shallow clone"))
  }
}
