import BuildCache
import Foundation
import SiteOutput
import TestSupport
import Testing

@testable import Site

#if canImport(Glibc)
  import Glibc
#endif

/// A build into a kept output folder keeps the output it replaces beside it as the spare, and
/// the next build starts from that spare: files whose bytes it holds are not written again, and
/// the output is what a build from nothing would write. A spare that changed since it was
/// written is not used.
@Suite struct SpareOutputTests {
  /// The first three outputs of a site: the third starts from the first (the spare), changes a
  /// file, keeps one, drops a folder and adds one.
  private static let first: [String: [UInt8]] = [
    "a/index.html": [1], "b/index.html": [2], "c/d/e.xml": [3], "old/x/y.html": [4], "index.html": [5],
  ]
  private static let second: [String: [UInt8]] = first.merging(["a/index.html": [11]]) { $1 }
  private static let third: [String: [UInt8]] = [
    "a/index.html": [111], "b/index.html": [2], "c/d/e.xml": [33], "new/y.html": [6], "index.html": [5],
  ]

  /// Writes `files` as `folio build` does into the site's `public/`, from the spare the kept
  /// record describes, and keeps the record of this build (`.folio/cache/build`).
  private func build(_ files: [String: [UInt8]], in site: SiteFixture) throws {
    let output = site.url("public")
    var previous = BuildRecord.stored(in: site.root)
    if let stored = previous, stored.output == BuildRecord.realPath(of: output) {
      // As the up-to-date check does: the output's entries and runs, when it is as recorded.
      let found = BuildRecord.outputStamps(of: output, files: stored.outputFiles, keepingEntries: true)
      if found.digest == stored.outputStamps {
        previous?.outputEntries = Dictionary(found.entries, uniquingKeysWith: { first, _ in first })
        previous?.outputChunks = found.chunks
      }
    }
    let staged = try OutputDirectory(url: output, projectRoot: site.root).stage(digesting: true)
    if let reuse = previous?.reuse(writingTo: output) { staged.reuse(reuse) }
    // Half the files early, as the laid-out pages are, the rest at the end.
    let early = files.filter { $0.key.hasPrefix("a") || $0.key.hasPrefix("c") }
    staged.writeInBackground(early)
    try staged.finish(files.filter { early[$0.key] == nil }, handedOver: early.mapValues(\.count))
    var record = BuildRecord(
      settings: ContentDigest(of: "settings"), inputs: StampJob { ContentDigest(of: "inputs") },
      expires: 1e12,
      output: BuildRecord.realPath(of: output), outputFiles: Array(files.keys) + [OutputDirectory.markerName],
      warnings: [], pageCount: files.count, fileCount: files.count, byteCount: 0, projectRoot: site.root)
    if let previous, previous.output == record.output { record.spare = previous.generation }
    #expect(record.save(afterFinishing: staged, in: output) == nil)
    // The record describes the spare as it is, links and all, whenever there is one.
    if let name = try spare(of: site) {
      let kept = try #require(BuildRecord.stored(in: site.root)?.reuse(writingTo: output))
      #expect(kept.spare?.verify(site.url(name).path) != nil, "the record does not describe the spare")
    }
  }

  private func inode(_ site: SiteFixture, _ path: String) -> UInt64? {
    var info = stat()
    return lstat(site.url(path).path, &info) == 0 ? UInt64(info.st_ino) : nil
  }

  /// The spare beside the output (`.public.folio-spare-PID`), relative to the site.
  private func spare(of site: SiteFixture) throws -> String? {
    try FileManager.default.contentsOfDirectory(atPath: site.root.path).first {
      $0.hasPrefix(".public.folio-spare-")
    }
  }

  /// The files of the spare `name` but the marker and the file that keeps it out of Git.
  private func output(ofSpare name: String, in site: SiteFixture) -> [String: [UInt8]] {
    site.tree(name).filter { $0.key != OutputDirectory.markerName && $0.key != ".gitignore" }
  }

