import Diagnostics
import Inflection
import RichText
import SiteContent
import Synchronization

/// Automatic grammar agreement (`^[3 bookmark](inflect: true)` → "3 bookmarks") in the pages
/// of English and Spanish, by ``Inflector``; each span it cannot decide is a warning at its
/// place. Pages in other languages keep their text as written. With `digitGrouping: true` an
/// agreeing span's numeral is written as the language writes numbers ("1,234 pages").
struct InflectionFeature: SiteFeature {
  func rewrite(_ text: AttributedText, of page: Page, configuration: SiteConfiguration) -> (
    text: AttributedText, warnings: [Diagnostic]
  ) {
    let inflector = InflectionFeature.inflector(
      language: page.language ?? configuration.language, groupsDigits: configuration.digitGrouping)
    let inflection = inflector.inflect(text)
    return (inflection.text, inflection.problems.map { $0.diagnostic(in: page.sourcePath) })
  }

  /// One inflector per language and grouping, shared by every page and core: making one opens
  /// the language's plural rules in ICU (about 90 µs), 0.9 s of a 10,000-page build if each
  /// page made its own.
  private static func inflector(language: String, groupsDigits: Bool) -> Inflector {
    let key = (groupsDigits ? "1 " : "0 ") + language
    return made.withLock { made in
      if let inflector = made[key] { return inflector }
      let inflector = Inflector(language: language, groupsDigits: groupsDigits)
      made[key] = inflector
      return inflector
    }
  }

  private static let made = Mutex<[String: Inflector]>([:])
}
