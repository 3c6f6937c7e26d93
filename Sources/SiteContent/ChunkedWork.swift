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

  /// `background()` and `foreground()` at once, for two pieces of serial work that need nothing
  /// of each other; returns once both are done (also when `foreground` throws). The calling
  /// thread takes part, as in `concurrentPerform`: with no other thread free it runs both, one
  /// after the other, so a caller on a busy pool never waits for a thread that cannot come.
  package static func beside<Value: Sendable, Failure: Error>(
    _ background: @Sendable () -> Value, while foreground: () throws(Failure) -> Void
  ) throws(Failure) -> Value {
    let result = Mutex<Value?>(nil)
    let failure = Mutex<Failure?>(nil)
    withoutActuallyEscaping(foreground) { foreground in
      // Run by one task only, which alone touches what it captures.
      let work = Unshared(run: foreground)
      DispatchQueue.concurrentPerform(iterations: 2) { task in
        if task == 0 {
          do throws(Failure) {
            try work.run()
          } catch {
            failure.withLock { $0 = error }
          }
        } else {
          let value = background()
          result.withLock { $0 = value }
        }
      }
    }
    if let error = failure.withLock({ $0.take() }) { throw error }
    // Both tasks are done: the value is set.
    return result.withLock { $0.take()! }
  }

  /// A closure handed to one task of ``beside(_:while:)``.
  private struct Unshared<Failure: Error>: @unchecked Sendable {
    let run: () throws(Failure) -> Void
  }
}
