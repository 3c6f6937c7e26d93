/// The index's binary integers (docs/CONTRACTS.md, "Search index"): unsigned LEB128, seven bits a
/// byte, low bits first, the high bit set on every byte but the last. The postings' numbers are
/// mostly below 128, so most take one byte where decimal with a comma took two to four.
enum Varint {
  /// How many bytes `value` (not negative) takes.
  static func count(_ value: Int) -> Int {
    var count = 1
    var rest = UInt(value) >> 7
    while rest != 0 {
      count += 1
      rest >>= 7
    }
    return count
  }

  /// Appends `value` (not negative) to `bytes`.
  static func append(_ value: Int, to bytes: inout [UInt8]) {
    var rest = UInt(value)
    while rest >= 0x80 {
      bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
      rest >>= 7
    }
    bytes.append(UInt8(rest))
  }

  /// Writes `value` (not negative) into `bytes` at `offset`; returns the offset after it.
  static func write(_ value: Int, into bytes: UnsafeMutableBufferPointer<UInt8>, at offset: Int) -> Int {
    var rest = UInt(value)
    var cursor = offset
    while rest >= 0x80 {
      bytes[cursor] = UInt8(truncatingIfNeeded: rest) | 0x80
      rest >>= 7
      cursor += 1
    }
    bytes[cursor] = UInt8(rest)
    return cursor + 1
  }

  /// Reads the number at `cursor` in `bytes` and moves `cursor` past it.
  static func read<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, at cursor: inout Bytes.Index) -> Int
  {
    var value = 0
    var shift = 0
    while cursor < bytes.endIndex {
      let byte = bytes[cursor]
      bytes.formIndex(after: &cursor)
      value |= Int(byte & 0x7F) << shift
      if byte < 0x80 { break }
      shift += 7
    }
    return value
  }

  /// Reads the number at `cursor` like ``read(_:at:)``, or nil when the bytes end inside it or
  /// it takes more than 9 bytes (bytes from outside the process: a cache file).
  static func readChecked(_ bytes: [UInt8], at cursor: inout Int) -> Int? {
    var value = 0
    var shift = 0
    while cursor < bytes.count, shift < 63 {
      let byte = bytes[cursor]
      cursor += 1
      value |= Int(byte & 0x7F) << shift
      if byte < 0x80 { return value }
      shift += 7
    }
    return nil
  }
}
