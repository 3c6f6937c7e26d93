/// cmark-gfm's `--validate-utf8` replacement, redone on Folio's side: cmark-gfm parses (and
/// counts source columns in) a copy of the input where each invalid UTF-8 sequence and each NUL
/// is U+FFFD, so what Folio reads back from the source by position (footnote labels) has to be
/// read from that same copy.
enum CMarkUTF8 {
  /// `input` as `cmark_utf8proc_check` rewrites it: valid sequences (RFC 3629: no overlong
  /// forms, surrogates or code points past U+10FFFF) kept, NUL and every invalid sequence
  /// replaced by U+FFFD, skipping the bytes cmark-gfm skips.
  static func validated(_ input: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    repaired(input) ?? Array(input)
  }

  /// ``validated(_:)``, or nil when `input` needs no repair (valid UTF-8 without NUL: almost
  /// every page), so that the common case costs one scan and no copy.
  static func repaired(_ input: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
    var index = 0
    while index < input.count {
      let byte = input[index]
      if byte != 0, byte < 0x80 {
        index += 1
        continue
      }
      let length = sequenceLength(input, at: index)
      guard length > 0 else { break }
      index += length
    }
    guard index < input.count else { return nil }
    var output: [UInt8] = []
    output.reserveCapacity(input.count + 16)
    output.append(contentsOf: input[..<index])
    while index < input.count {
      let byte = input[index]
      if byte != 0, byte < 0x80 {
        output.append(byte)
        index += 1
        continue
      }
      let length = sequenceLength(input, at: index)
      if length > 0 {
        output.append(contentsOf: input[index..<(index + length)])
        index += length
      } else {
        output += [0xEF, 0xBF, 0xBD]
        index += max(1, -length)
      }
    }
    return output
  }

  /// The length of the valid sequence at `index`, or minus the number of bytes cmark-gfm skips
  /// for an invalid one (utf8proc_charlen, then cmark_utf8proc_valid's range checks).
  private static func sequenceLength(_ input: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
    let first = input[index]
    if first == 0 { return -1 }
    let length: Int
    switch first {
    case 0xC0...0xDF: length = 2
    case 0xE0...0xEF: length = 3
    case 0xF0...0xF7: length = 4
    default: return -1
    }
    let available = input.count - index
    if length > available { return -available }
    for offset in 1..<length where input[index + offset] & 0xC0 != 0x80 { return -offset }
    switch length {
    case 2:
      if first < 0xC2 { return -length }
    case 3:
      let scalar =
        UInt32(first & 0x0F) << 12 | UInt32(input[index + 1] & 0x3F) << 6 | UInt32(input[index + 2] & 0x3F)
      if scalar < 0x800 || (scalar >= 0xD800 && scalar < 0xE000) { return -length }
    default:
      let scalar =
        UInt32(first & 0x07) << 18 | UInt32(input[index + 1] & 0x3F) << 12 | UInt32(input[index + 2] & 0x3F)
        << 6
        | UInt32(input[index + 3] & 0x3F)
      if scalar < 0x10000 || scalar >= 0x110000 { return -length }
    }
    return length
  }
}
