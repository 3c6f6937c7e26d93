import Diagnostics
import Inflection
import RichText
import SiteContent

/// Automatic grammar agreement (`^[3 bookmark](inflect: true)` → "3 bookmarks") in the pages
/// of English and Spanish, by ``Inflector``; each span it cannot decide is a warning at its
/// place. Pages in other languages keep their text as written.
struct InflectionFeature: SiteFeature {
  func rewrite(_ text: AttributedText, of page: Page, configuration: SiteConfiguration) -> (
    text: AttributedText, warnings: [Diagnostic]
  ) {
    let inflection = Inflector(language: page.language ?? configuration.language).inflect(text)
    return (inflection.text, inflection.problems.map { $0.diagnostic(in: page.sourcePath) })
  }
}
