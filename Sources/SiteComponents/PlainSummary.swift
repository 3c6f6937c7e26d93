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
    var pendingSpace = false
    var count = 0
    /// Adds one character (its UTF-8 bytes) or notes a space; false once over the limit.
    func keep(isSpace: Bool, _ bytes: some Sequence<UInt8>) -> Bool {
      if isSpace {
        pendingSpace = !words.isEmpty
        return true
      }
      if pendingSpace {
        words.append(0x20)
        count += 1
        pendingSpace = false
      }
      words.append(contentsOf: bytes)
      count += 1
      return count <= limit
    }
    func add(_ piece: Substring) -> Bool {
      if piece.utf8.allSatisfy({ $0 < 0x80 }) {
        for byte in piece.utf8 {
          guard keep(isSpace: byte == 0x20 || (0x09...0x0D).contains(byte), CollectionOfOne(byte)) else {
            return false
          }
        }
        return true
      }
      for character in piece {
        guard keep(isSpace: character.isWhitespace, character.utf8) else { return false }
      }
      return true
    }
    for index in runs {
      let run = text.runs[index]
      switch run.kind {
      case .text, .code:
        guard add(Substring(run.text)) else { return cut(String(decoding: words, as: UTF8.self)) }
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
  private static func cut(_ words: String) -> String {
    let kept = words.prefix(limit - 1)
    if let space = kept.lastIndex(of: " "), kept.distance(from: kept.startIndex, to: space) > limit / 2 {
      return kept[..<space] + "…"
    }
    return kept + "…"
  }
}
