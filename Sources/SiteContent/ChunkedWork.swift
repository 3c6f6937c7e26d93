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
}
