import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// One running `node -e` ``KaTeXScript``, spoken to over a Unix socket pair: a request is one
/// JSON line, its answer one JSON line.
///
/// A socket rather than pipes so that writing to a process that died fails with `EPIPE`
/// (`MSG_NOSIGNAL`) instead of raising `SIGPIPE`, which would end the whole build. The child runs
/// in `/`, so that no `node_modules` folder of the site is ever loaded, and its standard error
/// goes to `/dev/null`. Closing the socket (``stop()``, or this process ending) ends its input,
/// and it exits.
final class KaTeXProcess {
  private let process: Process
  private let socket: Int32
  private var pending: [UInt8] = []
  private var stopped = false
  /// The KaTeX version the process loaded.
  private(set) var version = ""

  /// Starts Node at `node` and waits for KaTeX to load.
  init(node: URL) throws(MathRenderingError) {
    var ends: [Int32] = [-1, -1]
    guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0
    else {
      throw .processFailed("socketpair failed (errno \(errno))")
    }
    socket = ends[0]
    let child = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
    process = Process()
    process.executableURL = node
    process.arguments = ["-e", KaTeXScript.source]
    process.currentDirectoryURL = URL(fileURLWithPath: "/")
    process.standardInput = child
    process.standardOutput = child
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      stopped = true
      close(socket)
      throw .katexMissing
    }
    try? child.close()
    let greeting = try? readLine()
    guard let greeting, let object = try? JSONSerialization.jsonObject(with: greeting) as? [String: Any],
      let ready = object["ready"] as? String
    else {
      stop()
      throw .katexMissing
    }
    version = ready
  }

  deinit { stop() }

  /// Closes the socket and reaps the process once it has exited.
  func stop() {
    guard !stopped else { return }
    stopped = true
    close(socket)
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
  }

  /// Ends the process without closing the socket: the next ``exchange(_:)`` fails.
  func terminate() {
    process.terminate()
    process.waitUntilExit()
  }

  /// Sends `request` and returns the answer, both one line of JSON.
  func exchange(_ request: Data) throws(MathRenderingError) -> Data {
    var line = [UInt8](request)
    line.append(0x0A)
    var sent = 0
    while sent < line.count {
      let count = line.withUnsafeBytes {
        send(socket, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL))
      }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { throw .processFailed("could not write to it (errno \(errno))") }
      sent += count
    }
    return try readLine()
  }

  private func readLine() throws(MathRenderingError) -> Data {
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      if let end = pending.firstIndex(of: 0x0A) {
        let line = Data(pending[..<end])
        pending.removeSubrange(...end)
        return line
      }
      let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { throw .processFailed("it stopped") }
      pending += chunk[..<count]
    }
  }
}
