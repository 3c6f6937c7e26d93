import BuildCache
import Diagnostics
import Foundation
import SiteOutput
import TestSupport
import Testing

@testable import Site

/// The build record's file: what is kept is read back whole, across the runs its paths and
/// warnings are written in, and a damaged file is no record at all.
@Suite struct BuildRecordTests {
  private func record(paths: Int, warnings: Int, root: URL) -> BuildRecord {
    var record = BuildRecord(
      settings: ContentDigest(of: "settings"), inputs: StampJob { ContentDigest(of: "inputs") },
      expires: 1e12,
      output: "/site/public", outputFiles: (0..<paths).map { "p\($0)/index.html" },
      warnings: (0..<warnings).map {
        Diagnostic(
          .warning, "broken link \($0)",
          at: $0 % 2 == 0 ? SourceLocation(path: "Content/a.md", line: $0, column: 3) : nil,
          hint: $0 % 3 == 0 ? "fix it" : nil, notes: $0 % 5 == 0 ? ["one", "two"] : [])
      }, pageCount: paths, fileCount: paths + 1, byteCount: 123_456, projectRoot: root)
    record.outputStamps = ContentDigest(of: "output")
    return record
  }

  private func bytes(of record: BuildRecord) -> [UInt8] {
    var bytes: [UInt8] = []
    record.write(to: { (run: [UInt8]) in bytes += run })
    return bytes
  }

