import RichText

/// A page's summary as plain text, from the model: what `<meta name="description">` and link
/// previews show of a page whose front matter has no `description` or `summary`.
enum PlainSummary {
  /// The most characters kept: search engines show about 155, link previews about 200.
  static let limit = 200

  /// The text of `runs` of `text` (their text and code, line breaks as spaces, raw HTML left
  /// out), spaces collapsed, cut at a space before ``limit`` characters with `…`.
  static func text(of text: AttributedText, runs: Range<Int>) -> String {
    // UTF-8 bytes rather than a `String`, and ASCII a byte at a time: breaking every page's
    // opening text into `Character`s cost 4% of a build.
    var words: [UInt8] = []
    words.reserveCapacity(limit + 8)
    var pendingSpace = false
    var count = 0
    // Whether every character kept is one byte: then the cut is made on bytes.
    var isASCII = true
    /// Adds one character (`append` writes its UTF-8 bytes) or notes a space; false once over
    /// the limit.
    func keep(isSpace: Bool, isASCII ascii: Bool, _ append: (inout [UInt8]) -> Void) -> Bool {
      if isSpace {
        pendingSpace = !words.isEmpty
        return true
      }
      if pendingSpace {
        words.append(0x20)
        count += 1
        pendingSpace = false
      }
      append(&words)
      isASCII = isASCII && ascii
      count += 1
      return count <= limit
    }
    func add(_ piece: ArraySlice<UInt8>) -> Bool {
      var index = piece.startIndex
      while index < piece.endIndex {
        // An ASCII byte that another follows is a character of its own (`\r\n` is one, but
        // a space either way). The run is not looked at beyond the summary's last character:
        // checking first that a whole paragraph was ASCII cost more than the summary did.
        let byte = piece[index]
        guard byte < 0x80, index + 1 == piece.endIndex || piece[index + 1] < 0x80 else {
          // From here on a character at a time, as the run's text reads (invalid UTF-8 as
          // U+FFFD); the bytes before were ASCII, so the characters start here as they do in
          // the whole run.
          for character in String(decoding: piece[index...], as: UTF8.self) {
            guard
              keep(isSpace: character.isWhitespace, isASCII: character.isASCII, { $0 += character.utf8 })
            else { return false }
          }
          return true
        }
        let isSpace = byte == 0x20 || (0x09...0x0D).contains(byte)
        guard keep(isSpace: isSpace, isASCII: true, { $0.append(byte) }) else { return false }
        index += 1
      }
      return true
    }
    // The runs' bytes read in place from the model's tables: a run's `text` makes a string.
    let bytes = text.bytes
    let records = text.runRecords
    for index in runs {
      let run = records[index]
      switch run.kind {
      case .text, .code:
        guard add(bytes[run.start..<run.end]) else { return cut(words, isASCII: isASCII) }
      case .softBreak, .lineBreak:
        pendingSpace = !words.isEmpty
      default:
        continue
      }
    }
    return String(decoding: words, as: UTF8.self)
  }

  /// `words` cut to at most ``limit`` characters, at the last space when there is one in the
  /// second half (text without spaces, such as Japanese, is cut where it is), with `…`.
  private static func cut(_ words: [UInt8], isASCII: Bool) -> String {
    guard isASCII else { return cut(String(decoding: words, as: UTF8.self)) }
    // One byte a character: the same cut, without breaking the text into characters.
    let kept = words.prefix(limit - 1)
    if let space = kept.lastIndex(of: 0x20), space > limit / 2 {
      return String(decoding: kept[..<space], as: UTF8.self) + "…"
    }
    return String(decoding: kept, as: UTF8.self) + "…"
  }

  /// ``cut(_:isASCII:)`` for text with characters of more than one byte.
  private static func cut(_ words: String) -> String {
    let kept = words.prefix(limit - 1)
    if let space = kept.lastIndex(of: " "), kept.distance(from: kept.startIndex, to: space) > limit / 2 {
      return kept[..<space] + "…"
    }
    return kept + "…"
  }
}
