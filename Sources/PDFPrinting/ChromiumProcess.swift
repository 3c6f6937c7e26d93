import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// One headless Chromium, spoken to over `--remote-debugging-pipe`: it reads DevTools messages
/// from file descriptor 3 and writes its own to 4, each JSON text ended by a NUL byte.
///
/// Foundation's `Process` cannot place a descriptor at 3 or 4, so the child is started with
/// `posix_spawn` and file actions. Both descriptors are one end of a Unix socket pair rather than
/// two pipes: writing to a Chromium that died then fails with `EPIPE` (`MSG_NOSIGNAL`) instead
/// of raising `SIGPIPE`, which would end the whole build. The child leads a process group of its
/// own, so ``stop()`` ends Chromium's helpers (zygote, renderer, GPU, network service) with it.
/// Its standard error is read all along (a full pipe would stall it), keeping the last lines.
final class ChromiumProcess {
  /// The child's process id, which is also its process group's.
  let pid: pid_t
  /// This process's end of the socket pair, non-blocking.
  private var socket: Int32
  /// The read end of the child's standard error and output, non-blocking; -1 once it ended.
  private var errorOutput: Int32
  /// Bytes read from the socket after the last message returned.
  private var received: [UInt8] = []
  /// How many bytes of `received` hold no NUL.
  private var scanned = 0
  /// The last bytes the child wrote to standard error.
  private var errorTail: [UInt8] = []
  /// Whether the group was ended.
  private var stopped = false
  /// Whether the child's exit status was collected.
  private var reaped = false
  /// When every wait gives up.
  let deadline: ContinuousClock.Instant
  /// The time the deadline was made from, for the error.
  let timeout: Duration

  /// How much of standard error is kept for the error message.
  private static let errorTailLimit = 4096

