/// A page's terms while it is tokenised: each distinct term's weighted frequency, occurrence
/// count and first positions. Reused from page to page (``DocumentScratch``): ``removeAll()``
/// keeps its tables' capacity.
struct TermCollector {
  private(set) var table = TermTable(capacity: 256)
  /// Per term, ``stride`` numbers: its weighted frequency, its occurrence count and
  /// ``SearchDocument/positionLimit`` slots for its first positions. One array, so that a
  /// token costs one uniqueness check and one growth test instead of three; zeros beyond the
  /// terms so far, so that a new term only takes the next slots (it grows by doubling).
  private var stats: [Int32] = []
  /// How many tokens the page has.
  private(set) var tokenCount = 0

  static let stride = 2 + SearchDocument.positionLimit

  init() { stats = Array(repeating: 0, count: 256 * TermCollector.stride) }

  /// How many distinct terms the page has.
  var count: Int { table.count }

  /// Forgets the page's terms, keeping the capacity for the next page's.
  mutating func removeAll() {
    let used = table.count * TermCollector.stride
    stats.withUnsafeMutableBufferPointer { stats in
      UnsafeMutableBufferPointer(rebasing: stats[0..<used]).update(repeating: 0)
    }
    table.removeAll()
    tokenCount = 0
  }

  /// Counts one occurrence of `term` (whose ``TermTable/hash(_:)`` is `hash`) at `position`,
  /// weighing `weight`.
  mutating func add(_ term: UnsafeBufferPointer<UInt8>, _ hash: UInt32, _ position: Int, _ weight: Int) {
    tokenCount += 1
    let (index, isNew) = table.intern(term, hash: hash)
    if isNew, (index + 1) * TermCollector.stride > stats.count {
      stats.append(contentsOf: repeatElement(0, count: stats.count))
    }
    stats.withUnsafeMutableBufferPointer { stats in
      let base = index * TermCollector.stride
      stats[base] += Int32(weight)
      stats[base + 1] += 1
      let count = Int(stats[base + 1])
      if count <= SearchDocument.positionLimit { stats[base + 1 + count] = Int32(position) }
    }
  }

  /// The terms' ``TermRecords``, in the order the page first has them, in an array of exactly
  /// their size; `numbers` are their numbers in ``SearchTermTable``, in the same order.
  /// Written through a pointer into `scratch` (sized for the largest records, kept from page to
  /// page), then copied: appending checked uniqueness and capacity for every byte.
  func records(numbers: [Int32], scratch: inout [UInt8]) -> [UInt8] {
    let largest = table.count * TermRecords.largestRecord
    if scratch.count < largest { scratch = [UInt8](repeating: 0, count: max(largest, 2 * scratch.count)) }
    return stats.withUnsafeBufferPointer { stats in
      numbers.withUnsafeBufferPointer { numbers in
        scratch.withUnsafeMutableBufferPointer { bytes in
          var cursor = 0
          for index in 0..<table.count {
            cursor = TermRecords.write(
              term: numbers[index], frequency: stats[index * TermCollector.stride],
              positions: positions(index, stats), into: bytes, at: cursor)
          }
          return Array(UnsafeBufferPointer(rebasing: bytes[0..<cursor]))
        }
      }
    }
  }

  /// The positions kept of term `index` (none when it occurs more than
  /// ``SearchDocument/positionLimit`` times).
  private func positions(_ index: Int, _ stats: UnsafeBufferPointer<Int32>) -> UnsafeBufferPointer<Int32> {
    let base = index * TermCollector.stride
    let count = Int(stats[base + 1])
    return UnsafeBufferPointer(
      rebasing: stats[base + 2..<base + 2 + (count <= SearchDocument.positionLimit ? count : 0)])
  }
}
