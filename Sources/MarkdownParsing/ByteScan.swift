/// Finds rare ASCII bytes in a page's text eight bytes at a time: the rewriters' triggers
/// (`[`, `=`, `^`) are absent from most of a page (and from all of Japanese text, whose UTF-8
/// bytes are all above 0x7F), so a word with neither byte is passed over in a few instructions
/// instead of eight comparisons.
enum ByteScan {
  /// The first position at or after `start` that holds `first` or `second`, or nil.
  static func firstIndex(
    of first: UInt8, or second: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0
  ) -> Int? {
    var index = start
    let count = bytes.count
    if let base = bytes.baseAddress {
      let ones: UInt64 = 0x0101_0101_0101_0101
      let highs: UInt64 = 0x8080_8080_8080_8080
      let firsts = ones &* UInt64(first)
      let seconds = ones &* UInt64(second)
      while index + 8 <= count {
        let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
        let a = word ^ firsts
        let b = word ^ seconds
        // Nonzero exactly when `a` or `b` has a zero byte, that is when the word holds a match;
        // which byte it is, the loop below finds.
        if ((a &- ones) & ~a | (b &- ones) & ~b) & highs != 0 { break }
        index += 8
      }
    }
    while index < count {
      let byte = bytes[index]
      if byte == first || byte == second { return index }
      index += 1
    }
    return nil
  }

  /// Whether `bytes[range]` holds `byte`.
  static func contains(_ byte: UInt8, in bytes: [UInt8], _ range: Range<Int>) -> Bool {
    bytes.withUnsafeBufferPointer {
      firstIndex(of: byte, or: byte, in: UnsafeBufferPointer(rebasing: $0[range])) != nil
    }
  }
}
