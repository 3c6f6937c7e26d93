/// Rewrites JSON-style UTF-16 surrogate pairs (`\ud83d\ude00`) in double-quoted scalars as the single
/// `\U0001F600` escape that libyaml understands.
///
/// libyaml rejects each half of a pair on its own, yet JSON writers (Python's `json.dumps`, for one)
/// emit pairs for every character outside the Basic Multilingual Plane. Only pairs inside
/// double-quoted scalars are escapes; in block scalars, single quotes and comments `\u` is plain
/// text and stays as written. The work is linear: one pass to find pairs, one libyaml scan to find
/// double-quoted scalars, one pass to rewrite.
enum SurrogatePairs {
  private struct Pair {
    /// Byte offset of the first backslash in the original text.
    var offset: Int
    var scalar: UInt32
  }

  /// The text with every pair inside a double-quoted scalar rewritten, and the column shifts that
  /// map positions back to the original; `nil` when there is no such pair.
  static func rewrite(_ bytes: [UInt8]) -> (bytes: [UInt8], shifts: [SourceMapper.ColumnShift])? {
    let pairs = findPairs(in: bytes)
    guard !pairs.isEmpty else { return nil }

    // Scan a version with every pair rewritten, since libyaml's scanner stops at the first pair.
    let trial = apply(pairs, to: bytes).bytes
    var mapper = SourceMapper(bytes: trial, path: "", lineOffset: 0)
    let scan = TokenScanner.doubleQuotedScalars(in: trial)
    let quoted = scan.ranges.map { mapper.byteOffset(of: $0.start)..<mapper.byteOffset(of: $0.end) }
    // Past a scan error the context is unknown; the text is broken there anyway, and rewriting lets
    // the parse go on to report the real problem rather than a valid pair.
    let unknownFrom = scan.stoppedAfter.map { mapper.byteOffset(of: $0) } ?? trial.count
    var kept: [Pair] = []
    var range = 0
    for (index, pair) in pairs.enumerated() {
      let trialOffset = pair.offset - 2 * index  // each earlier rewrite is two bytes shorter
      while range < quoted.count && quoted[range].upperBound <= trialOffset { range += 1 }
      if trialOffset >= unknownFrom || (range < quoted.count && quoted[range].contains(trialOffset)) {
        kept.append(pair)
      }
    }
    guard !kept.isEmpty else { return nil }
    return apply(kept, to: bytes)
  }

  /// Every `\uHHHH\uLLLL` high-low pair, reading backslashes two at a time so that `\\ud83d`
  /// (an escaped backslash, then text) is not taken for an escape.
  private static func findPairs(in bytes: [UInt8]) -> [Pair] {
    var pairs: [Pair] = []
    var position = 0
    while position < bytes.count {
      guard bytes[position] == UInt8(ascii: "\\") else {
        position += 1
        continue
      }
      if let scalar = pair(in: bytes, at: position) {
        pairs.append(Pair(offset: position, scalar: scalar))
        position += 12
      } else {
        position += 2
      }
    }
    return pairs
  }

  private static func apply(_ pairs: [Pair], to bytes: [UInt8]) -> (
    bytes: [UInt8], shifts: [SourceMapper.ColumnShift]
  ) {
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var shifts: [SourceMapper.ColumnShift] = []
    var line = 0
    var position = 0
    var next = 0
    while position < bytes.count {
      if next < pairs.count && pairs[next].offset == position {
        output.append(contentsOf: Array("\\U".utf8) + hexDigits(pairs[next].scalar, count: 8))
        shifts.append(SourceMapper.ColumnShift(line: line, offset: output.count, delta: 2))
        position += 12
        next += 1
        continue
      }
      line += lineBreakLength(in: bytes, at: position) > 0 ? 1 : 0
      let length = max(lineBreakLength(in: bytes, at: position), 1)
      output.append(contentsOf: bytes[position..<(position + length)])
      position += length
    }
    return (output, shifts)
  }

  /// The length of the line break at `position` as libyaml counts breaks, or 0.
  private static func lineBreakLength(in bytes: [UInt8], at position: Int) -> Int {
    func byte(_ offset: Int) -> UInt8? { position + offset < bytes.count ? bytes[position + offset] : nil }
    switch bytes[position] {
    case UInt8(ascii: "\n"): return 1
    case UInt8(ascii: "\r"): return byte(1) == UInt8(ascii: "\n") ? 2 : 1
    case 0xC2 where byte(1) == 0x85: return 2  // NEL
    case 0xE2 where byte(1) == 0x80 && (byte(2) == 0xA8 || byte(2) == 0xA9): return 3  // LS, PS
    default: return 0
    }
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
