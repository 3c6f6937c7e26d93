import Foundation

/// Runs one of poppler's tools (Debian's `poppler-utils`) on a PDF written to a temporary file.
enum Poppler {
  /// The tool's standard output, with `arguments`, then the PDF's path, then `output` if given.
  static func run(_ tool: String, _ arguments: [String], pdf: [UInt8], output: String? = nil) throws -> String
  {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "folio-pdf-\(UUID().uuidString).pdf")
    try Data(pdf).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/" + tool)
    process.arguments = arguments + [file.path] + (output.map { [$0] } ?? [])
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }
}
