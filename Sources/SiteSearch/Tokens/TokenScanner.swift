import Foundation

/// The one implementation of the token rules (docs/CONTRACTS.md, "Search tokens"), over
/// scalars, handing each token's UTF-8 to a closure so that the index never makes a `String`
/// per token.
///
/// NFKC is the slow part of the rules, and most text does not change under it: text made only
/// of ASCII, Latin-1 letters, common punctuation (dashes, quotes, bullets), kana, CJK
/// ideographs and CJK punctuation is NFKC already, and so is full-width ASCII once mapped to
/// ASCII (its compatibility mapping), so such text is only lowercased. None of those
/// characters combines with a neighbour, so skipping NFKC there gives exactly what NFKC gives;
/// any other character sends the whole text through NFKC.
struct TokenScanner {
  private var scalars: [UInt32] = []
  private var classes: [ScalarClass] = []
  private var term: [UInt8] = []

  init() {
    scalars.reserveCapacity(1024)
    classes.reserveCapacity(1024)
    term.reserveCapacity(64)
  }

  /// Scans `text`, positions from `start`; returns the next free position.
  mutating func scan(
    _ text: String, from start: Int, alwaysNormalising: Bool = false,
    _ emit: (UnsafeBufferPointer<UInt8>, Int, SearchToken.Kind) -> Void
  ) -> Int {
    scalars.removeAll(keepingCapacity: true)
    if alwaysNormalising || !readWithoutNormalising(text) {
      scalars.removeAll(keepingCapacity: true)
      for scalar in SearchTokenizer.normalised(text).unicodeScalars { scalars.append(scalar.value) }
    }
    classes.removeAll(keepingCapacity: true)
    for value in scalars { classes.append(ScalarClass(value: value)) }
    var position = start
    var index = 0
    let count = scalars.count
    while index < count {
      switch classes[index] {
      case .cjk:
        var end = index
        while end < count, classes[end] == .cjk { end += 1 }
        var first = index
        while first < end - 1 {
          emitTerm(scalars[first..<first + 2], position, .bigram, emit)
          position += 1
          first += 1
        }
        emitTerm(scalars[end - 1..<end], position, .single, emit)
        position += 1
        index = end
      case .word:
        let end = wordEnd(from: index)
        emitTerm(scalars[index..<min(end, index + SearchTokenizer.maximumWordLength)], position, .word, emit)
        position += 1
        index = end
      case .apostrophe, .decimalSeparator, .separator:
        index += 1
      }
    }
    return position
  }

  /// Reads `text` into `scalars` lowercased, when it needs no NFKC; false otherwise.
  private mutating func readWithoutNormalising(_ text: String) -> Bool {
    for scalar in text.unicodeScalars {
      var value = scalar.value
      if value >= 0xFF01 && value <= 0xFF5E { value -= 0xFEE0 }  // full-width ASCII: its NFKC
      if value < 0x80 {
        scalars.append(value >= 0x41 && value <= 0x5A ? value + 32 : value)
        continue
      }
      guard TokenScanner.isStable(value) else { return false }
      let upperLatin1 = value >= 0xC0 && value <= 0xDE && value != 0xD7
      scalars.append(upperLatin1 ? value + 32 : value)
    }
    return true
  }

  /// Whether `value` (not ASCII) is unchanged by NFKC wherever it stands and, but for Latin-1
  /// capitals, by lowercasing.
  static func isStable(_ value: UInt32) -> Bool {
    switch value {
    case 0xC0...0xFF, 0x2010, 0x2012...0x2016, 0x2018...0x2023, 0x3000, 0x3001...0x3003, 0x3005...0x3011,
      0x3014...0x301C, 0x3041...0x3096, 0x309D...0x309E, 0x30A1...0x30FE, 0x3400...0x4DBF, 0x4E00...0x9FFF:
      return true
    default: return false
    }
  }

  private mutating func emitTerm(
    _ slice: ArraySlice<UInt32>, _ position: Int, _ kind: SearchToken.Kind,
    _ emit: (UnsafeBufferPointer<UInt8>, Int, SearchToken.Kind) -> Void
  ) {
    term.removeAll(keepingCapacity: true)
    for value in slice { TokenScanner.appendUTF8(value, to: &term) }
    term.withUnsafeBufferPointer { emit($0, position, kind) }
  }

  /// Where the word starting at `start` ends: word characters, joined by an apostrophe between
  /// two of them or by `.`/`,` between two decimal digits.
  private func wordEnd(from start: Int) -> Int {
    var end = start
    let count = classes.count
    while end < count {
      if classes[end] == .word {
        end += 1
        continue
      }
      guard end + 1 < count, classes[end + 1] == .word, end > start else { break }
      if classes[end] == .apostrophe
        || (classes[end] == .decimalSeparator && TokenScanner.isDigit(scalars[end - 1])
          && TokenScanner.isDigit(scalars[end + 1]))
      {
        end += 2
        continue
      }
      break
    }
    return end
  }

  private static func isDigit(_ value: UInt32) -> Bool {
    if value < 0x80 { return value >= 0x30 && value <= 0x39 }
    return Unicode.Scalar(value)?.properties.generalCategory == .decimalNumber
  }

  static func appendUTF8(_ value: UInt32, to bytes: inout [UInt8]) {
    switch value {
    case 0..<0x80: bytes.append(UInt8(value))
    case 0x80..<0x800:
      bytes.append(UInt8(0xC0 | (value >> 6)))
      bytes.append(UInt8(0x80 | (value & 0x3F)))
    case 0x800..<0x10000:
      bytes.append(UInt8(0xE0 | (value >> 12)))
      bytes.append(UInt8(0x80 | ((value >> 6) & 0x3F)))
      bytes.append(UInt8(0x80 | (value & 0x3F)))
    default:
      bytes.append(UInt8(0xF0 | (value >> 18)))
      bytes.append(UInt8(0x80 | ((value >> 12) & 0x3F)))
      bytes.append(UInt8(0x80 | ((value >> 6) & 0x3F)))
      bytes.append(UInt8(0x80 | (value & 0x3F)))
    }
  }
}
