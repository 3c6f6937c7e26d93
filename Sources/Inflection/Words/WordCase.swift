/// How a word is capitalised, so that its other form is written the same way ("Child" →
/// "Children", "URL" → "URLs").
enum WordCase: Equatable {
  case lower
  case capitalized
  case upper

  /// The case `word` is written in: all capitals (more than one letter), a capital first, or
  /// anything else (read as lower case).
  init(of word: String) {
    let letters = word.filter(\.isLetter)
    if letters.count > 1, letters.allSatisfy(\.isUppercase) {
      self = .upper
    } else if let first = letters.first, first.isUppercase {
      self = .capitalized
    } else {
      self = .lower
    }
  }

  /// `lowercased`, a form in lower case, written in this case.
  func apply(to lowercased: String) -> String {
    switch self {
    case .lower: lowercased
    case .upper: lowercased.uppercased()
    case .capitalized: lowercased.prefix(1).uppercased() + lowercased.dropFirst()
    }
  }
}
