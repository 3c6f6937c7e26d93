import Foundation
import MarkdownParsing
import SiteSearch
import Testing

/// Tests/Search/cases.json, the cases the Swift tests and the script's tests share.
struct SharedCases: Decodable {
  struct TokenCase: Decodable, CustomTestStringConvertible {
    var text: String
    var tokens: [[Field]]
    var testDescription: String { text }
  }
  struct QueryCase: Decodable, CustomTestStringConvertible {
    var text: String
    var terms: [[Field]]
    var testDescription: String { text }
  }
  struct PageCase: Decodable {
    var path: String
    var lang: String?
    var title: String
    var date: String?
    var body: String
  }
  struct SearchCase: Decodable, CustomTestStringConvertible {
    var language: String
    var query: String
    var results: [String]
    var testDescription: String { "\(language): \(query)" }
  }
  struct Site: Decodable {
    var language: String
    /// The languages of a multilingual site (its pages in another language are below
    /// `/<code>/`); none for a one-language site.
    var languages: [String]?
  }
  /// A site without `languages:`, its pages and the searches of its one index.
  struct OneLanguageSite: Decodable {
    var language: String
    var pages: [PageCase]
    var searches: [SearchCase]
  }
  /// A string, an integer or a Boolean of the JSON arrays.
  enum Field: Decodable, Equatable {
    case string(String)
    case int(Int)
    case bool(Bool)

    init(from decoder: Decoder) throws {
      let value = try decoder.singleValueContainer()
      if let bool = try? value.decode(Bool.self) {
        self = .bool(bool)
      } else if let int = try? value.decode(Int.self) {
        self = .int(int)
      } else {
        self = .string(try value.decode(String.self))
      }
    }
  }

  var tokens: [TokenCase]
  var queries: [QueryCase]
  var site: Site
  var pages: [PageCase]
  var searches: [SearchCase]
  var oneLanguageSite: OneLanguageSite

  /// The cases, read once.
  static let shared: SharedCases = {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../Search/cases.json").standardizedFileURL
    // A missing or broken fixture is a failure of every test that reads it, not a crash.
    guard let data = try? Data(contentsOf: url),
      let cases = try? JSONDecoder().decode(SharedCases.self, from: data)
    else {
      return SharedCases(
        tokens: [], queries: [], site: Site(language: "en"), pages: [], searches: [],
        oneLanguageSite: OneLanguageSite(language: "en", pages: [], searches: []))
    }
    return cases
  }()

  /// The fixture's pages as the build makes them: Markdown parsed, then read for search; on
  /// the multilingual site a page in another language than the default is below `/<code>/`.
  var documents: [SearchDocument] {
    SharedCases.documents(pages, language: site.language, prefixed: site.languages != nil)
  }

  /// The one-language site's pages, as its build makes them.
  var oneLanguageDocuments: [SearchDocument] {
    SharedCases.documents(oneLanguageSite.pages, language: oneLanguageSite.language, prefixed: false)
  }

  private static func documents(_ pages: [PageCase], language: String, prefixed: Bool) -> [SearchDocument] {
    pages.map { page in
      let pageLanguage = page.lang ?? language
      let prefix = prefixed && pageLanguage != language ? "/\(pageLanguage)" : ""
      return SearchDocument(
        url: "\(prefix)/\(page.path)/", title: page.title, date: page.date, language: pageLanguage,
        text: SearchText(title: page.title, text: MarkdownParser().parse(page.body)))
    }
  }
}
