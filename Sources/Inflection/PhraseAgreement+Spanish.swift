extension PhraseAgreement {
  /// The Spanish phrase: determiners, the numeral, more determiners, the noun and its
  /// adjectives; `number` nil keeps each word's written number (only the gender changes).
  func spanish(_ tokens: [PhraseToken], numeralIndex: Int?, number: GrammaticalNumber?) -> Outcome {
    var determiners: [PhraseToken] = []
    var index = 0
    // Determiners before the numeral ("las 3 manzana") and after it ("3 de").
    while index < tokens.count, tokens[index].kind == .word,
      SpanishAgreement.determinerForms(of: tokens[index].text) != nil
    {
      determiners.append(tokens[index])
      index += 1
    }
    if let numeralIndex {
      guard numeralIndex >= index else { return .undecided(.nothingToAgreeWith) }
      index = numeralIndex + 1
    }
    var words = tokens[index...].prefix { $0.kind == .word }
    if let end = words.firstIndex(where: { SpanishAgreement.phraseEnds.contains($0.text.lowercased()) }) {
      words = words[..<end]
    }
    // With no numeral and no determiner the words are adjectives of someone: "Bienvenido".
    let noun = numeralIndex == nil && determiners.isEmpty ? nil : words.first
    let adjectives = noun == nil ? words : words.dropFirst()
    guard noun != nil || !adjectives.isEmpty else { return .undecided(.nothingToAgreeWith) }

    var replacements: [Replacement] = []
    func replace(_ token: PhraseToken, with text: String) {
      if text != token.text { replacements.append(Replacement(range: token.range, text: text)) }
    }
    let gender = self.gender ?? noun.flatMap { nounGender($0.text) }
    let needsGender =
      determiners.contains { Set(SpanishAgreement.determinerForms(of: $0.text)!).count > 2 }
      || adjectives.contains { SpanishAgreement.isGendered($0.text) }
    if gender == nil, needsGender { return .undecided(.missingGender(noun?.text ?? adjectives.first!.text)) }

    if let noun, let number {
      let singular = Singulars.spanish(noun.text)
      if number == .singular, let singular {
        replace(noun, with: singular)
      } else if number == .plural, singular == nil, !isInvariable(noun.text) {
        guard let plural = SpanishNouns.plural(of: noun.text) else {
          return .undecided(.unknownWord(noun.text))
        }
        replace(noun, with: plural)
      }
    }
    for determiner in determiners {
      let forms = SpanishAgreement.determinerForms(of: determiner.text)!
      let written = forms.firstIndex(of: determiner.text.lowercased())!
      let formNumber = number ?? (written >= 2 ? .plural : .singular)
      let form = SpanishAgreement.determiner(forms, gender: gender, number: formNumber)
      replace(determiner, with: WordCase(of: determiner.text).apply(to: form))
    }
    for adjective in adjectives {
      let formNumber = number ?? (adjective.text.lowercased().hasSuffix("s") ? .plural : .singular)
      guard let form = SpanishAgreement.adjective(adjective.text, gender: gender, number: formNumber) else {
        return .undecided(.unknownWord(adjective.text))
      }
      replace(adjective, with: form)
    }
    return .agreed(replacements.sorted { $0.range.lowerBound < $1.range.lowerBound })
  }

  /// The gender of a noun as written, singular or plural.
  private func nounGender(_ noun: String) -> GrammaticalGender? {
    SpanishNouns.gender(of: noun) ?? Singulars.spanish(noun).flatMap { SpanishNouns.gender(of: $0) }
  }

  /// Whether a noun's plural is itself (lunes, crisis).
  private func isInvariable(_ noun: String) -> Bool { SpanishNouns.plural(of: noun) == noun }
}
