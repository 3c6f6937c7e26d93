import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// One running `node -e` ``KaTeXScript``, spoken to over a Unix socket pair: a request is one
/// JSON line, its answer one JSON line.
///
/// Requests from many threads are pipelined: each is written whole, under a lock, as soon as it
/// comes, with a ticket; Node answers in the order it reads, so each thread waits for its
/// ticket's turn and reads the next line itself. Node is never idle while a page is waiting, and
/// a build does not pay a round trip (a wake-up on a busy machine) per page on top of KaTeX.
///
/// A socket rather than pipes so that writing to a process that died fails with `EPIPE`
/// (`MSG_NOSIGNAL`) instead of raising `SIGPIPE`, which would end the whole build. The child runs
/// in `/`, so that no `node_modules` folder of the site is ever loaded, and its standard error
/// goes to `/dev/null`. Closing the socket (``stop()``, or this process ending) ends its input,
/// and it exits.
final class KaTeXProcess: @unchecked Sendable {
  private let process: Process
  private let socket: Int32
  /// Held while a request is written and its ticket taken.
  private let sending = NSLock()
  private var nextTicket = 0
  /// Guards `nextToRead` and `failure`; signalled whenever either changes.
  private let turn = NSCondition()
  private var nextToRead = 0
  private var failure: MathRenderingError?
  /// Read bytes after the last line returned; only the reader whose turn it is touches them.
  private var pending: [UInt8] = []
  private var stopped = false
  /// How long one answer (or the greeting) may take before the process is given up.
  private let answerTimeout: Duration

  /// Starts Node at `node` and waits for KaTeX to load; an answer that takes longer than
  /// `answerTimeout` ends the process, so a formula that KaTeX never finishes cannot hang a build.
  init(node: URL, answerTimeout: Duration) throws(MathRenderingError) {
    self.answerTimeout = answerTimeout
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
      object["ready"] is String
    else {
      stop()
      throw .katexMissing
    }
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

  /// Sends `request` and returns its answer, both one line of JSON. Once one exchange has
  /// failed, every later one fails the same way: the process is to be replaced.
  func exchange(_ request: Data) throws(MathRenderingError) -> Data {
    sending.lock()
    let ticket = nextTicket
    nextTicket += 1
    let sent = send(request)
    sending.unlock()

    turn.lock()
    if let sent { failure = failure ?? sent }
    while nextToRead != ticket, failure == nil { turn.wait() }
    if let failure {
      turn.broadcast()
      turn.unlock()
      throw failure
    }
    turn.unlock()

    let answer = Result { () throws(MathRenderingError) in try readLine() }
    turn.lock()
    if case .failure(let error) = answer {
      // Only the request that went unanswered is to blame; the ones queued behind it fail as
      // a process that stopped, which the renderer retries on a new one.
      if case .noAnswer = error { failure = .processFailed("it was stopped") } else { failure = error }
    }
    nextToRead += 1
    turn.broadcast()
    turn.unlock()
    return try answer.get()
  }

  /// Writes `request` and a line end; the error, or nil.
  private func send(_ request: Data) -> MathRenderingError? {
    var line = [UInt8](request)
    line.append(0x0A)
    var sent = 0
    while sent < line.count {
      let count = line.withUnsafeBytes {
        Glibc.send(socket, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL))
      }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return .processFailed("could not write to it (errno \(errno))") }
      sent += count
    }
    return nil
  }

  private func readLine() throws(MathRenderingError) -> Data {
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    let deadline = ContinuousClock.now + answerTimeout
    while true {
      if let end = pending.firstIndex(of: 0x0A) {
        let line = Data(pending[..<end])
        pending.removeSubrange(...end)
        return line
      }
      try waitForBytes(until: deadline)
      let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { throw .processFailed("it stopped") }
      pending += chunk[..<count]
    }
  }

  /// Returns once the socket has bytes (or has closed); past `deadline`, ends the process and
  /// throws, and every later exchange fails the same way.
  private func waitForBytes(until deadline: ContinuousClock.Instant) throws(MathRenderingError) {
    while true {
      let left = ContinuousClock.now.duration(to: deadline)
      guard left > .zero else {
        // SIGKILL: a Node stuck in a script does not always end on SIGTERM (a child can inherit
        // it blocked), and nothing of its state is worth a clean exit.
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        throw .noAnswer(seconds: Int(answerTimeout.components.seconds))
      }
      let (seconds, attoseconds) = left.components
      let milliseconds = Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
      var ready = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
      let count = poll(&ready, 1, milliseconds)
      if count > 0 { return }
      if count < 0, errno != EINTR { throw .processFailed("could not wait for it (errno \(errno))") }
    }
  }
}