  @Test func theStampsTakenWhileWritingAreTheOnesTheNextBuildLooksUp() throws {
    let site = try SiteFixture("-- Content/a.md --\nA\n")
    let staged = try OutputDirectory(url: site.url("public"), projectRoot: site.root).stage()
    staged.writeInBackground([
      "a/index.html": [1], "b/c/index.html": [2], "gone/x.html": [3], "d/index.html": [4],
    ])
    // Changed, added in a new folder, added beside an early file, and one early file dropped.
    let files: [String: [UInt8]] = [
      "a/index.html": [1], "b/c/index.html": [22], "e/f/g.xml": [5], "d/more.html": [6], "d/index.html": [4],
    ]
    try staged.finish(
      files.filter { !["a/index.html", "d/index.html"].contains($0.key) },
      handedOver: ["a/index.html": 1, "d/index.html": 1])
    let listed = (Array(files.keys) + [OutputDirectory.markerName]).sorted()
    let written = staged.stamps
    // Every file and folder has its stamp from the write: none is looked up again.
    #expect(
      Set(listed + ["a", "b", "b/c", "d", "e", "e/f"]).isSubset(of: written.keys), "\(written.keys.sorted())")
    #expect(written["gone/x.html"] == nil)
    let lookedUp = try #require(BuildRecord.outputStamps(of: site.url("public"), files: listed))
    #expect(BuildRecord.outputStamps(of: site.url("public"), files: listed, known: written) == lookedUp)
    // A file changed after the build is seen by the look-up the next build makes.
    try Data([7]).write(to: site.url("public/d/more.html"))
    #expect(BuildRecord.outputStamps(of: site.url("public"), files: listed) != lookedUp)
  }

  @Test(arguments: [(0, 0), (1, 1), (8192, 2048), (20_001, 5_000)])
  func aRecordIsReadBackWhole(paths: Int, warnings: Int) throws {
    let site = try SiteFixture("")
    let kept = record(paths: paths, warnings: warnings, root: site.root)
    try site.write(bytes(of: kept), to: ".folio/cache/build")
    let read = try #require(BuildRecord.stored(in: site.root))
    #expect(read.settings == kept.settings)
    #expect(read.outputStamps == kept.outputStamps)
    #expect(read.outputFiles == kept.outputFiles)
    #expect(read.warnings == kept.warnings)
    #expect(read.expires == kept.expires)
    #expect(read.pageCount == kept.pageCount)
    #expect(read.fileCount == kept.fileCount)
    #expect(read.byteCount == kept.byteCount)
  }

  /// A planted record (its checksum right) that names a path out of the output folder is no
  /// record: its paths are never looked up.
  @Test(arguments: ["../outside.txt", "/etc/passwd", "a/../../b", ".git/config", "a//b"])
  func aRecordNamingAPathOutOfTheOutputIsNoRecord(path: String) throws {
    let site = try SiteFixture("")
    var planted = record(paths: 3, warnings: 1, root: site.root)
    planted.outputFiles[1] = path
    try site.write(bytes(of: planted), to: ".folio/cache/build")
    #expect(BuildRecord.stored(in: site.root) == nil)
  }

  /// The spare's paths, read only when asked for (an up-to-date build never is), come back
  /// whole, across the runs they are written in.
  @Test(arguments: [1, 8192, 20_001])
  func theSpareIsReadBackWholeWhenAskedFor(paths: Int) throws {
    let site = try SiteFixture("")
    var kept = record(paths: 3, warnings: 2, root: site.root)
    kept.outputDigests = (0..<3).map { ContentDigest(of: "file \($0)") }
    let spare = BuildRecord.Generation(
      files: (0..<paths).map { "old\($0)/index.html" },
      digests: (0..<paths).map { ContentDigest(of: "old \($0)") },
      stamps: ContentDigest(of: "spare"))
    kept.spare = spare
    try site.write(bytes(of: kept), to: ".folio/cache/build")
    let read = try #require(BuildRecord.stored(in: site.root))
    #expect(read.warnings == kept.warnings)
    #expect(read.outputFiles == kept.outputFiles)
    #expect(read.spare?.files == spare.files)
    #expect(read.spare?.digests == spare.digests)
    #expect(read.spare?.stamps == spare.stamps)
  }

  /// A planted spare (the file's checksum right) that names a path out of the output folder is
  /// no spare: the build starts from no spare, and its paths are never looked up.
  @Test(arguments: ["../outside.txt", "/etc/passwd", ".git/config"])
  func aSpareNamingAPathOutOfTheOutputIsNoSpare(path: String) throws {
    let site = try SiteFixture("")
    var planted = record(paths: 3, warnings: 1, root: site.root)
    planted.outputDigests = (0..<3).map { ContentDigest(of: "file \($0)") }
    planted.spare = BuildRecord.Generation(
      files: ["a/index.html", path], digests: [ContentDigest(of: "a"), ContentDigest(of: "b")],
      stamps: ContentDigest(of: "spare"))
    try site.write(bytes(of: planted), to: ".folio/cache/build")
    let read = try #require(BuildRecord.stored(in: site.root))
    #expect(read.spare == nil)
    #expect(read.reuse(writingTo: URL(fileURLWithPath: "/site/public"))?.spare == nil)
  }

  /// A build without a record looks no further; a link on the way to one is not looked
  /// through, and leaves the record to the reading that says why it is not used.
  @Test func aRecordIsSurelyAbsentOnlyWithoutALinkOnTheWay() throws {
    let site = try SiteFixture("-- elsewhere/cache/build --\nplanted\n")
    #expect(BuildRecord.isSurelyAbsent(in: site.root))
    try FileManager.default.createDirectory(at: site.url(".folio/cache"), withIntermediateDirectories: true)
    #expect(BuildRecord.isSurelyAbsent(in: site.root))
    try site.write(bytes(of: record(paths: 1, warnings: 0, root: site.root)), to: ".folio/cache/build")
    #expect(!BuildRecord.isSurelyAbsent(in: site.root))
    try FileManager.default.removeItem(at: site.url(".folio"))
    try FileManager.default.createSymbolicLink(
      at: site.url(".folio"), withDestinationURL: site.url("elsewhere"))
    #expect(!BuildRecord.isSurelyAbsent(in: site.root))
    #expect(BuildRecord.read(in: site.root).problem != nil)
  }

  @Test func aDamagedOrShortenedRecordIsNoRecord() throws {
    let site = try SiteFixture("")
    var file = bytes(of: record(paths: 10_000, warnings: 3_000, root: site.root))
    try site.write(Array(file.prefix(file.count / 2)), to: ".folio/cache/build")
    #expect(BuildRecord.stored(in: site.root) == nil)
    file[file.count / 2] ^= 0xFF
    try site.write(file, to: ".folio/cache/build")
    #expect(BuildRecord.stored(in: site.root) == nil)
  }
}
