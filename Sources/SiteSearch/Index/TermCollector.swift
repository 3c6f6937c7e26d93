/// A page's terms while it is tokenised: each distinct term's weighted frequency, occurrence
/// count and first positions. Reused from page to page (``DocumentScratch``): ``removeAll()``
/// keeps its tables' capacity.
struct TermCollector {
  private(set) var table = TermTable(capacity: 256)
  /// Per term, ``stride`` numbers: its weighted frequency, its occurrence count and
  /// ``SearchDocument/positionLimit`` slots for its first positions. One array, so that a
  /// token costs one uniqueness check and one growth test instead of three.
  private var stats: [Int32] = []
  /// How many tokens the page has.
  private(set) var tokenCount = 0

  static let stride = 2 + SearchDocument.positionLimit

  init() { stats.reserveCapacity(256 * TermCollector.stride) }

  /// How many distinct terms the page has.
  var count: Int { table.count }

  /// Forgets the page's terms, keeping the capacity for the next page's.
  mutating func removeAll() {
    table.removeAll()
    stats.removeAll(keepingCapacity: true)
    tokenCount = 0
  }

  mutating func add(_ term: UnsafeBufferPointer<UInt8>, _ position: Int, _ weight: Int) {
    tokenCount += 1
    let (index, isNew) = table.intern(term)
    if isNew { stats.append(contentsOf: repeatElement(0, count: TermCollector.stride)) }
    stats.withUnsafeMutableBufferPointer { stats in
      let base = index * TermCollector.stride
      stats[base] += Int32(weight)
      stats[base + 1] += 1
      let count = Int(stats[base + 1])
      if count <= SearchDocument.positionLimit { stats[base + 1 + count] = Int32(position) }
    }
  }

  /// Writes the terms' ``TermRecords`` into `records` (emptied first), in the order the page
  /// first has them; `numbers` are their numbers in ``SearchTermTable``, in the same order.
  func write(numbers: [Int32], into records: inout [UInt8]) {
    records.removeAll(keepingCapacity: true)
    stats.withUnsafeBufferPointer { stats in
      for index in 0..<table.count {
        let base = index * TermCollector.stride
        let count = Int(stats[base + 1])
        let positions = UnsafeBufferPointer(
          rebasing: stats[base + 2..<base + 2 + (count <= SearchDocument.positionLimit ? count : 0)])
        TermRecords.append(
          term: numbers[index], frequency: Int(stats[base]), positions: positions, to: &records)
      }
    }
  }
}
