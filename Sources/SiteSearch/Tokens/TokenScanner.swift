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

  init() {
    scalars.reserveCapacity(1024)
    classes.reserveCapacity(1024)
  }

  /// Scans `text`, positions from `start`; returns the next free position.
  ///
  /// ASCII whitespace ends every token and is left alone by NFKC and lowercasing (no
  /// character composes with it or depends on it), so the text is cut there into pieces: runs
  /// of all-ASCII words go through the byte path, and only the words holding other characters
  /// (`don’t`, `“quoted”`) through the scalar path, instead of the whole block.
  mutating func scan(
    _ text: String, from start: Int, alwaysNormalising: Bool = false,
    _ emit: (UnsafeBufferPointer<UInt8>, UInt32, Int, SearchToken.Kind) -> Void
  ) -> Int {
    var text = text
    return text.withUTF8 { scan($0, from: start, alwaysNormalising: alwaysNormalising, emit) }
  }

  /// Scans the text whose UTF-8 (valid) is `bytes`, positions from `start`; returns the next
  /// free position.
  mutating func scan(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, alwaysNormalising: Bool = false,
    _ emit: (UnsafeBufferPointer<UInt8>, UInt32, Int, SearchToken.Kind) -> Void
  ) -> Int {
    if alwaysNormalising { return scanScalars(bytes, from: start, alwaysNormalising: true, emit) }
    // Most blocks are all ASCII: one pass without branches tells, and spares them the cut.
    var all: UInt8 = 0
    for byte in bytes { all |= byte }
    if all < 0x80 { return TokenScanner.scanASCII(bytes, from: start, emit) }
    var position = start
    var (pieceStart, pieceIsASCII) = (0, true)
    var (wordStart, high): (Int, UInt8) = (0, 0)
    let count = bytes.count
    var index = 0
    while index <= count {
      let byte: UInt8 = index < count ? bytes[index] : 0x20
      guard TokenScanner.isSpace(byte) else {
        high |= byte
        index += 1
        continue
      }
      if index > wordStart {
        let wordIsASCII = high < 0x80
        if wordIsASCII != pieceIsASCII {
          let piece = UnsafeBufferPointer(rebasing: bytes[pieceStart..<wordStart])
          position =
            pieceIsASCII
            ? TokenScanner.scanASCII(piece, from: position, emit)
            : scanScalars(piece, from: position, alwaysNormalising: false, emit)
          (pieceStart, pieceIsASCII) = (wordStart, wordIsASCII)
        }
      }
      (wordStart, high) = (index + 1, 0)
      index += 1
    }
    let piece = UnsafeBufferPointer(rebasing: bytes[pieceStart..<count])
    return pieceIsASCII
      ? TokenScanner.scanASCII(piece, from: position, emit)
      : scanScalars(piece, from: position, alwaysNormalising: false, emit)
  }

  /// Space, tab, line feed, form feed and carriage return: separators whatever surrounds them.
  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || (byte >= 0x09 && byte <= 0x0D && byte != 0x0B)
  }

  /// The general path: the scalars of `bytes` (UTF-8), lowercased and, unless all of them are
  /// stable, through NFKC; then their classes and the token loop.
  private mutating func scanScalars(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, alwaysNormalising: Bool,
    _ emit: (UnsafeBufferPointer<UInt8>, UInt32, Int, SearchToken.Kind) -> Void
  ) -> Int {
    if alwaysNormalising || !readWithoutNormalising(bytes) {
      scalars.removeAll(keepingCapacity: true)
      let text = String(decoding: bytes, as: UTF8.self)
      for scalar in SearchTokenizer.normalised(text).unicodeScalars { scalars.append(scalar.value) }
    }
    // Sized first and filled through a buffer: appending checked uniqueness per scalar.
    classes.removeAll(keepingCapacity: true)
    classes.append(contentsOf: repeatElement(.separator, count: scalars.count))
    let ascii = TokenScanner.asciiClasses
    scalars.withUnsafeBufferPointer { scalars in
      classes.withUnsafeMutableBufferPointer { classes in
        for index in scalars.indices {
          let value = scalars[index]
          classes[index] = value < 0x80 ? ascii[Int(value)] : ScalarClass(value: value)
        }
      }
    }
    // The loop reads the two arrays through buffers and builds each term in a fixed buffer
    // (a word is at most 64 scalars of 4 bytes): no uniqueness checks or growth per token.
    return scalars.withUnsafeBufferPointer { scalars in
      classes.withUnsafeBufferPointer { classes in
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4 * SearchTokenizer.maximumWordLength) {
          term in
          TokenScanner.tokens(scalars, classes, from: start, into: term, emit)
        }
      }
    }
  }

  /// The token loop over a text's scalars and their classes; returns the next free position.
  private static func tokens(
    _ scalars: UnsafeBufferPointer<UInt32>, _ classes: UnsafeBufferPointer<ScalarClass>, from start: Int,
    into term: UnsafeMutableBufferPointer<UInt8>,
    _ emit: (UnsafeBufferPointer<UInt8>, UInt32, Int, SearchToken.Kind) -> Void
  ) -> Int {
    var position = start
    var index = 0
    let count = scalars.count
    func emitTerm(_ range: Range<Int>, _ kind: SearchToken.Kind) {
      var length = 0
      for offset in range { length = appendUTF8(scalars[offset], to: term, at: length) }
      let bytes = UnsafeBufferPointer(rebasing: term[0..<length])
      emit(bytes, TermTable.hash(bytes), position, kind)
      position += 1
    }
    while index < count {
      switch classes[index] {
      case .cjk:
        var end = index
        while end < count, classes[end] == .cjk { end += 1 }
        var first = index
        while first < end - 1 {
          emitTerm(first..<first + 2, .bigram)
          first += 1
        }
        emitTerm(end - 1..<end, .single)
        index = end
      case .word:
        let end = wordEnd(from: index, scalars, classes)
        emitTerm(index..<min(end, index + SearchTokenizer.maximumWordLength), .word)
        index = end
      case .apostrophe, .decimalSeparator, .separator:
        index += 1
      }
    }
    return position
  }

  /// The class of each ASCII character, by value.
  static let asciiClasses: [ScalarClass] = (0..<128).map { ScalarClass(value: UInt32($0)) }

  /// Reads `text` into `scalars` lowercased, when it needs no NFKC; false otherwise. Decodes the
  /// UTF-8 itself (a `String` holds valid UTF-8), so that ASCII costs one comparison a byte.
  private mutating func readWithoutNormalising(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    // A text has at most as many scalars as UTF-8 bytes: sized to that, filled through a
    // buffer, then cut to what was read.
    let count = bytes.count
    scalars.removeAll(keepingCapacity: true)
    scalars.append(contentsOf: repeatElement(0, count: count))
    let read = scalars.withUnsafeMutableBufferPointer { scalars -> Int? in
      var (index, written) = (0, 0)
      while index < count {
        let lead = bytes[index]
        if lead < 0x80 {
          scalars[written] = lead >= 0x41 && lead <= 0x5A ? UInt32(lead) + 32 : UInt32(lead)
          written += 1
          index += 1
          continue
        }
        var value: UInt32
        if lead < 0xE0 {
          value = UInt32(lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
          index += 2
        } else if lead < 0xF0 {
          value =
            UInt32(lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6
            | UInt32(bytes[index + 2] & 0x3F)
          index += 3
        } else {
          value =
            UInt32(lead & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12
            | UInt32(bytes[index + 2] & 0x3F) << 6 | UInt32(bytes[index + 3] & 0x3F)
          index += 4
        }
        if value >= 0xFF01 && value <= 0xFF5E {  // full-width ASCII: its NFKC
          value -= 0xFEE0
          scalars[written] = value >= 0x41 && value <= 0x5A ? value + 32 : value
        } else {
          guard TokenScanner.isStable(value) else { return nil }
          let upperLatin1 = value >= 0xC0 && value <= 0xDE && value != 0xD7
          scalars[written] = upperLatin1 ? value + 32 : value
        }
        written += 1
      }
      return written
    }
    guard let read else { return false }
    scalars.removeLast(count - read)
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

  /// Where the word starting at `start` ends: word characters, joined by an apostrophe between
  /// two of them or by `.`/`,` between two decimal digits.
  private static func wordEnd(
    from start: Int, _ scalars: UnsafeBufferPointer<UInt32>, _ classes: UnsafeBufferPointer<ScalarClass>
  ) -> Int {
    var end = start
    let count = classes.count
    while end < count {
      if classes[end] == .word {
        end += 1
        continue
      }
      guard end + 1 < count, classes[end + 1] == .word, end > start else { break }
      if classes[end] == .apostrophe
        || (classes[end] == .decimalSeparator && isDigit(scalars[end - 1]) && isDigit(scalars[end + 1]))
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

  /// Writes `value` as UTF-8 into `bytes` at `offset`; returns the offset after it.
  static func appendUTF8(_ value: UInt32, to bytes: UnsafeMutableBufferPointer<UInt8>, at offset: Int) -> Int
  {
    switch value {
    case 0..<0x80:
      bytes[offset] = UInt8(value)
      return offset + 1
    case 0x80..<0x800:
      bytes[offset] = UInt8(0xC0 | (value >> 6))
      bytes[offset + 1] = UInt8(0x80 | (value & 0x3F))
      return offset + 2
    case 0x800..<0x10000:
      bytes[offset] = UInt8(0xE0 | (value >> 12))
      bytes[offset + 1] = UInt8(0x80 | ((value >> 6) & 0x3F))
      bytes[offset + 2] = UInt8(0x80 | (value & 0x3F))
      return offset + 3
    default:
      bytes[offset] = UInt8(0xF0 | (value >> 18))
      bytes[offset + 1] = UInt8(0x80 | ((value >> 12) & 0x3F))
      bytes[offset + 2] = UInt8(0x80 | ((value >> 6) & 0x3F))
      bytes[offset + 3] = UInt8(0x80 | (value & 0x3F))
      return offset + 4
    }
  }
}
