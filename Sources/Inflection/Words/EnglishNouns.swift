/// English noun plurals: the regular rules (-s, -es, -ies, -ves) and a table of the irregular
/// and unchanging nouns. Measured on Tests/InflectionTests/Fixtures/english-nouns.txt
/// (Benchmarks/RESULTS.md, "Grammar agreement").
///
/// Hunspell's Debian dictionaries were looked at first: they give stems and affix flags but no
/// morphological descriptions, so `Hunspell_generate` finds no plural, and irregular plurals
/// ("children") are separate words with no link to their singular.
enum EnglishNouns {
  /// The plural of `word` as it is written (`"Child"` → `"Children"`); nil when it is no word
  /// (digits, symbols).
  static func plural(of word: String) -> String? {
    guard let first = word.first, first.isLetter,
      word.allSatisfy({ $0.isLetter || $0 == "-" || $0 == "'" })
    else { return nil }
    let wordCase = WordCase(of: word)
    // Acronyms take a lower-case s: URLs, APIs, PDFs.
    if wordCase == .upper, word.count <= 5 { return word + "s" }
    // A hyphenated compound: its head, which is first before -in- or -of- (mothers-in-law),
    // else last (check-ins).
    let parts = word.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
    if parts.count > 1 {
      let head = parts.count > 2 && ["in", "of"].contains(parts[1]) ? 0 : parts.count - 1
      guard let headPlural = plural(of: parts[head]) else { return nil }
      var plurals = parts
      plurals[head] = headPlural
      return plurals.joined(separator: "-")
    }
    return wordCase.apply(to: lowerPlural(word.lowercased()))
  }

  /// The plural of a lower-case word.
  static func lowerPlural(_ word: String) -> String {
    if unchanging.contains(word) { return word }
    if let irregular = irregular[word] { return irregular }
    if word.hasSuffix("man"), !notMen.contains(word) { return word.dropLast(3) + "men" }
    let last = word.last!
    let beforeLast = word.dropLast().last
    let isVowel = { (character: Character?) in character.map { "aeiou".contains($0) } ?? false }
    if last == "y", !isVowel(beforeLast) { return word.dropLast() + "ies" }
    if word.hasSuffix("sis") || word.hasSuffix("xis") { return word.dropLast(2) + "es" }
    if word.hasSuffix("ch") {
      // Where ch sounds as k: stomachs, epochs, monarchs.
      return hardCH.contains(word) ? word + "s" : word + "es"
    }
    if word.hasSuffix("sh") || last == "s" || last == "x" { return word + "es" }
    if last == "z" { return word + (isVowel(beforeLast) && word.count <= 4 ? "zes" : "es") }
    if last == "o", !isVowel(beforeLast), oes.contains(word) { return word + "es" }
    if ves.contains(word) { return (last == "e" ? word.dropLast(2) : word.dropLast()) + "ves" }
    return word + "s"
  }

  /// Nouns whose plural is the singular (and mass nouns, which keep their form after a number).
  static let unchanging: Set<String> = [
    "sheep", "fish", "deer", "moose", "series", "species", "aircraft", "spacecraft", "offspring", "salmon",
    "trout", "cod", "bison", "swine", "means", "news", "information", "equipment", "software", "hardware",
    "feedback", "advice", "furniture", "luggage", "baggage", "music", "rice", "evidence", "homework",
    "research", "knowledge", "traffic", "weather", "chassis", "corps", "headquarters", "crossroads",
    "barracks", "scissors", "trousers", "pants", "jeans", "clothes", "police", "cattle",
    "staff", "shrimp",
  ]

  /// Irregular plurals.
  static let irregular: [String: String] = [
    "child": "children", "person": "people", "mouse": "mice", "louse": "lice", "goose": "geese",
    "foot": "feet", "tooth": "teeth", "ox": "oxen", "die": "dice", "penny": "pennies",
    "criterion": "criteria", "phenomenon": "phenomena", "cactus": "cacti", "fungus": "fungi",
    "nucleus": "nuclei", "stimulus": "stimuli", "syllabus": "syllabi", "radius": "radii",
    "alumnus": "alumni", "focus": "foci", "medium": "media", "datum": "data", "bacterium": "bacteria",
    "curriculum": "curricula", "memorandum": "memoranda", "appendix": "appendices",
    "matrix": "matrices", "vertex": "vertices", "index": "indexes", "axis": "axes", "passerby": "passersby",
    "quiz": "quizzes", "genus": "genera", "corpus": "corpora", "opus": "opera", "octopus": "octopuses",
    "thief": "thieves", "beau": "beaux", "bureau": "bureaus", "plateau": "plateaus", "chateau": "chateaux",
  ]

  /// Words in -man that are no compounds of man: humans, Germans.
  static let notMen: Set<String> = [
    "human", "german", "roman", "shaman", "caiman", "talisman", "ottoman", "walkman", "cayman", "desman",
  ]

  /// Words in -ch said with a k.
  static let hardCH: Set<String> = [
    "stomach", "epoch", "monarch", "patriarch", "matriarch", "oligarch", "tech", "czech", "loch", "eunuch",
  ]

  /// Words in a consonant and -o that take -es (the rest take -s: photos, pianos, videos).
  static let oes: Set<String> = [
    "potato", "tomato", "hero", "echo", "veto", "torpedo", "embargo", "mosquito", "volcano", "tornado",
    "domino", "buffalo", "cargo", "mango", "motto", "innuendo", "no",
  ]

  /// Words in -f or -fe that take -ves (the rest take -s: roofs, chiefs, beliefs).
  static let ves: Set<String> = [
    "leaf", "loaf", "wolf", "calf", "half", "knife", "life", "wife", "shelf", "self", "elf", "sheaf",
    "scarf", "wharf", "hoof", "midwife", "housewife", "jackknife", "penknife", "bookshelf", "werewolf",
  ]
}
