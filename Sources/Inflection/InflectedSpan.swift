import RichText

/// What an `inflect: true` span's attributes ask for: Apple's keys read, and the attributes
/// that are left for the HTML once the text is inflected.
struct InflectedSpan {
  /// `morphology`'s `number`.
  var number: GrammaticalNumber?
  /// `morphology`'s `grammaticalGender`.
  var gender: GrammaticalGender?
  /// `inflectionAlternative`.
  var alternative: String?
  /// The attributes without Apple's agreement keys (`lang`, `class`…), which stay on the span.
  var remaining: CustomAttributes
  /// Keys and values Folio reads but cannot follow.
  var problems: [InflectionProblem.Reason] = []

  /// Apple's keys of automatic grammar agreement, which are no HTML attributes.
  static let agreementKeys: Set<String> = [
    "inflect", "morphology", "inflectionAlternative", "agreeWithArgument", "agreeWithConcept",
    "referentConcept", "inflectionConcept",
  ]

  /// The span `attributes` describe, nil when they do not say `inflect: true`.
  init?(_ attributes: CustomAttributes) {
    guard attributes["inflect"] == .bool(true) else { return nil }
    remaining = CustomAttributes(attributes.entries.filter { !Self.agreementKeys.contains($0.key) })
    if case .string(let text) = attributes["inflectionAlternative"] { alternative = text }
    for key in ["agreeWithArgument", "agreeWithConcept", "referentConcept", "inflectionConcept"]
    where attributes[key] != nil {
      problems.append(.unsupportedKey(key))
    }
    guard case .object(let morphology) = attributes["morphology"] else { return }
    if let value = morphology["number"] {
      number = GrammaticalNumber(morphologyValue: value.text)
      if number == nil { problems.append(.unknownMorphology(key: "number", value: value.text)) }
    }
    if let value = morphology["grammaticalGender"] {
      gender = GrammaticalGender(rawValue: value.text)
      if gender == nil { problems.append(.unknownMorphology(key: "grammaticalGender", value: value.text)) }
    }
  }
}
