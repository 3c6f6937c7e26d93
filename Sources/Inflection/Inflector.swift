import PluralRules
import RichText

/// Automatic grammar agreement, as Foundation's Markdown does it: in a span written
/// `^[3 bookmark](inflect: true)`, the words are made to agree with the number in it ("3
/// bookmarks"), in English and Spanish, with the CLDR plural rules of the language (ICU).
///
/// ```swift
/// let text = MarkdownParser(options: MarkdownOptions(extendedAttributes: true))
///   .parse("^[2 manzana roja](inflect: true)")
/// let inflection = Inflector(language: "es").inflect(text)
/// inflection.text.characters  // "2 manzanas rojas"
/// ```
///
/// A span that agrees loses Apple's agreement keys (`inflect`, `morphology`,
/// `inflectionAlternative`), so no `data-inflect` is rendered; its other attributes stay. A span
/// whose agreement cannot be decided takes its `inflectionAlternative`, or stays as written with
/// an ``InflectionProblem``. In other languages (Japanese has no plural forms to choose) every
/// span stays as written, and nothing is reported.
public struct Inflector: Sendable {
  /// The language of the text (BCP 47: `en`, `es-MX`).
  public let language: String
  /// The language's plural rules, opened once (about 90 µs) for every text and phrase; nil for
  /// a language Folio does not inflect.
  private let rules: PluralRules?
  /// Whether an agreeing span's numeral is written as the language writes numbers, through ICU
  /// ("^[1234 page](inflect: true)" → "1,234 pages"; Spanish "12.345 páginas"): a site's
  /// `digitGrouping: true`.
  public let groupsDigits: Bool
  /// Which agreement rules the language takes, worked out once (every page of a site asks).
  private let agreementLanguage: PhraseAgreement.Language?

  /// An inflector for text in `language`, grouping the numerals' digits when `groupsDigits`.
  /// Make one for many texts: it opens the language's plural rules once.
  public init(language: String, groupsDigits: Bool = false) {
    self.language = language
    self.groupsDigits = groupsDigits
    agreementLanguage = Self.agreementLanguage(language)
    rules = agreementLanguage == nil ? nil : PluralRules(language: language)
  }

  /// Whether Folio inflects words of `language`: English and Spanish.
  public static func inflects(_ language: String) -> Bool { agreementLanguage(language) != nil }

  private static func agreementLanguage(_ language: String) -> PhraseAgreement.Language? {
    let primary = language.split(whereSeparator: { $0 == "-" || $0 == "_" }).first?.lowercased()
    switch primary {
    case "en": return .english
    case "es": return .spanish
    default: return nil
    }
  }

  /// `text` with its inflected spans made to agree, and what could not be.
  public func inflect(_ text: AttributedText) -> InflectedText {
    guard let agreementLanguage, let rules else {
      return InflectedText(text: text)
    }
    let spans = InflectedRuns.find(in: text)
    guard !spans.isEmpty else { return InflectedText(text: text) }
    var rewriter = InflectionRewriter()
    var problems: [InflectionProblem] = []
    for span in spans {
      let request = span.request
      for reason in request.problems {
        problems.append(InflectionProblem(span: span.sourceSpan, reason: reason))
      }
      let agreement = PhraseAgreement(
        language: agreementLanguage, rules: rules, number: request.number, gender: request.gender,
        groupsDigits: groupsDigits)
      switch span.apply(agreement.agree(span.text), into: &rewriter) {
      case .none: break
      case .some(let problem): problems.append(problem)
      }
    }
    return InflectedText(text: text.rewritten(with: &rewriter), problems: problems)
  }

  /// `phrase`, plain text such as a template's words, made to agree with the number in it as an
  /// `inflect: true` span would be: "3 result" → "3 results", Spanish "2 manzana roja" →
  /// "2 manzanas rojas". Only words change; everything between them stays as written, so a
  /// caller that hides markup behind spaces can apply ``InflectedPhrase/replacements`` to the
  /// original. In a language Folio does not inflect the phrase stays as written, with no
  /// problem.
  public func inflect(phrase: String) -> InflectedPhrase {
    guard let agreementLanguage, let rules else {
      return InflectedPhrase(text: phrase)
    }
    let agreement = PhraseAgreement(
      language: agreementLanguage, rules: rules, number: nil, gender: nil, groupsDigits: groupsDigits)
    switch agreement.agree(phrase) {
    case .undecided(let reason):
      return InflectedPhrase(text: phrase, problem: reason)
    case .agreed(let replacements):
      var bytes = Array(phrase.utf8)
      // Right to left, so earlier offsets stay valid.
      for replacement in replacements.reversed() {
        bytes.replaceSubrange(replacement.range, with: Array(replacement.text.utf8))
      }
      return InflectedPhrase(
        text: String(decoding: bytes, as: UTF8.self),
        replacements: replacements.map { InflectedPhrase.Replacement(range: $0.range, text: $0.text) })
    }
  }
}
