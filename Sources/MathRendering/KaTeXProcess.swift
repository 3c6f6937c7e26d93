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
/// goes to `/dev/null`; it gets this process's environment without `NODE_EXTRA_CA_CERTS`
/// (``environment(_:)``). Closing the socket (``stop()``, or this process ending) ends its input,
/// and it exits. Its heap is bounded (``MathBudget/nodeMemoryMegabytes``): past it V8 aborts the
/// process, which the request it was answering reports as ``MathRenderingError/outOfMemory(megabytes:)``.
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
  /// Where in `pending` the next line end may be: the bytes before it hold none.
  private var searched = 0
  private var stopped = false
  /// How long one answer may take before the process is given up.
  private let answerTimeout: Duration
  /// How long Node may take to load KaTeX and greet: some 0.3 s on a busy machine, so the time
  /// for an answer (which tests set short) would not always do.
  private static let startTimeout: Duration = .seconds(30)
  /// Node's heap limit, for the error when it is reached.
  private let memoryMegabytes: Int

  /// Starts Node at `node` with `budget` and waits for KaTeX to load; an answer that takes
  /// longer than `answerTimeout` ends the process, so a page whose formulas KaTeX never finishes
  /// cannot hang a build.
  init(node: URL, budget: MathBudget, answerTimeout: Duration) throws(MathRenderingError) {
    self.answerTimeout = answerTimeout
    memoryMegabytes = budget.nodeMemoryMegabytes
    var ends: [Int32] = [-1, -1]
    guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0
    else {
      throw .processFailed("socketpair failed (errno \(errno))")
    }
    socket = ends[0]
    let child = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
    process = Process()
    process.executableURL = node
    process.arguments = KaTeXScript.arguments(for: budget)
    process.currentDirectoryURL = URL(fileURLWithPath: "/")
    process.environment = Self.environment(ProcessInfo.processInfo.environment)
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
    let greeting = try? readLine(within: max(answerTimeout, Self.startTimeout))
    let object = greeting.flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
    guard let object, object["ready"] is String else {
      stop()
      if let version = object?["unsupported"] as? String { throw .katexUnsupported(version: version) }
      throw .katexMissing
    }
  }

  deinit { stop() }

  /// Node's environment: this process's, without `NODE_EXTRA_CA_CERTS`. The script opens no
  /// connection, but Node reads and parses every certificate of that file as it starts (some
  /// 0.1–0.2 s of CPU for Debian's bundle, more than loading KaTeX), while a page's worker waits.
  static func environment(_ inherited: [String: String]) -> [String: String] {
    inherited.filter { $0.key != "NODE_EXTRA_CA_CERTS" }
  }

  /// The Node process's id.
  var processIdentifier: Int32 { process.processIdentifier }

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

    let answer = Result { () throws(MathRenderingError) in try readLine(within: answerTimeout) }
    turn.lock()
    if case .failure(let error) = answer {
      // Only the request that went unanswered, or that Node ran out of memory on, is to blame;
      // the ones queued behind it fail as a process that stopped, which the renderer retries
      // on a new one.
      switch error {
      case .noAnswer, .outOfMemory: failure = .processFailed("it was stopped")
      case .katexMissing, .katexUnsupported, .processFailed: failure = error
      }
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

  /// The next line, which must come `within` the time given.
  private func readLine(within timeout: Duration) throws(MathRenderingError) -> Data {
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    let deadline = ContinuousClock.now + timeout
    while true {
      // Only the bytes not yet searched: an answer of megabytes comes in many chunks.
      if let end = pending[searched...].firstIndex(of: 0x0A) {
        let line = Data(pending[..<end])
        pending.removeSubrange(...end)
        searched = 0
        return line
      }
      searched = pending.count
      try waitForBytes(until: deadline, timeout: timeout)
      let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { throw ended() }
      pending += chunk[..<count]
    }
  }

  /// Why the process closed its end of the socket: out of memory when it died of `SIGABRT`,
  /// which is how V8 ends Node past its heap limit; otherwise it stopped.
  private func ended() -> MathRenderingError {
    // The socket closes as the process exits; its status follows within moments.
    let deadline = ContinuousClock.now + .seconds(2)
    while process.isRunning, ContinuousClock.now < deadline { usleep(10_000) }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
    if process.terminationReason == .uncaughtSignal, process.terminationStatus == SIGABRT {
      return .outOfMemory(megabytes: memoryMegabytes)
    }
    return .processFailed("it stopped")
  }

  /// Returns once the socket has bytes (or has closed); past `deadline`, ends the process and
  /// throws, and every later exchange fails the same way.
  private func waitForBytes(until deadline: ContinuousClock.Instant, timeout: Duration)
    throws(MathRenderingError)
  {
    while true {
      let left = ContinuousClock.now.duration(to: deadline)
      guard left > .zero else {
        // SIGKILL: a Node stuck in a script does not always end on SIGTERM (a child can inherit
        // it blocked), and nothing of its state is worth a clean exit.
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        throw .noAnswer(after: timeout)
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
