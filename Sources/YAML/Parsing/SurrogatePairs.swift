/// Rewrites JSON-style UTF-16 surrogate pairs (`\ud83d\ude00`) inside one double-quoted scalar as
/// the single `\U0001F600` escape that libyaml understands.
///
/// libyaml rejects each half of a pair on its own, yet JSON writers (Python's `json.dumps`, for one)
/// emit pairs for every character outside the Basic Multilingual Plane. Rewriting only the scalar
/// libyaml stopped in keeps block scalars and comments, where `\u` is plain text, untouched.
enum SurrogatePairs {
  /// Rewrites the scalar whose `\u` escape has its hex digits at `offset`, on libyaml line `line`.
  ///
  /// Returns `nil` when that escape does not start a valid high-low pair, so the error stands.
  static func rewrite(_ bytes: [UInt8], hexDigitsAt offset: Int, line: Int)
    -> (bytes: [UInt8], shifts: [SourceMapper.ColumnShift])?
  {
    let escapeStart = offset - 2
    guard escapeStart >= 0, pair(in: bytes, at: escapeStart) != nil else { return nil }

    var output = Array(bytes[..<escapeStart])
    output.reserveCapacity(bytes.count)
    var shifts: [SourceMapper.ColumnShift] = []
    var line = line
    var position = escapeStart
    scan: while position < bytes.count {
      let byte = bytes[position]
      switch byte {
      case UInt8(ascii: "\""):
        break scan
      case UInt8(ascii: "\\"):
        if let scalar = pair(in: bytes, at: position) {
          output.append(contentsOf: Array("\\U".utf8) + hexDigits(scalar, count: 8))
          shifts.append(SourceMapper.ColumnShift(line: line, offset: output.count, delta: 2))
          position += 12
          continue scan
        }
        output.append(byte)
        position += 1
        // An escaped quote or backslash must not end the scalar or start another escape.
        if position < bytes.count
          && (bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "\\"))
        {
          output.append(bytes[position])
          position += 1
        }
        continue scan
      case UInt8(ascii: "\n"):
        line += 1
      case UInt8(ascii: "\r"):
        if position + 1 >= bytes.count || bytes[position + 1] != UInt8(ascii: "\n") { line += 1 }
      case 0xC2 where position + 1 < bytes.count && bytes[position + 1] == 0x85:
        line += 1  // NEL, a line break to libyaml
      case 0xE2
      where position + 2 < bytes.count && bytes[position + 1] == 0x80
        && (bytes[position + 2] == 0xA8 || bytes[position + 2] == 0xA9):
        line += 1  // LINE SEPARATOR and PARAGRAPH SEPARATOR
      default:
        break
      }
      output.append(byte)
      position += 1
    }
    output.append(contentsOf: bytes[position...])
    return (output, shifts)
  }

  /// The scalar value of `\uHHHH\uLLLL` at `position` when it is a high surrogate then a low one.
  private static func pair(in bytes: [UInt8], at position: Int) -> UInt32? {
    guard let high = escape(in: bytes, at: position), (0xD800...0xDBFF).contains(high),
      let low = escape(in: bytes, at: position + 6), (0xDC00...0xDFFF).contains(low)
    else { return nil }
    return 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
  }

  private static func escape(in bytes: [UInt8], at position: Int) -> UInt32? {
    guard position + 6 <= bytes.count, bytes[position] == UInt8(ascii: "\\"),
      bytes[position + 1] == UInt8(ascii: "u")
    else { return nil }
    var value: UInt32 = 0
    for byte in bytes[(position + 2)..<(position + 6)] {
      guard let digit = hexValue(byte) else { return nil }
      value = value << 4 | digit
    }
    return value
  }

  private static func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }

  private static func hexDigits(_ value: UInt32, count: Int) -> [UInt8] {
    let digits = Array("0123456789ABCDEF".utf8)
    return (0..<count).reversed().map { digits[Int((value >> (4 * UInt32($0))) & 0xF)] }
  }
}