  /// Starts `executable` with `arguments` and exactly `environment`, in `folder`.
  init(
    executable: String, arguments: [String], environment: [String: String], folder: String,
    timeout: Duration
  ) throws(PDFPrintingProblem) {
    self.timeout = timeout
    deadline = .now + timeout
    var ends: [Int32] = [-1, -1]
    guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0
    else {
      throw .couldNotStart(reason: "socketpair failed (errno \(errno))")
    }
    // Standard error through a socket pair too: Swift's Glibc module has no `pipe2`, and a
    // pipe made without close-on-exec at once could leak into a child another thread starts.
    var errorPipe: [Int32] = [-1, -1]
    guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &errorPipe) == 0
    else {
      close(ends[0])
      close(ends[1])
      throw .couldNotStart(reason: "socketpair failed (errno \(errno))")
    }
    // The child's ends are moved above 4 first: dup2 onto the same number would keep
    // close-on-exec set, and Chromium would find no descriptor 3.
    let childSocket = fcntl(ends[1], F_DUPFD_CLOEXEC, 10)
    let childError = fcntl(errorPipe[1], F_DUPFD_CLOEXEC, 10)
    close(ends[1])
    close(errorPipe[1])
    defer {
      close(childSocket)
      close(childError)
    }

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, childError, 1)
    posix_spawn_file_actions_adddup2(&actions, childError, 2)
    posix_spawn_file_actions_adddup2(&actions, childSocket, 3)
    posix_spawn_file_actions_adddup2(&actions, childSocket, 4)
    // Nothing else of this process (a build's open files and sockets) reaches Chromium, and it
    // runs in the profile folder.
    SpawnActions.closeFrom(5, &actions)
    SpawnActions.changeDirectory(folder, &actions)

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    var allSignals = sigset_t()
    sigfillset(&allSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    posix_spawnattr_setsigdefault(&attributes, &allSignals)
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    let argv = ([executable] + arguments).map { strdup($0) }
    let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") }
    defer {
      for argument in argv + envp { free(argument) }
    }
    var child: pid_t = 0
    let status = posix_spawn(&child, executable, &actions, &attributes, argv + [nil], envp + [nil])
    guard status == 0 else {
      close(ends[0])
      close(errorPipe[0])
      if status == ENOENT || status == EACCES { throw .chromiumMissing(executable: executable) }
      throw .couldNotStart(reason: "posix_spawn failed (errno \(status))")
    }
    pid = child
    socket = ends[0]
    errorOutput = errorPipe[0]
    _ = fcntl(socket, F_SETFL, fcntl(socket, F_GETFL) | O_NONBLOCK)
    _ = fcntl(errorOutput, F_SETFL, fcntl(errorOutput, F_GETFL) | O_NONBLOCK)
  }

  deinit { stop() }

  /// Writes one message and its NUL, reading what comes meanwhile so neither side blocks.
  func send(_ message: [UInt8]) throws(PDFPrintingProblem) {
    let bytes = message + [0]
    var sent = 0
    while sent < bytes.count {
      let count = bytes[sent...].withUnsafeBytes {
        Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      if count > 0 {
        sent += count
      } else if count < 0, errno == EAGAIN || errno == EINTR {
        try waitForEvents(writing: true)
      } else {
        throw exitedEarly()
      }
    }
  }

  /// The next message Chromium writes, without its NUL.
  func receive() throws(PDFPrintingProblem) -> [UInt8] {
    while true {
      if let end = received[scanned...].firstIndex(of: 0) {
        let message = Array(received[..<end])
        received.removeSubrange(...end)
        scanned = 0
        return message
      }
      scanned = received.count
      try waitForEvents(writing: false)
    }
  }

  /// Waits until the socket can be written (if `writing`) or has bytes, reading the socket and
  /// standard error as they come.
  private func waitForEvents(writing: Bool) throws(PDFPrintingProblem) {
    let remaining = deadline - .now
    guard remaining > .zero else { throw .timedOut(after: timeout) }
    let milliseconds =
      remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000
    var descriptors = [
      pollfd(fd: socket, events: Int16(POLLIN) | (writing ? Int16(POLLOUT) : 0), revents: 0),
      pollfd(fd: errorOutput, events: Int16(POLLIN), revents: 0),
    ]
    let ready = poll(&descriptors, nfds_t(descriptors.count), Int32(clamping: milliseconds + 1))
    guard ready > 0 else {
      if ready < 0, errno == EINTR { return }
      if ready == 0 { throw .timedOut(after: timeout) }
      throw exitedEarly()
    }
    if descriptors[1].revents != 0 { readErrorOutput() }
    if descriptors[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
      var buffer = [UInt8](repeating: 0, count: 1 << 16)
      let count = buffer.withUnsafeMutableBytes { read(socket, $0.baseAddress, $0.count) }
      if count > 0 {
        received += buffer[..<count]
      } else if count == 0 || (errno != EAGAIN && errno != EINTR) {
        throw exitedEarly()
      }
    }
  }

  /// Reads what standard error holds now, keeping its tail.
  private func readErrorOutput() {
    guard errorOutput >= 0 else { return }
    var buffer = [UInt8](repeating: 0, count: 1 << 14)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(errorOutput, $0.baseAddress, $0.count) }
      if count > 0 {
        errorTail += buffer[..<count]
        if errorTail.count > Self.errorTailLimit {
          errorTail.removeFirst(errorTail.count - Self.errorTailLimit)
        }
      } else if count < 0, errno == EINTR {
        continue
      } else {
        if count == 0 {
          close(errorOutput)
          errorOutput = -1
        }
        return
      }
    }
  }

  /// The error for a Chromium that stopped talking: how it ended and its last lines.
  private func exitedEarly() -> PDFPrintingProblem {
    // Its exit and its last words may lag the socket's end a little.
    var status: Int32 = 0
    var ended = waitpid(pid, &status, WNOHANG) == pid
    let giveUp = ContinuousClock.now + .seconds(2)
    while !ended, ContinuousClock.now < giveUp {
      usleep(10_000)
      ended = waitpid(pid, &status, WNOHANG) == pid
    }
    readErrorOutput()
    let how: String
    if !ended {
      how = "closed its DevTools pipe"
    } else if status & 0x7f == 0 {
      how = "exited with status \((status >> 8) & 0xff)"
    } else {
      how = "was ended by signal \(status & 0x7f)"
    }
    reaped = ended
    stop()
    let lines = String(decoding: errorTail, as: UTF8.self).split(whereSeparator: \.isNewline)
    return .chromiumExitedEarly(status: how, lastLines: lines.suffix(5).map(String.init))
  }

  /// Ends Chromium's whole process group and closes the descriptors; safe to call again.
  func stop() {
    if !stopped {
      stopped = true
      kill(-pid, SIGKILL)
      var status: Int32 = 0
      while !reaped, waitpid(pid, &status, 0) < 0, errno == EINTR {}
      reaped = true
      // The helpers were sent the same signal; wait (briefly) until the group is gone, so that
      // none is still writing to the profile folder while it is removed.
      let giveUp = ContinuousClock.now + .milliseconds(500)
      while kill(-pid, 0) == 0, ContinuousClock.now < giveUp { usleep(5000) }
    }
    if socket >= 0 { close(socket) }
    if errorOutput >= 0 { close(errorOutput) }
    socket = -1
    errorOutput = -1
  }
}
