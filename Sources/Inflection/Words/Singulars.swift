/// The singular a plural was made from, found by trying the singulars its ending allows and
/// keeping the one whose plural it is: "bookmarks" ← "bookmark", "canciones" ← "canción".
enum Singulars {
  /// The English singular of `word`, nil when it is no English plural (or the same word, as
  /// "sheep" is).
  static func english(_ word: String) -> String? {
    let lower = word.lowercased()
    if EnglishNouns.unchanging.contains(lower) { return nil }
    if let irregular = EnglishNouns.irregular.first(where: { $0.value == lower && $0.key != lower }) {
      return WordCase(of: word).apply(to: irregular.key)
    }
    let parts = word.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
    if parts.count > 1 {
      // The compound's head, as EnglishNouns.plural(of:) chooses it.
      let head = parts.count > 2 && ["in", "of"].contains(parts[1]) ? 0 : parts.count - 1
      guard let singular = english(parts[head]) else { return nil }
      var singulars = parts
      singulars[head] = singular
      return singulars.joined(separator: "-")
    }
    // Singulars that end as plurals do: bus, status, lens, analysis (not acronyms: APIs).
    let isAcronym = word.count > 2 && word.dropLast().allSatisfy(\.isUppercase)
    if !isAcronym, ["ss", "us", "is", "ous"].contains(where: { lower.hasSuffix($0) }) {
      return nil
    }
    let stem = { (count: Int) in String(word.dropLast(count)) }
    // The likelier singular first: -ies is -y, -ves -f or -fe, -ches -ch; -ses is more often
    // -se (cases) than -s (buses), which this reads wrong but still reads as a plural.
    var candidates: [String]
    if lower.hasSuffix("ies") {
      candidates = [stem(3) + "y", stem(1)]
    } else if lower.hasSuffix("ves") {
      candidates = [stem(3) + "f", stem(3) + "fe", stem(1)]
    } else if ["sses", "xes", "ches", "shes", "zes", "oes"].contains(where: { lower.hasSuffix($0) }) {
      candidates = [stem(2), stem(1), stem(4)]
    } else if lower.hasSuffix("ses") {
      candidates = [stem(1), stem(2), stem(2) + "is"]
    } else if lower.hasSuffix("men") {
      candidates = [stem(3) + "man"]
    } else {
      candidates = [stem(1)]
    }
    return candidates.first { !$0.isEmpty && $0 != word && EnglishNouns.plural(of: $0) == word }
  }

  /// The Spanish singular of `word`, nil when it is no Spanish plural (or the same word, as
  /// "lunes" is).
  static func spanish(_ word: String) -> String? {
    guard word.count > 2, word.lowercased().hasSuffix("s") else { return nil }
    let lower = word.lowercased()
    var bases = [String(word.dropLast()), String(word.dropLast(2))]
    // -nes, -les, -res, -des are more often -n, -l, -r, -d + es (canciones) than -e + s.
    if let consonant = lower.dropLast(2).last, lower.hasSuffix("es"), "nlrdy".contains(consonant) {
      bases.swapAt(0, 1)
    }
    if lower.hasSuffix("ces") { bases.insert(word.dropLast(3) + "z", at: 0) }
    var candidates: [String] = []
    for base in bases {
      candidates.append(base)
      // canciones ← canción, jóvenes ← joven: the accent the plural moved.
      let letters = Array(base)
      if let accent = letters.firstIndex(where: { "áéíóú".contains($0) }) {
        var plain = letters
        plain[accent] = SpanishStress.plain(letters[accent])
        candidates.append(String(plain))
      } else {
        for index in letters.indices.reversed() where "aeiou".contains(letters[index]) {
          var marked = letters
          marked[index] = SpanishStress.accented(letters[index])
          candidates.append(String(marked))
          break
        }
      }
    }
    // Two-letter stems and ones in í or ú would make singulars of mes, tos, país, autobús.
    let singulars = candidates.filter { candidate in
      let isListed = SpanishNouns.isListed(candidate.lowercased())
      return candidate != word && (isListed || (candidate.count > 2 && !"íú".contains(candidate.last!)))
        && SpanishNouns.plural(of: candidate) == word
    }
    // A noun Folio's tables know wins: meses is mes, not mese; clases is clase, not clas.
    return singulars.first { SpanishNouns.isListed($0.lowercased()) } ?? singulars.first
  }
}