  /// The output's files but the marker, and its folders that hold nothing.
  private func output(of site: SiteFixture) -> (files: [String: [UInt8]], emptyFolders: [String]) {
    let files = site.tree("public").filter { $0.key != OutputDirectory.markerName }
    var empty: [String] = []
    let enumerator = FileManager.default.enumerator(atPath: site.url("public").path)
    while let path = enumerator?.nextObject() as? String {
      if (try? FileManager.default.contentsOfDirectory(atPath: site.url("public/" + path).path))?.isEmpty
        == true
      {
        empty.append(path)
      }
    }
    return (files, empty)
  }

  @Test func aBuildStartsFromTheSpareAndWritesOnlyWhatChanged() throws {
    let site = try SiteFixture("-- Content/a.md --\nA\n")
    try build(Self.first, in: site)
    let kept = inode(site, "public/b/index.html")
    // No output was replaced: nothing is kept beside it.
    #expect(try spare(of: site) == nil)
    try build(Self.second, in: site)
    // The first output is the spare now.
    let spareName = try #require(try spare(of: site))
    #expect(site.tree(spareName)["a/index.html"] == [1])
    try build(Self.third, in: site)
    #expect(output(of: site).files == Self.third)
    // The dropped folder went with its file: a fresh build makes no empty folder.
    #expect(output(of: site).emptyFolders == [])
    // The file whose bytes the spare held is the spare's, not written again.
    #expect(inode(site, "public/b/index.html") == kept)
    // The marker lists this build's files.
    #expect(
      site.text("public/.folio-output")
        == OutputDirectory.markerHeading + "\n" + Self.third.keys.sorted().map { $0 + "\n" }.joined())
    // The second output is the spare now, whole; one spare, not a history.
    let next = try #require(try spare(of: site))
    #expect(output(ofSpare: next, in: site) == Self.second)
    // Kept out of Git, which no project's .gitignore does for its name; not in the output.
    #expect(site.text(next + "/.gitignore")?.hasSuffix("\n*\n") == true)
    #expect(site.text("public/.gitignore") == nil)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: site.root.path).filter { $0.contains("folio-") }
        == [next])
  }

  /// A build whose record describes no spare keeps none, and removes the one an earlier build
  /// left (here the record is gone, as when builds went into another folder in between, or the
  /// output was deleted by hand): no build could start from it, and it takes the disk a copy of
  /// the site takes.
  @Test func aSpareNoRecordDescribesIsRemovedByTheNextBuild() throws {
    let site = try SiteFixture("-- Content/a.md --\nA\n")
    try build(Self.first, in: site)
    try build(Self.second, in: site)
    #expect(try spare(of: site) != nil)
    try FileManager.default.removeItem(at: site.url(".folio/cache/build"))
    try build(Self.third, in: site)
    #expect(try spare(of: site) == nil)
    #expect(output(of: site).files == Self.third)
    // The record is back: the next build keeps the output it replaces again.
    try build(Self.first, in: site)
    let next = try #require(try spare(of: site))
    #expect(output(ofSpare: next, in: site) == Self.third)
  }

  /// A spare is used only as it was written: any file changed, added (beside the others or at
  /// its top) or removed makes the build write everything into a new folder, and the spare goes.
  @Test(arguments: [
    "a file changed", "a file added to a folder", "a file added at the top", "a file removed",
  ])
  func aSpareChangedSinceItWasWrittenIsNotUsed(change: String) throws {
    let site = try SiteFixture("-- Content/a.md --\nA\n")
    try build(Self.first, in: site)
    try build(Self.second, in: site)
    let spareName = try #require(try spare(of: site))
    switch change {
    case "a file changed":
      // A new file in its place: the output's, which the spare shared, keeps its bytes.
      try site.write([9], to: spareName + "/b/new")
      #expect(rename(site.url(spareName + "/b/new").path, site.url(spareName + "/b/index.html").path) == 0)
    case "a file added to a folder": try site.write([9], to: spareName + "/new/stray.html")
    case "a file added at the top": try site.write([9], to: spareName + "/stray.html")
    default: try site.remove(spareName + "/b/index.html")
    }
    // Each change is to a file this build would not write again were the spare trusted.
    try build(Self.third, in: site)
    #expect(output(of: site).files == Self.third, "\(change)")
    #expect(output(of: site).emptyFolders == [], "\(change)")
    // The changed spare is gone. Replacing or removing a file the output shared took a link
    // away from the output's file, whose stamp no record vouches for then: the second output is
    // not kept either. A file added changes nothing of the output, which is the spare now.
    if change == "a file changed" || change == "a file removed" {
      #expect(try spare(of: site) == nil, "\(change)")
    } else {
      let next = try #require(try spare(of: site))
      #expect(output(ofSpare: next, in: site) == Self.second, "\(change)")
    }
  }

  /// The output in place and the spare share every file that did not change between them (hard
  /// links), so the spare takes the disk of what changed; a file that changes is a new file in
  /// the new output, and the output it replaces keeps its bytes.
  @Test func theSpareSharesTheFilesThatDidNotChangeWithTheOutput() throws {
    let site = try SiteFixture("-- Content/a.md --\nA\n")
    try build(Self.first, in: site)
    try build(Self.second, in: site)
    var spareName = try #require(try spare(of: site))
    for path in ["b/index.html", "c/d/e.xml", "old/x/y.html", "index.html"] {
      #expect(inode(site, "public/" + path) == inode(site, spareName + "/" + path), "\(path)")
      #expect(linkCount(site, "public/" + path) == 2, "\(path)")
    }
    #expect(inode(site, "public/a/index.html") != inode(site, spareName + "/a/index.html"))
    #expect(linkCount(site, "public/a/index.html") == 1)
    #expect(output(ofSpare: spareName, in: site) == Self.first)
    let shared = inode(site, "public/b/index.html")
    try build(Self.third, in: site)
    #expect(output(of: site).files == Self.third)
    spareName = try #require(try spare(of: site))
    // The output replaced is whole: nothing was written into a file it shared.
    #expect(output(ofSpare: spareName, in: site) == Self.second)
    #expect(inode(site, "public/b/index.html") == shared)
    #expect(inode(site, spareName + "/index.html") == inode(site, "public/index.html"))
    #expect(inode(site, spareName + "/c/d/e.xml") != inode(site, "public/c/d/e.xml"))
    // The record still describes the spare, links and all: the next build starts from it (its
    // folders are the output's now) and writes nothing it holds.
    let spareFolder = inode(site, spareName + "/c/d")
    try build(Self.third, in: site)
    #expect(inode(site, "public/c/d") == spareFolder)
    #expect(output(of: site).files == Self.third)
    #expect(inode(site, "public/b/index.html") == shared)
    spareName = try #require(try spare(of: site))
    #expect(output(ofSpare: spareName, in: site) == Self.third)
    for path in Self.third.keys {
      #expect(inode(site, "public/" + path) == inode(site, spareName + "/" + path), "\(path)")
    }
  }

  /// A file of the spare written into in place is written into in the output too, as they share
  /// it: the next build uses neither, and writes every file anew.
  @Test func aSharedFileChangedInPlaceIsWrittenAnew() throws {
    let site = try SiteFixture("-- Content/a.md --\nA\n")
    try build(Self.first, in: site)
    try build(Self.second, in: site)
    let spareName = try #require(try spare(of: site))
    try site.write([9], to: spareName + "/b/index.html")
    #expect(site.bytes("public/b/index.html") == [9])
    let changed = inode(site, "public/b/index.html")
    try build(Self.third, in: site)
    #expect(output(of: site).files == Self.third)
    #expect(inode(site, "public/b/index.html") != changed)
  }

  private func linkCount(_ site: SiteFixture, _ path: String) -> UInt64? {
    var info = stat()
    return lstat(site.url(path).path, &info) == 0 ? UInt64(info.st_nlink) : nil
  }

  /// A path the spare holds as a file that the build needs as a folder, and the other way round.
  @Test func aFileThatBecomesAFolderAndAFolderThatBecomesAFile() throws {
    let site = try SiteFixture("-- Content/a.md --\nA\n")
    let first: [String: [UInt8]] = ["x": [1], "y/index.html": [2], "y/z/w.html": [3], "k.html": [4]]
    try build(first, in: site)
    try build(first.merging(["k.html": [44]]) { $1 }, in: site)
    let third: [String: [UInt8]] = ["x/index.html": [5], "y": [6], "k.html": [4]]
    try build(third, in: site)
    #expect(output(of: site).files == third)
    #expect(output(of: site).emptyFolders == [])
  }
}
