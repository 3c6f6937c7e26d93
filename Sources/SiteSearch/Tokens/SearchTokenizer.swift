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
        let value = scalar.value
        folded.append(value >= 0x41 && value <= 0x5A ? Unicode.Scalar(UInt8(value + 32)) : scalar)
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

  /// The tokens of `text`, positions counted from `start`.
  public static func tokens(in text: String, from start: Int = 0) -> [SearchToken] {
    var tokens: [SearchToken] = []
    appendTokens(of: text, from: start, to: &tokens)
    return tokens
  }

  /// Appends the tokens of `text` to `tokens`, positions from `start`; returns the next free
  /// position.
  @discardableResult
  public static func appendTokens(of text: String, from start: Int, to tokens: inout [SearchToken]) -> Int {
    var scanner = TokenScanner()
    return scanner.scan(text, from: start) { bytes, _, position, kind in
      tokens.append(SearchToken(term: String(decoding: bytes, as: UTF8.self), position: position, kind: kind))
    }
  }

  /// The tokens of `text` with NFKC applied whatever the text holds: what ``tokens(in:from:)``
  /// must always equal (its shortcut for text NFKC leaves alone is tested against it).
  package static func tokensThroughNFKC(in text: String) -> [SearchToken] {
    var tokens: [SearchToken] = []
    var scanner = TokenScanner()
    _ = scanner.scan(text, from: 0, alwaysNormalising: true) { bytes, _, position, kind in
      tokens.append(SearchToken(term: String(decoding: bytes, as: UTF8.self), position: position, kind: kind))
    }
    return tokens
  }
}
