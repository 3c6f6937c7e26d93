import Synchronization

/// Every term any page of the process has, each with a number of its own: a page keeps its
/// terms' numbers instead of their UTF-8 and hashes, and the merge looks a term up by number
/// instead of hashing it again.
///
/// One table for the process, shared by every page on every core: a page interns its distinct
/// terms in one hold of the lock once it is tokenised (about 150 lookups), which costs what the
/// merge's lookups cost, but on every core instead of one, and saves each page about half of
/// what it keeps (10,000 pages: about 16 MiB of term bytes and hashes and the merge's 6 MiB of
/// visits). Terms are never removed: a `folio serve` session's table holds every term its
/// pages ever had, which is the size of the site's vocabulary (10,000 pages: 32,000 terms,
/// under 1 MiB) plus what edits add.
package final class SearchTermTable: Sendable {
  /// The process's table.
  package static let shared = SearchTermTable()

  private let table = Mutex(TermTable(capacity: 1 << 15))

  /// The numbers of `terms`' terms, in their order, written into `numbers` (emptied first);
  /// `scratch` is a buffer the caller keeps from page to page.
  func intern(_ terms: TermTable, into numbers: inout [Int32], scratch: inout [UInt64]) {
    numbers.removeAll(keepingCapacity: true)
    table.withLock { $0.intern(allOf: terms, into: &numbers, scratch: &scratch) }
  }

  /// The table as it is now: every number a page holds so far is in it. Its arrays are shared,
  /// not copied (until a page adds a term while it is held).
  func snapshot() -> TermTable {
    table.withLock { $0 }
  }
}
