import Foundation

/// A program the tests run and read the answer of (unzip, Python, EPUBCheck): one way of
/// starting it and reading what it printed, for every test that checks Folio's files with a
/// tool it did not write.
public enum ExternalTool {
  /// Runs the program at `path` with `arguments` and returns what it printed (standard output
  /// and standard error, as they came) and its exit status.
  public static func run(_ path: String, _ arguments: [String]) throws -> (output: String, status: Int32) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    // Read before waiting: a program that fills the pipe would otherwise never exit.
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (text, process.terminationStatus)
  }

  /// Whether the program at `path` can be run.
  public static func isInstalled(_ path: String) -> Bool {
    FileManager.default.isExecutableFile(atPath: path)
  }

  /// Debian's EPUBCheck (`epubcheck`, the W3C's validator): the jar itself is installed at this
  /// path and runs through binfmt_misc, which containers often lack, so it is run with
  /// `java -jar`.
  public static let epubCheckJar = "/usr/bin/epubcheck"
  /// The Java that runs EPUBCheck.
  public static let java = "/usr/bin/java"

  /// Whether EPUBCheck and a Java to run it are installed.
  public static var epubCheckIsInstalled: Bool {
    FileManager.default.fileExists(atPath: epubCheckJar) && isInstalled(java)
  }

  /// What EPUBCheck prints for the EPUB at `path`, and its exit status.
  public static func epubCheck(_ path: String) throws -> (output: String, status: Int32) {
    try run(java, ["-jar", epubCheckJar, path])
  }
}
