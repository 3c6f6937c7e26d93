/// A compact JSON writer for the index files: no spaces, strings as UTF-8 with only `"`, `\`
/// and control characters escaped, integers in decimal, so the same index is the same bytes.
struct JSONBytes {
  private(set) var bytes: [UInt8] = []

  init(reservingCapacity capacity: Int = 0) {
    bytes.reserveCapacity(capacity)
  }

  /// Empties the bytes, keeping their capacity (a page file's writer is reused).
  mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }

  mutating func raw(_ text: StaticString) {
    text.withUTF8Buffer { bytes += $0 }
  }

  mutating func string(_ text: String) {
    var text = text
    text.withUTF8 { string(utf8: $0) }
  }

  /// `utf8` (valid UTF-8) as a JSON string.
  mutating func string(utf8: UnsafeBufferPointer<UInt8>) {
    bytes.append(0x22)
    // Runs that need no escape are copied whole: a page's text is mostly such a run, and is
    // read eight bytes at a time until a word may hold a byte to escape.
    var run = 0
    var index = 0
    let count = utf8.count
    while index < count {
      if index + 8 <= count,
        !JSONBytes.mayNeedEscape(UnsafeRawPointer(utf8.baseAddress! + index).loadUnaligned(as: UInt64.self))
      {
        index += 8
        continue
      }
      let end = min(index + 8, count)
      while index < end {
        let byte = utf8[index]
        index += 1
        guard byte < 0x20 || byte == 0x22 || byte == 0x5C else { continue }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run..<index - 1]))
        run = index
        bytes.append(0x5C)
        switch byte {
        case 0x22: bytes.append(0x22)
        case 0x5C: bytes.append(0x5C)
        case 0x0A: bytes.append(0x6E)
        case 0x09: bytes.append(0x74)
        default:
          let hex: StaticString = "0123456789abcdef"
          bytes += [0x75, 0x30, 0x30, hex.utf8Start[Int(byte >> 4)], hex.utf8Start[Int(byte & 15)]]
        }
      }
    }
    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run...]))
    bytes.append(0x22)
  }

  /// Whether one of the eight bytes of `word` may be a control character, `"` or `\\` (never
  /// false when one is; true at times when none is, after one that is).
  private static func mayNeedEscape(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let high: UInt64 = 0x8080_8080_8080_8080
    func hasZeroByte(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & high }
    let below20 = (word &- 0x20 &* ones) & ~word & high
    return below20 | hasZeroByte(word ^ (0x22 &* ones)) | hasZeroByte(word ^ (0x5C &* ones)) != 0
  }

  mutating func int(_ value: Int) {
    JSONBytes.append(value, to: &bytes)
  }

  mutating func raw(bytes more: ArraySlice<UInt8>) {
    bytes += more
  }

  /// Appends `value` in decimal to `bytes`.
  static func append(_ value: Int, to bytes: inout [UInt8]) {
    if value < 0 {
      bytes.append(0x2D)
      append(-value, to: &bytes)
      return
    }
    if value < 10 {
      bytes.append(0x30 + UInt8(value))
      return
    }
    if value < 100 {
      bytes.append(0x30 + UInt8(value / 10))
      bytes.append(0x30 + UInt8(value % 10))
      return
    }
    var divisor = 100
    while divisor * 10 <= value { divisor *= 10 }
    var rest = value
    while divisor > 0 {
      bytes.append(0x30 + UInt8(rest / divisor))
      rest %= divisor
      divisor /= 10
    }
  }

  mutating func comma() { bytes.append(0x2C) }

  /// How many bytes ``append(_:to:)`` writes for `value` (not negative).
  static func digitCount(_ value: Int) -> Int {
    var count = 1
    var rest = value
    while rest >= 10 {
      rest /= 10
      count += 1
    }
    return count
  }

  /// Writes `value` (not negative) in decimal into `bytes` at `offset`; returns the offset
  /// after it.
  static func write(_ value: Int, into bytes: UnsafeMutableBufferPointer<UInt8>, at offset: Int) -> Int {
    let end = offset + digitCount(value)
    var cursor = end
    var rest = value
    repeat {
      cursor -= 1
      bytes[cursor] = 0x30 + UInt8(rest % 10)
      rest /= 10
    } while rest > 0
    return end
  }
}
