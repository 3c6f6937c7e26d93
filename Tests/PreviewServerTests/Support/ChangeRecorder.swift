import Foundation
import PreviewServer
import Synchronization

/// Collects a watcher's batches so tests can wait for them.
final class ChangeRecorder: @unchecked Sendable {
  // Guarded by `condition`, which also wakes the waiters when a batch arrives.
  private var batches: [[FileChange]] = []
  private let condition = NSCondition()

  /// The handler to give the watcher.
  var handler: @Sendable ([FileChange]) -> Void {
    { batch in
      self.condition.lock()
      self.batches.append(batch)
      self.condition.broadcast()
      self.condition.unlock()
    }
  }

  /// Every batch so far.
  var all: [[FileChange]] {
    condition.lock()
    defer { condition.unlock() }
    return batches
  }

  /// Waits until `count` batches arrived and returns them all; `timeout` only bounds a test
  /// that would otherwise hang, it is no threshold for passing.
  @discardableResult
  func wait(for count: Int = 1, timeout: Duration = .seconds(10)) -> [[FileChange]] {
    waitUntil(timeout) { $0.count >= count }
  }

  /// Waits until some batch holds `change`, returning whether one did.
  func wait(until change: FileChange, timeout: Duration = .seconds(10)) -> Bool {
    waitUntil(timeout) { $0.joined().contains(change) }.joined().contains(change)
  }

  /// Blocks until `isDone` holds for the batches (woken by each batch), or `timeout` passes.
  private func waitUntil(_ timeout: Duration, _ isDone: ([[FileChange]]) -> Bool) -> [[FileChange]] {
    let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
    let deadline = Date().addingTimeInterval(seconds)
    condition.lock()
    defer { condition.unlock() }
    while !isDone(batches) && condition.wait(until: deadline) {}
    return batches
  }

  /// Forgets the batches so far.
  func reset() {
    condition.lock()
    batches = []
    condition.unlock()
  }
}
