/// The token rules over text that is all ASCII (most English pages' blocks): read from the
/// UTF-8 bytes themselves, without the scalar and class arrays the general path fills. ASCII
/// needs no NFKC, lowercases `A`–`Z` only, has no CJK and no non-ASCII digits, so the same
/// rules come out in a few byte comparisons; `SearchTokenizerShortcutTests` checks that both
/// paths give the same tokens.
extension TokenScanner {
  /// The tokens of `bytes`, which are all ASCII, positions from `start`; returns the next free
  /// position.
  static func scanASCII(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int,
    _ emit: (UnsafeBufferPointer<UInt8>, UInt32, Int, SearchToken.Kind) -> Void
  ) -> Int {
    asciiClasses.withUnsafeBufferPointer { classes in
      asciiWordBytes.withUnsafeBufferPointer { words in
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: SearchTokenizer.maximumWordLength) { term in
          tokens(bytes, words, classes, from: start, into: term, emit)
        }
      }
    }
  }

  /// Each ASCII character's byte in a term when it is a word character (lowercased), else 0.
  static let asciiWordBytes: [UInt8] = (0..<128).map { value in
    guard ScalarClass(value: UInt32(value)) == .word else { return 0 }
    return value >= 0x41 && value <= 0x5A ? UInt8(value + 32) : UInt8(value)
  }

  /// The token loop: one pass a word, which tells where it ends, lowercases it into `term` and
  /// hashes it (``TermTable/hash(_:)``) at once, instead of a pass for each.
  private static func tokens(
    _ bytes: UnsafeBufferPointer<UInt8>, _ words: UnsafeBufferPointer<UInt8>,
    _ classes: UnsafeBufferPointer<ScalarClass>, from start: Int,
    into term: UnsafeMutableBufferPointer<UInt8>,
    _ emit: (UnsafeBufferPointer<UInt8>, UInt32, Int, SearchToken.Kind) -> Void
  ) -> Int {
    var position = start
    var index = 0
    let count = bytes.count
    let limit = SearchTokenizer.maximumWordLength
    while index < count {
      var byte = words[Int(bytes[index])]
      guard byte != 0 else {
        index += 1
        continue
      }
      var length = 0
      var hash = TermTable.hashSeed
      while true {
        // `byte` (at `index`) is part of the word; only its first `limit` bytes are kept.
        if length < limit {
          term[length] = byte
          hash = TermTable.hash(hash, byte)
          length += 1
        }
        index += 1
        guard index < count else { break }
        let next = words[Int(bytes[index])]
        if next != 0 {
          byte = next
          continue
        }
        // An apostrophe between word characters, or `.`/`,` between digits, joins them.
        guard index + 1 < count, words[Int(bytes[index + 1])] != 0 else { break }
        let kind = classes[Int(bytes[index])]
        guard
          kind == .apostrophe
            || (kind == .decimalSeparator && isDigit(bytes[index - 1]) && isDigit(bytes[index + 1]))
        else { break }
        byte = bytes[index]
      }
      emit(UnsafeBufferPointer(rebasing: term[0..<length]), hash, position, .word)
      position += 1
    }
    return position
  }

  private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
}
