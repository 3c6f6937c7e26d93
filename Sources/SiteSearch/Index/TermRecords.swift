/// A page's terms as ``SearchDocument`` keeps them: one byte array, per term its number in
/// ``SearchTermTable`` (a ``Varint``), then the length of its posting but for the page number,
/// and that posting: the weighted frequency and the position count as one number
/// (``SearchIndex/frequencyAndCount(_:)``), then the first position and the differences to the
/// next ones, each a ``Varint`` (the page's norm is not in it but in `norms.bin`, once). One
/// exact-size array a page instead of eight with spare capacity: the merge reads it front to
/// back twice, and copies each posting after the page delta it writes.
enum TermRecords {
  /// The most bytes one record takes: a number (at most 5 bytes), the posting's length (one
  /// byte: a posting holds at most 1 + ``SearchDocument/positionLimit`` numbers of at most 5
  /// bytes, 45, below 128) and the posting.
  static let largestRecord = 5 + 1 + 5 * (1 + SearchDocument.positionLimit)

  /// Writes one term's record into `bytes` at `offset` (at least ``largestRecord`` bytes from
  /// it); returns the offset after it.
  static func write(
    term: Int32, frequency: Int32, positions: UnsafeBufferPointer<Int32>,
    into bytes: UnsafeMutableBufferPointer<UInt8>, at offset: Int
  ) -> Int {
    let lengthAt = Varint.write(Int(term), into: bytes, at: offset)
    // The posting after a byte for its length, which is known once it is written.
    var cursor = Varint.write(
      Int(frequency) * (SearchDocument.positionLimit + 1) + positions.count, into: bytes, at: lengthAt + 1)
    var last: Int32 = 0
    for position in positions {
      cursor = Varint.write(Int(position - last), into: bytes, at: cursor)
      last = position
    }
    bytes[lengthAt] = UInt8(cursor - lengthAt - 1)
    return cursor
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
