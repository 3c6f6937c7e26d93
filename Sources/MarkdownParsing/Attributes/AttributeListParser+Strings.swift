extension AttributeListParser {
  // Quoted strings: the part of JSON5 with the most rules, and the only one smart
  // punctuation reaches.

  /// A quoted string; the opening quote decides which quotes close it. A curled quote closes
  /// at either curled quote of its family, because smart punctuation picks the direction
  /// from the neighbouring characters, not from the pairing.
  mutating func string() -> String? {
    guard let opening = quoteFamily(at: position) else { return nil }
    let curled = bytes[position] != UInt8(ascii: "'") && bytes[position] != UInt8(ascii: "\"")
    position += curled ? 3 : 1
    var result: [UInt8] = []
    while position < limit {
      let byte = bytes[position]
      if let family = quoteFamily(at: position), family == opening,
        curled == (byte != UInt8(ascii: "'") && byte != UInt8(ascii: "\""))
      {
        position += curled ? 3 : 1
        return String(decoding: result, as: UTF8.self)
      }
      switch byte {
      case UInt8(ascii: "\\"):
        position += 1
        guard escape(into: &result) else { return nil }
      case 0x0A, 0x0D:
        // JSON5 strings may not hold a raw line ending (only an escaped one).
        return nil
      default:
        result.append(byte)
        position += 1
      }
    }
    return nil
  }

  /// Reads the escape after a backslash and appends what it stands for.
  private mutating func escape(into result: inout [UInt8]) -> Bool {
    guard position < limit else { return false }
    let byte = bytes[position]
    position += 1
    switch byte {
    case UInt8(ascii: "b"): result.append(0x08)
    case UInt8(ascii: "f"): result.append(0x0C)
    case UInt8(ascii: "n"): result.append(0x0A)
    case UInt8(ascii: "r"): result.append(0x0D)
    case UInt8(ascii: "t"): result.append(0x09)
    case UInt8(ascii: "v"): result.append(0x0B)
    case UInt8(ascii: "0"):
      if position < limit, isDigit(bytes[position]) { return false }
      result.append(0)
    case UInt8(ascii: "1")...UInt8(ascii: "9"):
      return false
    case UInt8(ascii: "x"):
      guard let value = hexNumber(digits: 2) else { return false }
      append(Unicode.Scalar(UInt8(value)), to: &result)
    case UInt8(ascii: "u"):
      guard let scalar = unicodeEscape() else { return false }
      append(scalar, to: &result)
    case 0x0D:
      // A line continuation: the escaped line ending (CR LF counts as one) disappears.
      if position < limit, bytes[position] == 0x0A { position += 1 }
    case 0x0A:
      break
    default:
      // Any other character escapes to itself (`\'`, `\"`, `\\`, `\/`, `\a`…), as in JSON5,
      // including a multi-byte one and a quote that would otherwise close the string; U+2028
      // and U+2029 after a backslash are line continuations.
      position -= 1
      guard let (scalar, length) = scalar(at: position) else {
        result.append(byte)
        position += 1
        return true
      }
      if scalar.value != 0x2028 && scalar.value != 0x2029 {
        result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[position..<(position + length)]))
      }
      position += length
    }
    return true
  }

  /// `XXXX` after `\u`; a high surrogate must be followed by `\u` and a low one, and a lone
  /// surrogate becomes U+FFFD (a Swift string cannot hold it).
  private mutating func unicodeEscape() -> Unicode.Scalar? {
    guard let first = hexNumber(digits: 4) else { return nil }
    if (0xD800...0xDBFF).contains(first), position + 1 < limit, bytes[position] == UInt8(ascii: "\\"),
      bytes[position + 1] == UInt8(ascii: "u")
    {
      let saved = position
      position += 2
      if let second = hexNumber(digits: 4), (0xDC00...0xDFFF).contains(second) {
        return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
      }
      position = saved
    }
    return Unicode.Scalar(first) ?? "\u{FFFD}"
  }

  mutating func hexNumber(digits: Int) -> UInt32? {
    guard position + digits <= limit else { return nil }
    var value: UInt32 = 0
    for _ in 0..<digits {
      guard let digit = hexValue(bytes[position]) else { return nil }
      value = value * 16 + UInt32(digit)
      position += 1
    }
    return value
  }

  private func append(_ scalar: Unicode.Scalar, to result: inout [UInt8]) {
    result.append(contentsOf: String(Character(scalar)).utf8)
  }

  /// 1 for the single-quote family (`'` `‘` `’`), 2 for the double (`"` `“` `”`), nil otherwise.
  func quoteFamily(at index: Int) -> Int? {
    guard index < limit else { return nil }
    switch bytes[index] {
    case UInt8(ascii: "'"): return 1
    case UInt8(ascii: "\""): return 2
    case 0xE2:
      // U+2018 ‘, U+2019 ’, U+201C “, U+201D ” are E2 80 98/99/9C/9D.
      guard index + 2 < limit, bytes[index + 1] == 0x80 else { return nil }
      switch bytes[index + 2] {
      case 0x98, 0x99: return 1
      case 0x9C, 0x9D: return 2
      default: return nil
      }
    default: return nil
    }
  }
}
