/// The forms of Spanish determiners and adjectives for a gender and number: "la manzana roja",
/// "las manzanas rojas", "unos coches verdes".
enum SpanishAgreement {
  /// A determiner's four forms: masculine and feminine singular, masculine and feminine plural.
  static let determiners: [[String]] = [
    ["el", "la", "los", "las"], ["un", "una", "unos", "unas"], ["este", "esta", "estos", "estas"],
    ["ese", "esa", "esos", "esas"], ["aquel", "aquella", "aquellos", "aquellas"],
    ["otro", "otra", "otros", "otras"], ["nuestro", "nuestra", "nuestros", "nuestras"],
    ["vuestro", "vuestra", "vuestros", "vuestras"], ["mi", "mi", "mis", "mis"], ["tu", "tu", "tus", "tus"],
    ["su", "su", "sus", "sus"], ["todo", "toda", "todos", "todas"],
  ]

  /// The forms of the determiner `word` (any form, any case), nil when it is none.
  static func determinerForms(of word: String) -> [String]? {
    let lower = word.lowercased()
    return determiners.first { $0.contains(lower) }
  }

  /// Words that end the phrase a number agrees with (prepositions, conjunctions): "2 taza de
  /// café" → "2 tazas de café".
  static let phraseEnds: Set<String> = [
    "de", "del", "en", "con", "para", "por", "a", "al", "y", "e", "o", "u", "que", "sin", "sobre", "entre",
    "hasta", "desde", "según", "como",
  ]

  /// The form of a determiner's forms for `gender` (masculine when nil) and `number`.
  static func determiner(_ forms: [String], gender: GrammaticalGender?, number: GrammaticalNumber) -> String {
    forms[(number == .plural ? 2 : 0) + (gender == .feminine ? 1 : 0)]
  }

  /// Whether an adjective changes with gender: the -o/-a/-os/-as ones (rojo, roja), not verde
  /// or azul.
  static func isGendered(_ adjective: String) -> Bool {
    let lower = adjective.lowercased()
    return ["o", "a", "os", "as"].contains { lower.hasSuffix($0) } && lower.count > 2
  }

  /// `adjective` for `gender` (kept when nil or not gendered) and `number`; nil when it is no
  /// word.
  static func adjective(_ adjective: String, gender: GrammaticalGender?, number: GrammaticalNumber) -> String?
  {
    guard adjective.allSatisfy(\.isLetter) else { return nil }
    let wordCase = WordCase(of: adjective)
    var lower = adjective.lowercased()
    if isGendered(lower) {
      let isPlural = lower.hasSuffix("s")
      var stem = String(lower.dropLast(isPlural ? 2 : 1))
      let ending = lower.dropFirst(stem.count).first ?? "o"
      let gendered: Character = gender == .feminine ? "a" : gender == .masculine ? "o" : ending
      stem.append(gendered)
      lower = number == .plural ? stem + "s" : stem
      return wordCase.apply(to: lower)
    }
    // Verde, azul, feliz: their number as nouns take it; a plural written is kept for plural.
    if number == .singular { return adjective }
    if lower.hasSuffix("es") || (lower.hasSuffix("s") && !(SpanishStress(lower)?.isFinal ?? true)) {
      return adjective
    }
    return SpanishNouns.plural(of: adjective)
  }
}
