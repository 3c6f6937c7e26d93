import Diagnostics
import SiteContent
import YAML

/// What a section's `book:` front matter says: `true`, or a mapping that names the book
/// otherwise than its section (`title`, `author` (one or a list), `language`, `cover`,
/// `identifier`, `description`, `publisher`, `rights`).
package struct BookSettings: Sendable, Hashable {
  /// The book's title (nil: the section's).
  package var title: String?
  /// Its authors (none: the site's author, if any).
  package var authors: [String] = []
  /// Its language (nil: the section page's).
  package var language: String?
  /// The cover image as written: beside the `_index.md`, or from `Content/` with a leading `/`.
  package var cover: String?
  /// Its identifier (an ISBN or URN); nil: one made from the site's URL and the section's.
  package var identifier: String?
  /// A description for the EPUB's metadata.
  package var description: String?
  /// The publisher.
  package var publisher: String?
  /// The rights statement.
  package var rights: String?
  /// Where `book:` is written.
  package var location: SourceLocation?

  /// A book named as its section.
  package init() {}

  /// The book `section` says it is, with warnings for keys Folio does not know; nil when its
  /// front matter has no `book:` or says `book: false`.
  package static func read(_ section: Page, warnings: inout [Diagnostic]) throws(DiagnosticError)
    -> BookSettings?
  {
    guard let (_, value) = section.params.last(where: { $0.key == "book" }) else { return nil }
    var settings = BookSettings()
    settings.location = value.location ?? SourceLocation(path: section.sourcePath, line: 1, column: 1)
    if let bool = value.bool { return bool ? settings : nil }
    guard value.mapping != nil else {
      let found =
        value.string.map { "the string '\($0)'" }
        ?? (value.array != nil ? "a list" : value.isNull ? "nothing" : "a number")
      throw DiagnosticError(BookProblem.notABookValue(found: found).diagnostic(at: settings.location))
    }
    func text(_ key: String, _ value: YAMLValue) throws(DiagnosticError) -> String {
      guard let string = value.string ?? value.int.map(String.init) else {
        throw DiagnosticError(
          BookProblem.notText(key: key).diagnostic(at: value.location ?? settings.location))
      }
      return string
    }
    for (key, entry) in value.stringEntries {
      switch key {
      case "title": settings.title = try text(key, entry)
      case "author", "authors":
        if let list = entry.array {
          for item in list { settings.authors.append(try text(key, item)) }
        } else {
          settings.authors = [try text(key, entry)]
        }
      case "language", "lang": settings.language = try text(key, entry)
      case "cover": settings.cover = try text(key, entry)
      case "identifier", "isbn": settings.identifier = try text(key, entry)
      case "description": settings.description = try text(key, entry)
      case "publisher": settings.publisher = try text(key, entry)
      case "rights": settings.rights = try text(key, entry)
      default:
        warnings.append(
          BookProblem.unknownKey(key, closest: EditDistance.closest(to: key, in: BookProblem.keys))
            .diagnostic(
              at: entry.location ?? settings.location))
      }
    }
    return settings
  }
}
