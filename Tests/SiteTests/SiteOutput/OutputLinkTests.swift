import Foundation
import TestSupport
import Testing

@testable import SiteOutput

#if canImport(Glibc)
  import Glibc
#endif

/// A file whose bytes the output being replaced holds is a hard link to that output's file
/// (``OutputDirectory/linkFile(_:from:into:expecting:)``), kept only when the link reaches the
/// file the record vouched for; otherwise, and where no hard link can be made, the entry is gone
/// for the build to write.
@Suite struct OutputLinkTests {
  private func stamp(_ path: String) throws -> WrittenStamp {
    var info = stat()
    try #require(lstat(path, &info) == 0)
    return WrittenStamp(info)
  }

  private func folder(_ path: String) throws -> Int32 {
    let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    try #require(descriptor >= 0)
    return descriptor
  }

  @Test func aLinkIsKeptOnlyWhenItReachesTheFileTheRecordVouchedFor() throws {
    let site = try SiteFixture("-- old/a.html --\nA\n-- old/b.html --\nB\n-- new/a.html --\nstale\n")
    let old = try folder(site.url("old").path)
    let new = try folder(site.url("new").path)
    defer {
      close(old)
      close(new)
    }
    let vouched = try stamp(site.url("old/a.html").path)
    // An entry already there is replaced by the link, not written into.
    let linked = try #require(OutputDirectory.linkFile("a.html", from: old, into: new, expecting: vouched))
    #expect(linked.inode == vouched.inode)
    #expect(site.text("new/a.html") == "A\n")
    // Another file at the path (here b.html, vouched for as a.html): not kept.
    #expect(OutputDirectory.linkFile("b.html", from: old, into: new, expecting: vouched) == nil)
    #expect(site.text("new/b.html") == nil)
    // Nothing at the path in the output replaced: nothing made.
    #expect(OutputDirectory.linkFile("c.html", from: old, into: new, expecting: vouched) == nil)
    #expect(site.text("new/c.html") == nil)
  }

  /// Across file systems `linkat` fails: nothing is left, and the build writes the file. The
  /// other file system is `/dev/shm` (tmpfs on Linux), the fixture's the temporary folder's.
  @Test func noLinkIsMadeAcrossFileSystems() throws {
    let elsewhere = "/dev/shm/folio-link-test-\(getpid())"
    try #require(mkdir(elsewhere, 0o700) == 0)
    defer { try? FileManager.default.removeItem(atPath: elsewhere) }
    try Data("A\n".utf8).write(to: URL(fileURLWithPath: elsewhere + "/a.html"))
    let site = try SiteFixture("-- new/x.html --\nx\n")
    var here = stat()
    var there = stat()
    try #require(lstat(site.url("new").path, &here) == 0 && lstat(elsewhere, &there) == 0)
    try #require(here.st_dev != there.st_dev, "the fixture is on /dev/shm's file system")
    let old = try folder(elsewhere)
    let new = try folder(site.url("new").path)
    defer {
      close(old)
      close(new)
    }
    let vouched = try stamp(elsewhere + "/a.html")
    #expect(OutputDirectory.linkFile("a.html", from: old, into: new, expecting: vouched) == nil)
    #expect(site.text("new/a.html") == nil)
  }
}
