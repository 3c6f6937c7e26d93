import Diagnostics

/// What can be wrong with a book: its `book:` setting, its cover, and making its files; each
/// worded here, once.
package enum BookProblem: Equatable, Sendable {
  /// `book:` is neither true, false nor a mapping.
  case notABookValue(found: String)
  /// A key of `book:` that Folio does not know, with the closest known one.
  case unknownKey(String, closest: String?)
  /// A `book:` value that should be text.
  case notText(key: String)
  /// The cover names no image of the site.
  case noSuchCover(String)
  /// The cover is not a JPEG, PNG, GIF, WebP or SVG file.
  case coverNotAnImage(String)
  /// A book section holds no chapter.
  case noChapters(section: String)
  /// A chapter's HTML could not be read to make the EPUB or the print page.
  case chapterNotReadable(reason: String)
  /// The EPUB could not be made.
  case epubFailed(reason: String)
  /// Chromium, which makes the PDF, is not installed.
  case chromiumMissing
  /// Chromium ran and made no PDF.
  case pdfFailed(reason: String)

  /// The keys `book:` reads.
  static let keys = [
    "title", "author", "language", "cover", "identifier", "description", "publisher", "rights",
  ]

  /// The finding at `location`: unknown keys are warnings, the rest errors.
  package func diagnostic(at location: SourceLocation?) -> Diagnostic {
    switch self {
    case .notABookValue(let found):
      .error(
        "expected true or a mapping for 'book', found \(found)", at: location,
        hint: "write `book: true`, or `book: {title: …, author: …}` to name the book otherwise")
    case .unknownKey(let key, let closest):
      .warning(
        "unknown key 'book.\(key)' (left out)", at: location,
        hint: closest.map { "did you mean 'book.\($0)'?" }
          ?? "the keys are: " + BookProblem.keys.map { "book." + $0 }.joined(separator: ", "))
    case .notText(let key):
      .error(
        "expected text for 'book.\(key)'", at: location,
        hint: "write it as a string, such as `\(key): 'Folio'`")
    case .noSuchCover(let path):
      .error(
        "the book's cover '\(path)' is no image of the site", at: location,
        hint: "name an image file beside the section's _index.md, or its path from Content/ starting with '/'"
      )
    case .coverNotAnImage(let path):
      .error(
        "the book's cover '\(path)' is not a JPEG, PNG, GIF, WebP or SVG image", at: location,
        hint: "convert the cover to JPEG or PNG")
    case .noChapters(let section):
      .warning(
        "the book '\(section)' has no chapters, so no EPUB or print page is made", at: location,
        hint: "add pages to the section's folder")
    case .chapterNotReadable(let reason):
      .error("a chapter of the book could not be made: \(reason)", at: location, hint: nil)
    case .epubFailed(let reason):
      .error("the book's EPUB could not be made: \(reason)", at: location, hint: nil)
    case .chromiumMissing:
      .error(
        "making the book's PDF needs Chromium, which is not installed", at: location,
        hint: "install the package chromium (apt-get install chromium), or build without --pdf")
    case .pdfFailed(let reason):
      .error("Chromium made no PDF of the book: \(reason)", at: location, hint: nil)
    }
  }
}
