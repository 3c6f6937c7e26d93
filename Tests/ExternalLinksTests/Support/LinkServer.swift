import Foundation

/// `Tests/LinkServer/link_server.py` on an ephemeral port of 127.0.0.1 (or of `host`), for one test: started
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
  /// The IPv4 address it listens on.
  let host: String

  /// `tls`: HTTPS with a self-signed certificate, which the checker must refuse; `host`: the
  /// address to listen on.
  init(tls: Bool = false, host: String = "127.0.0.1") throws {
    self.scheme = tls ? "https" : "http"
    self.host = host
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../LinkServer/link_server.py").standardizedFileURL
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", script.path, "--host", host] + (tls ? ["--tls"] : [])
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

  /// `http://127.0.0.1:PORT` (or `https://…`, or the host it listens on) + `path`.
  func url(_ path: String) -> String { "\(scheme)://\(host):\(port)\(path)" }

  /// An IPv4 address of this machine outside the ranges the checker refuses (loopback, private,
  /// shared, link-local, benchmarking, multicast), such as a test network's 192.0.2.2; nil on a
  /// machine that has none (most have only private ones), where the tests that need a host the
  /// guard allows do not run.
  static let publicAddress: String? = {
    var list: UnsafeMutablePointer<ifaddrs>? = nil
    guard getifaddrs(&list) == 0 else { return nil }
    defer { freeifaddrs(list) }
    var entry = list
    while let current = entry {
      defer { entry = current.pointee.ifa_next }
      guard let address = current.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET) else {
        continue
      }
      let ipv4 = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
      let value = UInt32(bigEndian: ipv4.s_addr)
      let (a, b) = (value >> 24, (value >> 16) & 0xFF)
      let refused =
        a == 0 || a == 10 || a == 127 || (a == 100 && b >= 64 && b < 128) || (a == 169 && b == 254)
        || (a == 172 && b >= 16 && b < 32) || (a == 192 && b == 168) || (a == 198 && (b == 18 || b == 19))
        || a >= 224
      if !refused { return "\(a).\(b).\((value >> 8) & 0xFF).\(value & 0xFF)" }
    }
    return nil
  }()

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
