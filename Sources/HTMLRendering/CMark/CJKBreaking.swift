import RichText

/// Decides whether a soft line break sits between two CJK characters, where Japanese and
/// Chinese text wants no space (a hard-wrapped Japanese paragraph would otherwise show a space
/// in the middle of a sentence).
enum CJKBreaking {
  /// Whether the soft break `run` of `text` joins a CJK character before it to one after it.
  static func joinsWithoutSpace(at run: Run, in text: AttributedText) -> Bool {
    let runs = text.runs
    guard run.index > runs.startIndex, run.index + 1 < runs.endIndex else { return false }
    let previous = runs[run.index - 1].utf8
    let next = runs[run.index + 1].utf8
    guard !previous.isEmpty, !next.isEmpty,
      let last = previous.withUnsafeBufferPointer({ lastScalar($0) }),
      let first = next.withUnsafeBufferPointer({ firstScalar($0) })
    else { return false }
    return isCJK(last) && isCJK(first)
  }

  /// Ideographs, kana, CJK punctuation and full-width forms: characters written without spaces.
  static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x1100...0x11FF, 0x2E80...0x2FDF, 0x3000...0x303F, 0x3040...0x309F, 0x30A0...0x30FF,
      0x3100...0x312F, 0x3190...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF,
      0xFE30...0xFE4F, 0xFF00...0xFFEF, 0x20000...0x2FFFF:
      return true
    default:
      return false
    }
  }

  private static func firstScalar(_ bytes: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar? {
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    if case .scalarValue(let scalar) = decoder.decode(&iterator) { return scalar }
    return nil
  }

  private static func lastScalar(_ bytes: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar? {
    var start = bytes.count - 1
    while start > 0, bytes[start] & 0xC0 == 0x80, bytes.count - start < 4 { start -= 1 }
    return firstScalar(UnsafeBufferPointer(rebasing: bytes[start...]))
  }
}
