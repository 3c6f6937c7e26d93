import Dispatch
import Synchronization

/// Work over many small items on all cores, in chunks: one task per item costs more in
/// scheduling than most items take (a link check, a file write).
package enum ChunkedWork {
  /// `body(position)` for every position below `count`, `chunk` positions to a task, with the
  /// results in position order.
  package static func map<Value: Sendable>(_ count: Int, chunk: Int, _ body: @Sendable (Int) -> Value)
    -> [Value]
  {
    let chunks = (count + chunk - 1) / chunk
    let results = Mutex<[[Value]]>(Array(repeating: [], count: chunks))
    DispatchQueue.concurrentPerform(iterations: chunks) { index in
      let values = ((index * chunk)..<min(count, (index + 1) * chunk)).map(body)
      results.withLock { $0[index] = values }
    }
    return results.withLock { $0.flatMap { $0 } }
  }

  /// `background()` on another thread while `foreground()` runs on this one, for two pieces of
  /// serial work that need nothing of each other; returns once both are done (also when
  /// `foreground` throws). On a machine of one core they take turns, as one after the other.
  package static func beside<Value: Sendable>(
    _ background: @escaping @Sendable () -> Value, while foreground: () throws -> Void
  ) rethrows -> Value {
    let result = Mutex<Value?>(nil)
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global(qos: .userInitiated).async {
      let value = background()
      result.withLock { $0 = value }
      done.signal()
    }
    do {
      try foreground()
    } catch {
      done.wait()
      throw error
    }
    done.wait()
    // Set before the signal.
    return result.withLock { $0! }
  }
}
