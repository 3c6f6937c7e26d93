import Foundation

/// Splits text into search terms, the same way at index and at query time (docs/CONTRACTS.md,
/// "Search tokens"; the theme's `folio-search.js` implements the same rules): NFKC, lowercase,
/// then words by letters and digits and CJK runs as overlapping bigrams.
public enum SearchTokenizer {
  /// Longer words are cut to this many scalars (a base64 blob or a URL is not worth an index
  /// entry of its own length).
  public static let maximumWordLength = 64

  /// `text` normalised for search: NFKC, each scalar's lowercase mapping, then final sigma as
  /// sigma (so `ＣＩ`, `CI` and `ci` are one term; hiragana and katakana stay apart).
  public static func normalised(_ text: String) -> String {
    if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
    let compatible = text.precomposedStringWithCompatibilityMapping
    var folded = String.UnicodeScalarView()
    for scalar in compatible.unicodeScalars {
      if scalar.value < 0x80 {
        folded.append(scalar.value >= 0x41 && scalar.value <= 0x5A ? Unicode.Scalar(scalar.value + 32)! : scalar)
      } else if scalar.value == 0x03C2 {
        folded.append("\u{03C3}")
      } else if scalar.properties.changesWhenLowercased {
        for lower in scalar.properties.lowercaseMapping.unicodeScalars {
          folded.append(lower.value == 0x03C2 ? "\u{03C3}" : lower)
        }
      } else {
        folded.append(scalar)
      }
    }
    return String(folded)
  }

  /// The tokens of `text`, positions counted from `start`; the position after the last token
  /// is returned in `end`.
  public static func tokens(in text: String, from start: Int = 0) -> [SearchToken] {
    var tokens: [SearchToken] = []
    _ = appendTokens(of: text, from: start, to: &tokens)
    return tokens
  }

  /// Appends the tokens of `text` to `tokens`, positions from `start`; returns the next free
  /// position.
  @discardableResult
  public static func appendTokens(of text: String, from start: Int, to tokens: inout [SearchToken]) -> Int {
    let scalars = Array(normalised(text).unicodeScalars)
    let classes = scalars.map(ScalarClass.init)
    var position = start
    var index = 0
    while index < scalars.count {
      switch classes[index] {
      case .cjk:
        var end = index
        while end < scalars.count, classes[end] == .cjk { end += 1 }
        for first in index..<end - 1 {
          var pair = String.UnicodeScalarView()
          pair.append(scalars[first])
          pair.append(scalars[first + 1])
          tokens.append(SearchToken(term: String(pair), position: position, kind: .bigram))
          position += 1
        }
        tokens.append(SearchToken(term: String(Character(scalars[end - 1])), position: position, kind: .single))
        position += 1
        index = end
      case .word:
        let end = wordEnd(from: index, classes, scalars)
        var word = String.UnicodeScalarView()
        word.append(contentsOf: scalars[index..<min(end, index + maximumWordLength)])
        tokens.append(SearchToken(term: String(word), position: position, kind: .word))
        position += 1
        index = end
      case .apostrophe, .decimalSeparator, .separator:
        index += 1
      }
    }
    return position
  }

  /// Where the word starting at `start` ends: word characters, joined by an apostrophe between
  /// two of them or by `.`/`,` between two digits.
  private static func wordEnd(from start: Int, _ classes: [ScalarClass], _ scalars: [Unicode.Scalar]) -> Int {
    var end = start
    while end < classes.count {
      if classes[end] == .word {
        end += 1
        continue
      }
      guard end + 1 < classes.count, classes[end + 1] == .word, end > start else { break }
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

  private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.generalCategory == .decimalNumber
  }
}
