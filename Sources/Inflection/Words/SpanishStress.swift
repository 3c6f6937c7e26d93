/// Where a Spanish word is stressed, by the spelling rules of the Real Academia: a written
/// accent marks the stressed vowel; without one, a word ending in a vowel, n or s is stressed
/// on its second-last syllable, any other on its last. Plurals need it: adding -es moves the
/// stress one syllable from the end, which adds or removes a written accent (joven → jóvenes,
/// canción → canciones).
struct SpanishStress {
  /// The word's letters, lower case.
  let letters: [Character]
  /// Each syllable's vowel group (nucleus), as ranges of `letters`, first to last.
  let nuclei: [Range<Int>]
  /// Which nucleus is stressed.
  let stressed: Int
  /// The index in `letters` of the written accent, if any.
  let accent: Int?

  /// The stress of `word` (lower case); nil for a word without a vowel.
  init?(_ word: String) {
    letters = Array(word)
    var nuclei: [Range<Int>] = []
    var index = 0
    while index < letters.count {
      guard SpanishStress.isVowel(letters[index]) else {
        index += 1
        continue
      }
      var end = index + 1
      // A diphthong: an unstressed i or u beside another vowel is one syllable with it; two
      // strong vowels (a, e, o, or accented í, ú) are two.
      while end < letters.count, SpanishStress.isVowel(letters[end]),
        SpanishStress.isWeak(letters[end - 1]) || SpanishStress.isWeak(letters[end])
      {
        end += 1
      }
      nuclei.append(index..<end)
      index = end
    }
    guard !nuclei.isEmpty else { return nil }
    self.nuclei = nuclei
    accent = letters.firstIndex { "áéíóú".contains($0) }
    if let accent {
      stressed = nuclei.firstIndex { $0.contains(accent) } ?? nuclei.count - 1
    } else if let last = letters.last, "aeiouns".contains(last), nuclei.count > 1 {
      stressed = nuclei.count - 2
    } else {
      stressed = nuclei.count - 1
    }
  }

  /// Whether the stress is on the last syllable.
  var isFinal: Bool { stressed == nuclei.count - 1 }

  /// Whether the written accent is an í or ú beside another vowel, which it splits into two
  /// syllables (país, baúl): it stays in every form.
  var accentMarksHiatus: Bool {
    guard let accent, "íú".contains(letters[accent]) else { return false }
    let before = accent > 0 && SpanishStress.isPlainVowel(letters[accent - 1])
    let after = accent + 1 < letters.count && SpanishStress.isPlainVowel(letters[accent + 1])
    return before || after
  }

  /// The index of the vowel that takes a written accent when the stressed syllable needs one:
  /// the strong vowel of a diphthong, else its second vowel (cuídalo, construí).
  var stressedVowel: Int {
    let nucleus = nuclei[stressed]
    return nucleus.first { !SpanishStress.isWeak(letters[$0]) } ?? nucleus.upperBound - 1
  }

  static func isWeak(_ letter: Character) -> Bool { letter == "i" || letter == "u" || letter == "ü" }

  static func isPlainVowel(_ letter: Character) -> Bool { "aeiou".contains(letter) }

  /// Whether `letter` is a vowel. A final y (rey) counts as a consonant, as the accent rules
  /// read it; the silent u of que and gui joins its syllable, which changes no count.
  static func isVowel(_ letter: Character) -> Bool {
    "aeiouáéíóúü".contains(letter)
  }

  /// `letter` with a written accent.
  static func accented(_ letter: Character) -> Character {
    switch letter {
    case "a": "á"
    case "e": "é"
    case "i": "í"
    case "o": "ó"
    case "u", "ü": "ú"
    default: letter
    }
  }

  /// `letter` without its written accent.
  static func plain(_ letter: Character) -> Character {
    switch letter {
    case "á": "a"
    case "é": "e"
    case "í": "i"
    case "ó": "o"
    case "ú": "u"
    default: letter
    }
  }
}
