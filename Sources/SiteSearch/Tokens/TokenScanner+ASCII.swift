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
    _ emit: (UnsafeBufferPointer<UInt8>, Int, SearchToken.Kind) -> Void
  ) -> Int {
    asciiClasses.withUnsafeBufferPointer { classes in
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: SearchTokenizer.maximumWordLength) { term in
        tokens(bytes, classes, from: start, into: term, emit)
      }
    }
  }

  private static func tokens(
    _ bytes: UnsafeBufferPointer<UInt8>, _ classes: UnsafeBufferPointer<ScalarClass>, from start: Int,
    into term: UnsafeMutableBufferPointer<UInt8>,
    _ emit: (UnsafeBufferPointer<UInt8>, Int, SearchToken.Kind) -> Void
  ) -> Int {
    var position = start
    var index = 0
    let count = bytes.count
    while index < count {
      guard classes[Int(bytes[index])] == .word else {
        index += 1
        continue
      }
      let end = wordEnd(from: index, bytes, classes)
      let length = min(end - index, SearchTokenizer.maximumWordLength)
      for offset in 0..<length {
        let byte = bytes[index + offset]
        term[offset] = byte >= 0x41 && byte <= 0x5A ? byte + 32 : byte
      }
      emit(UnsafeBufferPointer(rebasing: term[0..<length]), position, .word)
      position += 1
      index = end
    }
    return position
  }

  /// Where the word starting at `start` ends (the general path's rule over bytes).
  private static func wordEnd(
    from start: Int, _ bytes: UnsafeBufferPointer<UInt8>, _ classes: UnsafeBufferPointer<ScalarClass>
  ) -> Int {
    var end = start
    let count = bytes.count
    while end < count {
      let kind = classes[Int(bytes[end])]
      if kind == .word {
        end += 1
        continue
      }
      guard end + 1 < count, classes[Int(bytes[end + 1])] == .word, end > start else { break }
      if kind == .apostrophe
        || (kind == .decimalSeparator && isDigit(bytes[end - 1]) && isDigit(bytes[end + 1]))
      {
        end += 2
        continue
      }
      break
    }
    return end
  }

  private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
}
