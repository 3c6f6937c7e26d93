import Foundation
import Testing

@testable import PDFPrinting

/// What is removed from the profile folder after a print.
@Suite struct ProfileFolderTests {
  private let manager = FileManager.default

  @Test func aFolderMadeForThePrintIsRemovedWhole() throws {
    let root = manager.temporaryDirectory.appendingPathComponent("folio-pdf-profile-new-\(getpid())")
    defer { try? manager.removeItem(at: root) }
    let folder = try ProfileFolder(root.appendingPathComponent("cache/chromium"))
    #expect(Set(try manager.contentsOfDirectory(atPath: folder.url.path)) == Set(ProfileFolder.subfolders))
    #expect(folder.environment["HOME"] == folder.url.appendingPathComponent("home").path)
    try Data("x".utf8).write(to: folder.url.appendingPathComponent("Local State"))
    folder.removeWhatWasWritten()
    #expect(!manager.fileExists(atPath: folder.url.path))
    #expect(manager.fileExists(atPath: root.appendingPathComponent("cache").path))
  }

  @Test func whatWasThereBeforeIsKept() throws {
    let url = manager.temporaryDirectory.appendingPathComponent("folio-pdf-profile-old-\(getpid())")
    defer { try? manager.removeItem(at: url) }
    try manager.createDirectory(at: url, withIntermediateDirectories: true)
    try Data("keep".utf8).write(to: url.appendingPathComponent("notes.txt"))
    let folder = try ProfileFolder(url)
    try manager.createDirectory(
      at: url.appendingPathComponent("Default/Cache"), withIntermediateDirectories: true)
    folder.removeWhatWasWritten()
    #expect(try manager.contentsOfDirectory(atPath: url.path) == ["notes.txt"])
  }
}
