/// A page's terms as ``SearchDocument`` keeps them: one byte array, per term its number in
/// ``SearchTermTable`` (a ``Varint``), then the length of its posting but for the page number,
/// and that posting: the weighted frequency and the position count as one number
/// (``SearchIndex/frequencyAndCount(_:)``), then the first position and the differences to the
/// next ones, each a ``Varint`` (the page's norm is not in it but in `norms.bin`, once). One
/// exact-size array a page instead of eight with spare capacity: the merge reads it front to
/// back twice, and copies each posting after the page delta it writes.
enum TermRecords {
  /// How many bytes the record of a term with these `positions` and weighted frequency
  /// `frequency` takes.
  static func size(term: Int32, positions: UnsafeBufferPointer<Int32>, _ frequency: Int32) -> Int {
    let length = suffixSize(Int(frequency), positions)
    return Varint.count(Int(term)) + Varint.count(length) + length
  }

  /// Writes one term's record into `bytes` at `offset`; returns the offset after it.
  static func write(
    term: Int32, frequency: Int32, positions: UnsafeBufferPointer<Int32>,
    into bytes: UnsafeMutableBufferPointer<UInt8>, at offset: Int
  ) -> Int {
    var cursor = Varint.write(Int(term), into: bytes, at: offset)
    cursor = Varint.write(suffixSize(Int(frequency), positions), into: bytes, at: cursor)
    cursor = Varint.write(
      Int(frequency) * (SearchDocument.positionLimit + 1) + positions.count, into: bytes, at: cursor)
    var last: Int32 = 0
    for position in positions {
      cursor = Varint.write(Int(position - last), into: bytes, at: cursor)
      last = position
    }
    return cursor
  }

  /// The size of a posting but for its page number.
  private static func suffixSize(_ frequency: Int, _ positions: UnsafeBufferPointer<Int32>) -> Int {
    var size = Varint.count(frequency * (SearchDocument.positionLimit + 1) + positions.count)
    var last: Int32 = 0
    for position in positions {
      size += Varint.count(Int(position - last))
      last = position
    }
    return size
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
