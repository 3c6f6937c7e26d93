/// A page's terms as ``SearchDocument`` keeps them: one byte array, per term its number in
/// ``SearchTermTable`` (a ``Varint``), then its posting but for the page number
/// (``SearchIndex/appendPostingSuffix(to:_:_:)``) with its length first (a ``Varint``). One
/// exact-size array a page instead of eight with spare capacity: the merge reads it front to
/// back twice.
enum TermRecords {
  /// Appends one term's record to `records`.
  static func append(
    term: Int32, frequency: Int, positions: UnsafeBufferPointer<Int32>, to records: inout [UInt8]
  ) {
    Varint.append(Int(term), to: &records)
    // The posting's length first: the frequency-and-count number and the position deltas.
    let head = frequency * (SearchDocument.positionLimit + 1) + positions.count
    var length = Varint.count(head)
    var last: Int32 = 0
    for position in positions {
      length += Varint.count(Int(position - last))
      last = position
    }
    Varint.append(length, to: &records)
    SearchIndex.appendPostingSuffix(to: &records, frequency, positions)
  }

  /// Calls `body` with each record's term number and posting suffix, in order.
  static func forEach(
    in records: [UInt8], count: Int, _ body: (Int, UnsafeBufferPointer<UInt8>) -> Void
  ) {
    records.withUnsafeBufferPointer { records in
      var cursor = 0
      for _ in 0..<count {
        let term = Varint.read(records, at: &cursor)
        let suffixLength = Varint.read(records, at: &cursor)
        body(term, UnsafeBufferPointer(rebasing: records[cursor..<cursor + suffixLength]))
        cursor += suffixLength
      }
    }
  }
}
