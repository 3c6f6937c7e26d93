import Dispatch
import Synchronization

/// Every page's terms of one language merged into postings: each term's postings, in page
/// order, as the shard files write them, and the terms in UTF-8 byte order.
///
/// One pass over the pages (each page's records read once: visiting every page once per group
/// of terms on every core cost more in reference counting and cache misses than it saved in
/// time), then one buffer written in a second pass, so that no term's postings grow and move.
/// The pages name their terms by number (``SearchTermTable``), so neither pass hashes a term:
/// a number finds the language's own index of the term in an array. Only the sort of the
/// terms, a group of first bytes at a time, runs on every core.
struct PostingMerge {
  /// Every term, in UTF-8 byte order.
  var terms: [String] = []
  /// Each term's postings: page delta, frequency and count, positions… per page, as ``Varint``s.
  var postings: [ArraySlice<UInt8>] = []
  /// How many pages each term is on.
  var pageCounts: [Int] = []

  /// Merges `pages` (in index order), whose term numbers are those of `table`.
  init(_ pages: [SearchDocument], table: TermTable) {
    // Each number's index among this language's terms (-1 until a page has it), and back.
    var indices = [Int32](repeating: -1, count: table.count)
    var numbers: [Int32] = []
    // Per term: its postings' size, the last page it was on, how many pages. One array, so that
    // a visit costs one uniqueness check instead of three.
    var stats: [Int] = []
    stats.reserveCapacity(3 * table.count)
    for (page, document) in pages.enumerated() {
      TermRecords.forEach(in: document.termRecords, count: document.termCount) { number, suffix in
        var index = Int(indices[number])
        if index < 0 {
          index = numbers.count
          indices[number] = Int32(index)
          numbers.append(Int32(number))
          stats.append(contentsOf: repeatElement(0, count: 3))
        }
        stats.withUnsafeMutableBufferPointer { stats in
          let base = index * 3
          stats[base] += Varint.count(page - stats[base + 1]) + suffix.count
          stats[base + 1] = page
          stats[base + 2] += 1
        }
      }
    }
    var offsets = [Int](repeating: 0, count: numbers.count + 1)
    for index in 0..<numbers.count { offsets[index + 1] = offsets[index] + stats[index * 3] }
    let buffer = PostingMerge.write(pages, indices, offsets)
    let order = PostingMerge.sorted(numbers, table)
    terms = order.map { String(decoding: table.term(Int(numbers[Int($0)])), as: UTF8.self) }
    postings = order.map { buffer[offsets[Int($0)]..<offsets[Int($0) + 1]] }
    pageCounts = order.map { stats[Int($0) * 3 + 2] }
  }

  /// The second pass: every page's postings written at their terms' places in one buffer.
  private static func write(_ pages: [SearchDocument], _ indices: [Int32], _ offsets: [Int]) -> [UInt8] {
    var cursors = Array(offsets.dropLast())
    var lastPage = [Int](repeating: 0, count: cursors.count)
    return [UInt8](unsafeUninitializedCapacity: offsets.last ?? 0) { buffer, initialised in
      indices.withUnsafeBufferPointer { indices in
        for (page, document) in pages.enumerated() {
          TermRecords.forEach(in: document.termRecords, count: document.termCount) { number, suffix in
            let index = Int(indices[number])
            let cursor = Varint.write(page - lastPage[index], into: buffer, at: cursors[index])
            (buffer.baseAddress! + cursor).update(from: suffix.baseAddress!, count: suffix.count)
            cursors[index] = cursor + suffix.count
            lastPage[index] = page
          }
        }
      }
      initialised = offsets.last ?? 0
    }
  }

  /// The indices of the terms whose numbers in `table` are `numbers`, in UTF-8 byte order:
  /// grouped by ``SearchIndex/partition(ofFirstByte:)`` (the groups in order are the terms in
  /// order), each group sorted on a core of its own.
  private static func sorted(_ numbers: [Int32], _ table: TermTable) -> [Int32] {
    let groups = {
      var groups = [[Int32]](repeating: [], count: SearchIndex.partitionCount)
      for index in numbers.indices {
        let first = table.bytes[table.start(Int(numbers[index]))]
        groups[SearchIndex.partition(ofFirstByte: first)].append(Int32(index))
      }
      return groups
    }()
    let sortedGroups = Mutex<[Int: [Int32]]>([:])
    DispatchQueue.concurrentPerform(iterations: groups.count) { group in
      let sorted = table.bytes.withUnsafeBufferPointer { bytes in
        table.ends.withUnsafeBufferPointer { ends in
          // Each term's first eight bytes as one big-endian number (zeros after a shorter
          // term, which no term holds), so that most comparisons are one; only terms that
          // share those bytes compare the rest.
          let keyed = groups[group].map { index -> (key: UInt64, index: Int32) in
            let number = Int(numbers[Int(index)])
            let start = number == 0 ? 0 : Int(ends[number - 1])
            let end = Int(ends[number])
            var key: UInt64 = 0
            for offset in 0..<8 {
              key = key << 8 | (start + offset < end ? UInt64(bytes[start + offset]) : 0)
            }
            return (key, index)
          }
          return keyed.sorted { a, b in
            if a.key != b.key { return a.key < b.key }
            let (x, y) = (Int(numbers[Int(a.index)]), Int(numbers[Int(b.index)]))
            let first = UnsafeBufferPointer(rebasing: bytes[(x == 0 ? 0 : Int(ends[x - 1]))..<Int(ends[x])])
            let second = UnsafeBufferPointer(rebasing: bytes[(y == 0 ? 0 : Int(ends[y - 1]))..<Int(ends[y])])
            return first.lexicographicallyPrecedes(second)
          }.map(\.index)
        }
      }
      sortedGroups.withLock { $0[group] = sorted }
    }
    return sortedGroups.withLock { groups in (0..<SearchIndex.partitionCount).flatMap { groups[$0] ?? [] } }
  }
}
