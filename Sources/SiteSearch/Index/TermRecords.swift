/// A page's terms as ``SearchDocument`` keeps them: one byte array, per term its ``TermTable``
/// hash (4 bytes, low byte first), its UTF-8's length (a ``Varint``) and UTF-8, then its
/// posting but for the page number (``SearchIndex/appendPostingSuffix(to:_:_:)``) with its
/// length first (a ``Varint``). One exact-size array a page instead of eight with spare
/// capacity: the merge reads it front to back twice.
enum TermRecords {
  /// Appends one term's record to `records`.
  static func append(
    hash: UInt32, term: ArraySlice<UInt8>, frequency: Int, positions: UnsafeBufferPointer<Int32>,
    to records: inout [UInt8]
  ) {
    for shift in stride(from: 0, to: 32, by: 8) { records.append(UInt8(truncatingIfNeeded: hash >> shift)) }
    Varint.append(term.count, to: &records)
    records += term
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

  /// Calls `body` with each record's hash, term bytes and posting suffix, in order.
  static func forEach(
    in records: [UInt8], count: Int,
    _ body: (UInt32, UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Void
  ) {
    records.withUnsafeBufferPointer { records in
      var cursor = 0
      for _ in 0..<count {
        var hash: UInt32 = 0
        for offset in 0..<4 { hash |= UInt32(records[cursor + offset]) << (8 * offset) }
        cursor += 4
        let termLength = Varint.read(records, at: &cursor)
        let term = UnsafeBufferPointer(rebasing: records[cursor..<cursor + termLength])
        cursor += termLength
        let suffixLength = Varint.read(records, at: &cursor)
        let suffix = UnsafeBufferPointer(rebasing: records[cursor..<cursor + suffixLength])
        cursor += suffixLength
        body(hash, term, suffix)
      }
    }
  }
}
