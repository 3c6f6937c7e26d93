import BuildCache
import Foundation
import SiteOutput
import TestSupport
import Testing

@testable import Site

#if canImport(Glibc)
  import Glibc
#endif

/// The stamps a build record keeps of its inputs and its output: any change a build could see
/// gives another digest, and nothing outside the folder, or inside version control, is looked at.
@Suite struct FileStampsTests {
  private func digest(_ site: SiteFixture, _ paths: [String] = ["Content"]) throws -> String {
    var stamps = FileStamps(root: site.root.path)
    for path in paths { stamps.add(path) }
    return try #require(stamps.digest).description
  }

  private static let site = """
    -- Content/a.md --
    Alpha.
    -- Content/docs/b.md --
    Beta.
    """

  @Test func theSameFilesGiveTheSameDigest() throws {
    let site = try SiteFixture(Self.site)
    #expect(try digest(site) == digest(site))
  }

  @Test(arguments: ["rewrite", "add", "remove", "rename", "touch back", "add folder"])
  func everyChangeGivesAnotherDigest(change: String) throws {
    let site = try SiteFixture(Self.site)
    let before = try digest(site)
    switch change {
    // The same size and, set back below, the same modification time: only the change time tells.
    case "rewrite": try site.write("Gamma.\n", to: "Content/a.md")
    case "add": try site.write("New.\n", to: "Content/docs/c.md")
    case "remove": try site.remove("Content/docs/b.md")
    case "rename":
      try FileManager.default.moveItem(at: site.url("Content/a.md"), to: site.url("Content/z.md"))
    case "touch back":
      var times = [timespec(tv_sec: 1_000_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000_000, tv_nsec: 0)]
      #expect(utimensat(AT_FDCWD, site.url("Content/a.md").path, &times, 0) == 0)
    case "add folder":
      try FileManager.default.createDirectory(
        at: site.url("Content/empty"), withIntermediateDirectories: false)
    default: Issue.record("unknown change \(change)")
    }
    #expect(try digest(site) != before, "\(change)")
  }

  @Test func versionControlFoldersAreNotLookedInto() throws {
    let site = try SiteFixture(Self.site + "-- Content/.git/HEAD --\nref: refs/heads/main\n")
    let before = try digest(site)
    try site.write("ref: refs/heads/other\n", to: "Content/.git/HEAD")
    try site.write("x", to: "Content/.git/objects/new")
    #expect(try digest(site) == before)
  }

  @Test func aLinkOutOfTheFolderIsStampedAsALinkOnly() throws {
    let outside = try SiteFixture("-- secret.txt --\nOne.\n")
    let site = try SiteFixture(Self.site)
    try FileManager.default.createSymbolicLink(
      at: site.url("Content/out.md"), withDestinationURL: outside.url("secret.txt"))
    let before = try digest(site)
    try outside.write("Changed, and longer.\n", to: "secret.txt")
    #expect(try digest(site) == before)
  }

  @Test func aLinkInsideTheFolderIsStampedWithWhatItLeadsTo() throws {
    let site = try SiteFixture(Self.site + "-- notes/c.md --\nGamma.\n")
    try FileManager.default.createSymbolicLink(
      at: site.url("Content/c.md"), withDestinationURL: site.url("notes/c.md"))
    let before = try digest(site)
    try site.write("Changed, and longer.\n", to: "notes/c.md")
    #expect(try digest(site) != before)
  }

  @Test func aFileChangedAfterTheLimitIsNotTrusted() throws {
    let site = try SiteFixture(Self.site)
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    var stamps = FileStamps(root: site.root.path, trusting: StampTrust(clock: nil, start: now, margin: 1))
    stamps.add("Content")
    #expect(stamps.digest == nil)
    // Files changed before the limit are trusted.
    let later = timespec(tv_sec: now.tv_sec + 60, tv_nsec: 0)
    var laterStamps = FileStamps(
      root: site.root.path, trusting: StampTrust(clock: nil, start: later, margin: 1))
    laterStamps.add("Content")
    #expect(laterStamps.digest != nil)
  }

  /// Measured by a file made after the edit, as a build makes one as it starts, a file edited a
  /// moment before is trusted, where the second's margin would not trust it; one changed after
  /// that file was made is not.
  @Test func theFileSystemsClockTrustsAFileChangedJustBeforeTheBuild() throws {
    let site = try SiteFixture(Self.site)
    try site.write("Edited.\n", to: "Content/a.md")
    // The file system's clock moves in ticks of the kernel's coarse clock (a few milliseconds).
    Thread.sleep(forTimeInterval: 0.02)
    var start = timespec()
    clock_gettime(CLOCK_REALTIME, &start)
    let clock = try #require(CacheFolder(projectRoot: site.root).clockStamp())
    func digest(_ trust: StampTrust) -> ContentDigest? {
      var stamps = FileStamps(root: site.root.path, trusting: trust)
      stamps.add("Content")
      return stamps.digest
    }
    #expect(digest(StampTrust(clock: clock, start: start, margin: 1)) != nil)
    #expect(digest(StampTrust(clock: nil, start: start, margin: 1)) == nil)
    // On another device than the clock's file, the margin applies.
    var other = stat()
    other.st_dev = __dev_t(clock.device &+ 1)
    other.st_mtim = timespec(tv_sec: Int(clock.modified.seconds), tv_nsec: Int(clock.modified.nanoseconds))
    other.st_ctim = other.st_mtim
    #expect(digest(StampTrust(clock: WrittenStamp(other), start: start, margin: 1)) == nil)
    Thread.sleep(forTimeInterval: 0.02)
    try site.write("Edited again.\n", to: "Content/docs/b.md")
    #expect(digest(StampTrust(clock: clock, start: start, margin: 1)) == nil)
    // The file is made in the cache folder and removed at once.
    #expect(try CacheFolder(projectRoot: site.root).names().isEmpty)
  }

