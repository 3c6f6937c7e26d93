import Foundation
import PreviewServer
import Synchronization

/// Collects a watcher's batches so tests can wait for them.
final class ChangeRecorder: Sendable {
  private let batches = Mutex<[[FileChange]]>([])

  /// The handler to give the watcher.
  var handler: @Sendable ([FileChange]) -> Void {
    { batch in self.batches.withLock { $0.append(batch) } }
  }

  /// Every batch so far.
  var all: [[FileChange]] { batches.withLock { $0 } }

  /// Waits until `count` batches arrived (or `timeout` passed) and returns them all.
  @discardableResult
  func wait(for count: Int = 1, timeout: Duration = .seconds(3)) -> [[FileChange]] {
    let deadline = ContinuousClock.now + timeout
    while all.count < count && ContinuousClock.now < deadline {
      usleep(5_000)
    }
    return all
  }

  /// Waits until some batch holds `change`, returning whether one did.
  func wait(until change: FileChange, timeout: Duration = .seconds(3)) -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      if all.joined().contains(change) { return true }
      usleep(5_000)
    }
    return false
  }

  /// Forgets the batches so far.
  func reset() { batches.withLock { $0 = [] } }
}
