import Glibc

/// A pipe that a loop polls next to its real work, so another thread can wake it to stop.
///
/// (An eventfd would do, but Swift's Glibc module does not export `sys/eventfd.h`.)
final class WakeupSignal: Sendable {
  /// The descriptor to put in a `poll` set; it stays readable once ``signal()`` was called.
  let descriptor: Int32
  private let writeEnd: Int32

  /// Creates the pipe.
  init() throws(SystemCallError) {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { throw .current("pipe") }
    for end in ends {
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
    }
    descriptor = ends[0]
    writeEnd = ends[1]
  }

  deinit {
    close(descriptor)
    close(writeEnd)
  }

  /// Makes the descriptor readable. Safe from any thread, any number of times (a full pipe
  /// is still readable, so a failed write loses nothing).
  func signal() {
    var byte: UInt8 = 1
    _ = write(writeEnd, &byte, 1)
  }

  /// Waits until the signal is raised or `timeout` passes; returns whether it was raised.
  func wait(timeout: Duration) -> Bool {
    var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    let result = poll(&entry, 1, Int32(clamping: max(0, timeout.milliseconds)))
    return result > 0 && entry.revents & Int16(POLLIN) != 0
  }
}
