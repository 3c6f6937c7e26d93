import EPUB
import Foundation
import TestSupport
import Testing

/// The books as epubcheck (Debian's epubcheck, the W3C's validator) sees them: no errors and
/// no warnings. epubcheck is a Java program, a few seconds a run, so one test checks every
/// book.
@Suite struct EPUBCheckTests {
  @Test(
    .enabled(if: ExternalTool.epubCheckIsInstalled, "epubcheck and Java (Debian epubcheck) are not installed")
  )
  func epubcheckFindsNoErrorsAndNoWarnings() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "folio-epub-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for (name, book) in [
      ("english", Books.english), ("mathematics", Books.mathematics), ("japanese", Books.japanese),
    ] {
      let file = folder.appendingPathComponent("\(name).epub")
      try Data(book.epubBytes()).write(to: file)
      let (output, status) = try ExternalTool.epubCheck(file.path)
      #expect(status == 0, "\(name): \(output)")
      #expect(output.contains("No errors or warnings detected"), "\(name): \(output)")
      #expect(!output.contains("WARNING") && !output.contains("ERROR"), "\(name): \(output)")
    }
  }

}