  /// A `.folio` or `.folio/cache` planted as a link to a folder elsewhere is not followed: no
  /// clock file is made through it (the build then measures by the second's margin).
  @Test(arguments: [".folio", ".folio/cache"])
  func noClockFileIsMadeThroughALinkedCacheFolder(linked: String) throws {
    let site = try SiteFixture(Self.site + "\n-- elsewhere/keep.txt --\nkeep\n")
    try FileManager.default.createDirectory(at: site.url(".folio"), withIntermediateDirectories: true)
    if linked == ".folio" { try site.remove(".folio") }
    try FileManager.default.createSymbolicLink(
      atPath: site.url(linked).path, withDestinationPath: linked == ".folio" ? "elsewhere" : "../elsewhere")
    #expect(CacheFolder(projectRoot: site.root).clockStamp() == nil)
    #expect(site.tree("elsewhere").keys.sorted() == ["keep.txt"])
  }

  /// A mount of the project's top reads its files alone: the output and the caches beside them
  /// come and go with every build and are no input.
  @Test func theTopsFilesAloneAreStampedForAMountOfTheTop() throws {
    let site = try SiteFixture("-- about.md --\nAbout.\n-- _config.yml --\ntitle: x\n")
    func top() throws -> String {
      var stamps = FileStamps(root: site.root.path)
      stamps.add(filesIn: "") { !$0.hasPrefix("_") && !$0.hasPrefix(".") }
      return try #require(stamps.digest).description
    }
    let before = try top()
    try site.write("x", to: "public/index.html")
    try site.write("x", to: ".folio/cache/build")
    try site.write("changed: yes\n", to: "_config.yml")
    #expect(try top() == before)
    try site.write("About us.\n", to: "about.md")
    #expect(try top() != before)
  }

  @Test func aListedFolderSeesAFileAddedBesideTheListedOnes() throws {
    let site = try SiteFixture("-- out/a/index.html --\nA\n-- out/index.html --\nHome\n")
    func listed() throws -> String {
      var stamps = FileStamps(root: site.url("out").path)
      stamps.add(listed: ["a/index.html", "index.html"])
      return try #require(stamps.digest).description
    }
    let before = try listed()
    #expect(try listed() == before)
    // The folder's modification time moves in the clock's next tick.
    Thread.sleep(forTimeInterval: 0.02)
    try site.write("stray", to: "out/a/stray.txt")
    #expect(try listed() != before)
  }

  @Test func listedInByteOrderEachFolderIsLookedUpOnceAndAnyOfThemSeesAStrayFile() throws {
    let site = try SiteFixture(
      "-- out/a/b/c/index.html --\nC\n-- out/a/b/d/index.html --\nD\n-- out/a/e.html --\nE\n-- out/f/index.html --\nF\n"
    )
    let paths: ArraySlice = ["a/b/c/index.html", "a/b/d/index.html", "a/e.html", "f/index.html"]
    func listed() throws -> (digest: String, entries: [String]) {
      var stamps = FileStamps(root: site.url("out").path)
      stamps.keepsEntries = true
      stamps.add(listed: paths)
      return (try #require(stamps.digest).description, stamps.entries.map(\.path))
    }
    let before = try listed()
    #expect(
      before.entries == [
        "a", "a/b", "a/b/c", "a/b/c/index.html", "a/b/d", "a/b/d/index.html", "a/e.html", "f", "f/index.html",
      ])
    for (number, folder) in ["a", "a/b", "a/b/d", "f"].enumerated() {
      let unchanged = try listed()
      // The folder's modification time moves in the clock's next tick.
      Thread.sleep(forTimeInterval: 0.02)
      try site.write("stray", to: "out/\(folder)/stray\(number).txt")
      let after = try listed()
      #expect(after.digest != unchanged.digest, "a file added in \(folder)")
      #expect(after.entries == before.entries)
    }
  }

  @Test(arguments: [
    ("a/b/c.html", "", ""), ("a/b/c.html", "a/b/d.html", "a/b/"), ("a/b/c.html", "a/bc/d.html", "a/"),
    ("a/b/c.html", "x.html", ""), ("ab/c.html", "a/c.html", ""), ("a/b/c/d.html", "a/b/c.html", "a/b/"),
  ])
  func theCommonFolderOfTwoPathsEndsAtTheirLastSharedSlash(path: String, other: String, common: String) {
    #expect(String(path[..<FileStamps.endOfCommonFolder(path, other)]) == common)
  }
}
