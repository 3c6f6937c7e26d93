import Dispatch
import Synchronization

/// Every page's terms of one language merged into postings: each term's postings, in page
/// order, as the shard files write them, and the terms in UTF-8 byte order.
///
/// One pass over the pages (each page's arrays read once, through buffers: visiting every page
/// once per group of terms on every core cost more in reference counting and cache misses than
/// it saved in time), then one buffer written in a second pass, so that no term's postings grow
/// and move. Only the sort of the terms, a group of first bytes at a time, runs on every core.
struct PostingMerge {
  /// Every term, in UTF-8 byte order.
  var terms: [String] = []
  /// Each term's postings: page delta, frequency and count, positions… per page, as ``Varint``s.
  var postings: [ArraySlice<UInt8>] = []
  /// How many pages each term is on.
  var pageCounts: [Int] = []

  /// Merges `pages` (in index order).
  init(_ pages: [SearchDocument]) {
    var table = TermTable(capacity: 1 << 15)
    // Per term: its postings' size, the last page it was on, how many pages. One array, so that
    // a visit costs one uniqueness check instead of three.
    var stats: [Int] = []
    stats.reserveCapacity(3 << 15)
    // Each visited term's index in `table`, in visiting order, for the second pass.
    var visits: [Int32] = []
    visits.reserveCapacity(pages.reduce(0) { $0 + $1.termCount })
    for (page, document) in pages.enumerated() {
      TermRecords.forEach(in: document.termRecords, count: document.termCount) { hash, term, suffix in
        let (index, isNew) = table.intern(term, hash: hash)
        if isNew { stats.append(contentsOf: repeatElement(0, count: 3)) }
        stats.withUnsafeMutableBufferPointer { stats in
          let base = index * 3
          stats[base] += Varint.count(page - stats[base + 1]) + suffix.count
          stats[base + 1] = page
          stats[base + 2] += 1
        }
        visits.append(Int32(index))
      }
    }
    var offsets = [Int](repeating: 0, count: table.count + 1)
    for index in 0..<table.count { offsets[index + 1] = offsets[index] + stats[index * 3] }
    let buffer = PostingMerge.write(pages, visits, offsets)
    let order = PostingMerge.sorted(table)
    terms = order.map { String(decoding: table.term(Int($0)), as: UTF8.self) }
    postings = order.map { buffer[offsets[Int($0)]..<offsets[Int($0) + 1]] }
    pageCounts = order.map { stats[Int($0) * 3 + 2] }
  }

  /// The second pass: every page's postings written at their terms' places in one buffer.
  private static func write(_ pages: [SearchDocument], _ visits: [Int32], _ offsets: [Int]) -> [UInt8] {
    var cursors = Array(offsets.dropLast())
    var lastPage = [Int](repeating: 0, count: cursors.count)
    var visit = 0
    return [UInt8](unsafeUninitializedCapacity: offsets.last ?? 0) { buffer, initialised in
      for (page, document) in pages.enumerated() {
        TermRecords.forEach(in: document.termRecords, count: document.termCount) { _, _, suffix in
          let index = Int(visits[visit])
          visit += 1
          let cursor = Varint.write(page - lastPage[index], into: buffer, at: cursors[index])
          (buffer.baseAddress! + cursor).update(from: suffix.baseAddress!, count: suffix.count)
          cursors[index] = cursor + suffix.count
          lastPage[index] = page
        }
      }
      initialised = offsets.last ?? 0
    }
  }

  /// The indices of `table`'s terms in UTF-8 byte order: grouped by
  /// ``SearchIndex/partition(ofFirstByte:)`` (the groups in order are the terms in order), each
  /// group sorted on a core of its own.
  private static func sorted(_ table: TermTable) -> [Int32] {
    let groups = {
      var groups = [[Int32]](repeating: [], count: SearchIndex.partitionCount)
      for index in 0..<table.count {
        groups[SearchIndex.partition(ofFirstByte: table.bytes[table.start(index)])].append(Int32(index))
      }
      return groups
    }()
    let sortedGroups = Mutex<[Int: [Int32]]>([:])
    DispatchQueue.concurrentPerform(iterations: groups.count) { number in
      let sorted = table.bytes.withUnsafeBufferPointer { bytes in
        groups[number].sorted { a, b in
          let first = UnsafeBufferPointer(rebasing: bytes[table.start(Int(a))..<Int(table.ends[Int(a)])])
          let second = UnsafeBufferPointer(rebasing: bytes[table.start(Int(b))..<Int(table.ends[Int(b)])])
          return first.lexicographicallyPrecedes(second)
        }
      }
      sortedGroups.withLock { $0[number] = sorted }
    }
    return sortedGroups.withLock { groups in (0..<SearchIndex.partitionCount).flatMap { groups[$0] ?? [] } }
  }
}
