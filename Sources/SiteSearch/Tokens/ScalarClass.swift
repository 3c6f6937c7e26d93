/// How the tokeniser reads one normalised Unicode scalar (docs/CONTRACTS.md, "Search tokens"):
/// written out as code point ranges and general categories, so the theme's script
/// (`folio-search.js`) reads every character the same way.
enum ScalarClass: Equatable {
  /// Han, kana and Hangul: indexed as bigrams.
  case cjk
  /// A letter, mark, digit or `_`: part of a word.
  case word
  /// `'` or `’`: inside a word only between two word characters (`don't`).
  case apostrophe
  /// `.` or `,`: inside a word only between two digits (`3.14`, `1,000`).
  case decimalSeparator
  /// Anything else: ends a word or a CJK run.
  case separator

  /// The class of the scalar `value`.
  init(value: UInt32) {
    if value < 0x80 {
      switch value {
      case 0x61...0x7A, 0x41...0x5A, 0x30...0x39, 0x5F: self = .word
      case 0x27: self = .apostrophe
      case 0x2C, 0x2E: self = .decimalSeparator
      default: self = .separator
      }
      return
    }
    if ScalarClass.isCJK(value) {
      self = .cjk
      return
    }
    if value == 0x2019 {
      self = .apostrophe
      return
    }
    guard let scalar = Unicode.Scalar(value) else {
      self = .separator
      return
    }
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
      .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
      self = .word
    default: self = .separator
    }
  }

  /// Whether `value` is one of the characters indexed as bigrams: kana (but the two middle
  /// dots), the prolonged sound mark, 々 〆 〇, CJK ideographs of every block, and Hangul.
  static func isCJK(_ value: UInt32) -> Bool {
    switch value {
    case 0x3005...0x3007, 0x3041...0x309F, 0x30A1...0x30FA, 0x30FC...0x30FF, 0x31F0...0x31FF,
      0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x323AF,
      0x1100...0x11FF, 0x3131...0x318E, 0xAC00...0xD7A3:
      return true
    default: return false
    }
  }
}
