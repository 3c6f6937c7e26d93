/// A word or a numeral of an inflected span, with where it is in the span's text (UTF-8 offsets).
struct PhraseToken: Hashable {
  /// What the token is.
  enum Kind: Hashable {
    /// Letters, with hyphens or apostrophes inside.
    case word
    /// Digits, with `.` or `,` between them: the number in the form ICU reads (`1.5`).
    case numeral(String)
  }

  var kind: Kind
  /// The token as written.
  var text: String
  /// Its UTF-8 offsets in the span's text.
  var range: Range<Int>

  /// The words and numerals of `text`, in order; everything else (spaces, punctuation, symbols)
  /// separates them.
  static func tokens(of text: String, decimalComma: Bool) -> [PhraseToken] {
    var tokens: [PhraseToken] = []
    var current = ""
    var start = 0
    var offset = 0
    var isNumeral = false
    func finish() {
      // A trailing joiner ("3," or "rock-") is no part of the token.
      var trimmed = current
      while let last = trimmed.last, !(last.isLetter || last.isNumber) { trimmed.removeLast() }
      if !trimmed.isEmpty {
        let end = start + trimmed.utf8.count
        let kind: Kind = isNumeral ? .numeral(number(trimmed, decimalComma: decimalComma)) : .word
        tokens.append(PhraseToken(kind: kind, text: trimmed, range: start..<end))
      }
      current = ""
    }
    for character in text {
      let isDigit = character.isASCII && character.isNumber
      let continues: Bool
      if current.isEmpty {
        continues = false
      } else if isNumeral {
        continues = isDigit || ((character == "." || character == ",") && current.last!.isNumber)
      } else {
        continues =
          character.isLetter
          || ((character == "-" || character == "'" || character == "’") && current.last!.isLetter)
      }
      if !continues {
        if !current.isEmpty { finish() }
        if isDigit || character.isLetter {
          start = offset
          isNumeral = isDigit
          current.append(character)
        }
      } else {
        current.append(character)
      }
      offset += character.utf8.count
    }
    if !current.isEmpty { finish() }
    return tokens
  }

  /// A numeral as ICU reads it: grouping marks out, the decimal mark a `.`. A `,` (or, with
  /// `decimalComma`, a `.`) before exactly three digits groups them; any other separator is the
  /// decimal mark. Spanish writes both; the plural form does not depend on which is meant.
  static func number(_ numeral: String, decimalComma: Bool) -> String {
    let groups = numeral.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "." || $0 == "," })
    let separators = numeral.filter { $0 == "." || $0 == "," }
    guard separators.count > 0 else { return numeral }
    let grouping: Character = decimalComma ? "." : ","
    var result = String(groups[0])
    for (separator, group) in zip(separators, groups.dropFirst()) {
      if separator == grouping, group.count == 3, !result.contains(".") {
        result += group
      } else if !result.contains(".") {
        result += "." + group
      } else {
        // A second decimal mark (1.2.3): no number ICU reads, and none this guess should make.
        result += "." + group
      }
    }
    return result
  }
}
