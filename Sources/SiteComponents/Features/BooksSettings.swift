import Diagnostics
import SiteContent
import YAML

/// `books:` in folio.yaml: what every book of the site makes besides its print page and EPUB.
/// `pdf: true` makes each book's PDF with Chromium on every build, as `folio build --pdf` does
/// for one run.
package struct BooksSettings: Sendable, Equatable {
  /// Whether each book's PDF is made (`books.pdf`).
  package var pdf = false
  /// Where `books:` is written.
  package var location: SourceLocation?
}

extension BooksSettings: SettingsSection {
  /// `books`.
  package static let key = "books"
  /// No PDF.
  package static let defaultValue: BooksSettings? = nil

  /// Reads `books:`, a mapping of `pdf: true|false`.
  package static func read(_ value: YAMLValue, in path: String) throws -> BooksSettings? {
    guard value.mapping != nil else { throw value.mismatch("a mapping such as {pdf: true}", "books") }
    var settings = BooksSettings(location: value.location)
    for (key, entry) in value.stringEntries {
      switch key {
      case "pdf": settings.pdf = try entry.expectBool("books.pdf")
      default:
        throw ContentProblem.unknownSetting(
          key: key, parent: "books", closest: EditDistance.closest(to: key, in: ["pdf"]), known: ["pdf"]
        ).error(at: entry.location)
      }
    }
    return settings
  }
}

extension SiteConfiguration {
  /// What `books:` says (nil when folio.yaml has none).
  package var books: BooksSettings? { sections[BooksSettings.self] }
}

/// Books (`book:` in a section's `_index.md`): the site layer finds them and writes their print
/// pages, EPUBs and PDFs; the feature declares `books:`.
struct BookFeature: SiteFeature {
  var settingsSection: (any SettingsSection.Type)? { BooksSettings.self }
}
