/// A section's URL pattern (`urls.permalinks` in folio.yaml), as Hugo's `permalinks` and
/// Jekyll's `permalink` write one: `/:year/:month/:slug/` puts a post dated 2021-01-22 with the
/// slug `dum-e` at `/2021/01/dum-e/`.
///
/// An imported site keeps its public URLs this way (links from elsewhere and search rankings
/// survive). Each `:token` is replaced by one of the page's facts; everything else is kept.
package struct Permalink: Sendable, Equatable {
  /// One part of the pattern: text kept as it is, or a fact of the page.
  enum Part: Sendable, Equatable {
    case text(String)
    case token(Token)
  }

  /// The facts a pattern may name, by Hugo's names (Jekyll's `:title` is the file's name,
  /// which `:filename` says).
  enum Token: String, CaseIterable, Sendable {
    /// The date's four-digit year.
    case year
    /// The date's two-digit month.
    case month
    /// The date's two-digit day.
    case day
    /// The front matter's `slug`, else the title made into a slug.
    case slug
    /// The title made into a slug (``Slug/of(_:)``).
    case title
    /// The file's name without `.md` (a bundle's folder name).
    case filename
    /// The `slug`, else the file's name.
    case slugorfilename
    /// The top section folder (`posts`).
    case section
    /// Every folder from the top to the page (`docs/guides`).
    case sections
  }

  /// What is wrong with a pattern written in folio.yaml.
  package enum Problem: Error, Equatable {
    /// `:name` is not one of ``Token``.
    case unknownToken(String)
    /// The pattern does not start with `/`, or ends with neither `/` nor `.html`.
    case notAFolderPath
  }

  let parts: [Part]
  /// The pattern as written.
  package let pattern: String

  /// Reads `pattern`: `/`-delimited text with `:token`s.
  package init(_ pattern: String) throws(Problem) {
    self.pattern = pattern
    // A pattern ending `.html` publishes each page as that file, as Jekyll's default `date`
    // style does (`/2024/01/02/title.html`): old links keep working.
    guard pattern.hasPrefix("/"), pattern.hasSuffix("/") || pattern.hasSuffix(".html") else {
      throw .notAFolderPath
    }
    var parts: [Part] = []
    var text = ""
    var index = pattern.startIndex
    while index < pattern.endIndex {
      let character = pattern[index]
      guard character == ":" else {
        text.append(character)
        index = pattern.index(after: index)
        continue
      }
      let nameStart = pattern.index(after: index)
      let nameEnd =
        pattern[nameStart...].firstIndex { !($0.isASCII && ($0.isLetter || $0 == "_")) } ?? pattern.endIndex
      let name = String(pattern[nameStart..<nameEnd])
      guard let token = Token(rawValue: name) else { throw .unknownToken(name) }
      if !text.isEmpty { parts.append(.text(text)) }
      text = ""
      parts.append(.token(token))
      index = nameEnd
    }
    if !text.isEmpty { parts.append(.text(text)) }
    self.parts = parts
  }

  /// Whether the pattern needs the page's date.
  package var needsDate: Bool {
    parts.contains { part in
      if case .token(let token) = part { return [.year, .month, .day].contains(token) }
      return false
    }
  }

  /// The URL of a page with these facts; `date` is `YYYY-MM-DD…` (checked by the loader) and
  /// must be given when ``needsDate``.
  package func url(date: String?, slug: String?, title: String, fileName: String, folder: String) -> String {
    var url = ""
    let date = Array((date ?? "0001-01-01").utf8)
    func digits(_ range: Range<Int>) -> String { String(decoding: date[range], as: UTF8.self) }
    for part in parts {
      switch part {
      case .text(let text): url += text
      case .token(.year): url += digits(0..<4)
      case .token(.month): url += digits(5..<7)
      case .token(.day): url += digits(8..<10)
      case .token(.slug): url += slug ?? Permalink.titleSlug(title, fileName)
      case .token(.title): url += Permalink.titleSlug(title, fileName)
      case .token(.filename): url += fileName
      case .token(.slugorfilename): url += slug ?? fileName
      case .token(.section): url += String(folder.split(separator: "/").first ?? "")
      case .token(.sections): url += folder
      }
    }
    // An empty fact (a page at the top has no section) leaves `//`: one `/` is meant.
    while let double = url.range(of: "//") { url.replaceSubrange(double, with: "/") }
    return url
  }

  /// The title as a slug, or the file's name when the title has no letter or digit to keep.
  private static func titleSlug(_ title: String, _ fileName: String) -> String {
    let slug = Slug.of(title)
    return slug.isEmpty ? fileName : slug
  }
}
