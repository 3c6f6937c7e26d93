import PluralRules

/// Makes the words of one inflected span agree with its numeral (or with what `morphology`
/// states): the English noun in number; the Spanish noun in number, its determiners and
/// adjectives in number and gender.
///
/// The phrase is read simply, as the writers of such strings write them: the numeral, then the
/// noun phrase, up to the first preposition or conjunction ("3 cup of tea", "2 taza de café").
/// In English the noun is the phrase's last word ("3 unread message"); in Spanish it is its
/// first word after the numeral and determiners, and the words after it are its adjectives
/// ("2 manzana roja"). A Spanish span with no numeral and no determiner ("Bienvenido") is read
/// as adjectives, which take the gender `morphology` gives.
struct PhraseAgreement {
  /// What the span's language's words are.
  enum Language {
    case english
    case spanish
  }

  /// What to do with the span.
  enum Outcome: Equatable {
    /// Replace these UTF-8 ranges of the span's text (none: it already agrees).
    case agreed([Replacement])
    /// Agreement could not be decided.
    case undecided(InflectionProblem.Reason)
  }

  /// A word's new form.
  struct Replacement: Equatable {
    var range: Range<Int>
    var text: String
  }

  var language: Language
  var rules: PluralRules
  /// `morphology`'s number, which wins over the numeral's.
  var number: GrammaticalNumber?
  /// `morphology`'s gender, which wins over the noun's.
  var gender: GrammaticalGender?
  /// Whether the numeral is rewritten as the language writes numbers (`digitGrouping:`).
  var groupsDigits = false

  /// The agreement of `text`.
  func agree(_ text: String) -> Outcome {
    let tokens = PhraseToken.tokens(of: text, decimalComma: language == .spanish)
    let numeralIndex = tokens.firstIndex { if case .numeral = $0.kind { true } else { false } }
    var number = self.number
    if number == nil, let numeralIndex, case .numeral(let value) = tokens[numeralIndex].kind,
      let category = rules.category(of: value)
    {
      number = category == .one ? .singular : .plural
    }
    let outcome: Outcome
    switch language {
    case .english:
      guard let number else { return .undecided(.nothingToAgreeWith) }
      outcome = english(tokens, after: numeralIndex, number: number)
    case .spanish:
      guard number != nil || gender != nil else { return .undecided(.nothingToAgreeWith) }
      outcome = spanish(tokens, numeralIndex: numeralIndex, number: number)
    }
    return groupsDigits ? grouped(outcome, numeral: numeralIndex.map { tokens[$0] }) : outcome
  }

  /// `outcome` with the numeral written as the language writes it ("1234" → "1,234"), when
  /// the words agreed and ICU writes it otherwise.
  private func grouped(_ outcome: Outcome, numeral: PhraseToken?) -> Outcome {
    guard case .agreed(var replacements) = outcome, let numeral, case .numeral(let value) = numeral.kind,
      let written = rules.formatted(value), written != numeral.text
    else { return outcome }
    replacements.append(Replacement(range: numeral.range, text: written))
    replacements.sort { $0.range.lowerBound < $1.range.lowerBound }
    return .agreed(replacements)
  }

  private static let englishPhraseEnds: Set<String> = [
    "of", "for", "in", "on", "at", "to", "with", "from", "by", "per", "and", "or", "that", "which", "who",
    "about", "into", "than",
  ]

  private func english(_ tokens: [PhraseToken], after numeral: Int?, number: GrammaticalNumber) -> Outcome {
    var phrase = tokens[(numeral.map { $0 + 1 } ?? 0)...].prefix { $0.kind == .word }
    if let end = phrase.firstIndex(where: { Self.englishPhraseEnds.contains($0.text.lowercased()) }) {
      phrase = phrase[..<end]
    }
    guard let noun = phrase.last else { return .undecided(.nothingToAgreeWith) }
    let written = Singulars.english(noun.text)
    switch number {
    case .singular:
      guard let written else { return .agreed([]) }
      return .agreed([Replacement(range: noun.range, text: written)])
    case .plural:
      if written != nil || EnglishNouns.unchanging.contains(noun.text.lowercased()) { return .agreed([]) }
      guard let plural = EnglishNouns.plural(of: noun.text) else {
        return .undecided(.unknownWord(noun.text))
      }
      return .agreed(plural == noun.text ? [] : [Replacement(range: noun.range, text: plural)])
    }
  }
}
