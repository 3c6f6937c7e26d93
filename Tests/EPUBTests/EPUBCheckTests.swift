import EPUB
import Foundation
import Testing

/// The books as epubcheck (Debian's epubcheck, the W3C's validator) sees them: no errors and
/// no warnings. epubcheck is a Java program, a few seconds a run, so one test checks every
/// book.
@Suite struct EPUBCheckTests {
  /// Debian installs the jar itself as `/usr/bin/epubcheck` and runs it through binfmt_misc,
  /// which containers often lack: the test runs it with `java -jar` instead.
  static let jar = "/usr/bin/epubcheck"
  static let java = "/usr/bin/java"
  static var isInstalled: Bool {
    FileManager.default.fileExists(atPath: jar) && FileManager.default.isExecutableFile(atPath: java)
  }

  @Test(.enabled(if: isInstalled, "epubcheck and Java (Debian epubcheck) are not installed"))
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
      let (output, status) = try Self.epubcheck(file.path)
      #expect(status == 0, "\(name): \(output)")
      #expect(output.contains("No errors or warnings detected"), "\(name): \(output)")
      #expect(!output.contains("WARNING") && !output.contains("ERROR"), "\(name): \(output)")
    }
  }

  private static func epubcheck(_ path: String) throws -> (String, Int32) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: java)
    process.arguments = ["-jar", jar, path]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (text, process.terminationStatus)
  }
}
