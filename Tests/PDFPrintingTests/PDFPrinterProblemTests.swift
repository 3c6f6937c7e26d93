import Foundation
import PDFPrinting
import Testing

/// Problems found before Chromium starts, and their sentences.
@Suite struct PDFPrinterProblemTests {
  /// A profile folder of the test's own, since tests run at once.
  private func folder(_ name: String) -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("folio-pdf-\(name)-\(getpid())")
  }

  @Test func aMissingChromiumIsOneErrorThatNamesThePackage() {
    let folder = folder("missing")
    let printer = PDFPrinter(executable: "/nonexistent/chromium", profileFolder: folder, timeout: .seconds(5))
    #expect(!PDFPrinter.isAvailable(executable: "/nonexistent/chromium"))
    #expect(throws: PDFPrintingProblem.chromiumMissing(executable: "/nonexistent/chromium")) {
      try printer.print(path: "/", files: ["index.html": []], date: PDFDate("20260101000000")!)
    }
    #expect(PDFPrintingProblem.chromiumMissing(executable: "/x").description.contains("'chromium' package"))
    #expect(!FileManager.default.fileExists(atPath: folder.path))
  }

  @Test func aPageNotAmongTheFilesFailsBeforeChromiumStarts() {
    let folder = folder("no-page")
    let printer = PDFPrinter(executable: "/bin/true", profileFolder: folder, timeout: .seconds(5))
    #expect(
      throws: PDFPrintingProblem.pageFailedToLoad(
        path: "/book/", reason: "book/index.html is not among the site's files")
    ) {
      try printer.print(path: "/book/", files: ["index.html": []], date: PDFDate("20260101000000")!)
    }
  }

  @Test func aChromiumThatExitsAtOnceIsReportedWithItsLastWords() throws {
    let script = FileManager.default.temporaryDirectory.appendingPathComponent(
      "folio-pdf-fake-\(getpid()).sh")
    try "#!/bin/sh\necho 'first line' >&2\necho 'cannot start: no display' >&2\nexit 3\n".write(
      to: script, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
    defer { try? FileManager.default.removeItem(at: script) }
    let folder = folder("exits")
    let printer = PDFPrinter(executable: script.path, profileFolder: folder, timeout: .seconds(10))
    #expect(
      throws: PDFPrintingProblem.chromiumExitedEarly(
        status: "exited with status 3", lastLines: ["first line", "cannot start: no display"])
    ) {
      try printer.print(path: "/", files: ["index.html": []], date: PDFDate("20260101000000")!)
    }
    #expect(!FileManager.default.fileExists(atPath: folder.path))
  }
}
