import Foundation

/// `Tests/LinkServer/link_server.py` on an ephemeral port of 127.0.0.1, for one test: started
/// by `init`, stopped (its standard input closed, then killed) when the value goes.
final class LinkServer: @unchecked Sendable {
  /// What the server counted so far.
  struct Stats: Decodable {
    /// Requests answered or being answered.
    var requests: Int
    /// The most requests in progress at once.
    var maxInFlight: Int
    /// Requests by `METHOD /path`.
    var paths: [String: Int]
    /// Every request's `METHOD /path`, in the order they came.
    var order: [String]
  }

  private let process = Process()
  private let input = Pipe()
  private let output = Pipe()
  /// The port it listens on.
  let port: Int
  /// `http`, or `https` with `tls`.
  let scheme: String

  /// `tls`: HTTPS with a self-signed certificate, which the checker must refuse.
  init(tls: Bool = false) throws {
    self.scheme = tls ? "https" : "http"
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../LinkServer/link_server.py").standardizedFileURL
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", script.path] + (tls ? ["--tls"] : [])
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    guard let line = LinkServer.readLine(output.fileHandleForReading), let port = Int(line) else {
      process.terminate()
      throw CocoaError(.fileReadCorruptFile)
    }
    self.port = port
  }

  deinit {
    try? input.fileHandleForWriting.close()
    process.terminate()
    process.waitUntilExit()
  }

  /// `http://127.0.0.1:PORT` (or `https://…`) + `path`.
  func url(_ path: String) -> String { "\(scheme)://127.0.0.1:\(port)\(path)" }

  /// The counts as of now.
  func stats() throws -> Stats {
    input.fileHandleForWriting.write(Data("stats\n".utf8))
    guard let line = LinkServer.readLine(output.fileHandleForReading) else {
      throw CocoaError(.fileReadUnknown)
    }
    return try JSONDecoder().decode(Stats.self, from: Data(line.utf8))
  }

  /// One line from `handle`, read a byte at a time so nothing after it is taken.
  private static func readLine(_ handle: FileHandle) -> String? {
    var bytes: [UInt8] = []
    while let byte = try? handle.read(upToCount: 1), let first = byte.first {
      if first == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
      bytes.append(first)
    }
    return nil
  }
}
