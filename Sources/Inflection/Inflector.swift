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

  /// An inflector for text in `language`.
  public init(language: String) {
    self.language = language
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
    guard let agreementLanguage = Self.agreementLanguage(language) else { return InflectedText(text: text) }
    let spans = InflectedRuns.find(in: text)
    guard !spans.isEmpty else { return InflectedText(text: text) }
    var rewriter = InflectionRewriter()
    var problems: [InflectionProblem] = []
    let rules = PluralRules(language: language)
    for span in spans {
      let request = span.request
      for reason in request.problems {
        problems.append(InflectionProblem(span: span.sourceSpan, reason: reason))
      }
      let agreement = PhraseAgreement(
        language: agreementLanguage, rules: rules, number: request.number,
        gender: request.gender)
      switch span.apply(agreement.agree(span.text), into: &rewriter) {
      case .none: break
      case .some(let problem): problems.append(problem)
      }
    }
    return InflectedText(text: text.rewritten(with: &rewriter), problems: problems)
  }
}
