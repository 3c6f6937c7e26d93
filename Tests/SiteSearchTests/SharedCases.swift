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

  /// The cases, read once.
  static let shared: SharedCases = {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../Search/cases.json").standardizedFileURL
    // A missing or broken fixture is a failure of every test that reads it, not a crash.
    guard let data = try? Data(contentsOf: url),
      let cases = try? JSONDecoder().decode(SharedCases.self, from: data)
    else { return SharedCases(tokens: [], queries: [], site: Site(language: "en"), pages: [], searches: []) }
    return cases
  }()

  /// The fixture's pages as the build makes them: Markdown parsed, then read for search.
  var documents: [SearchDocument] {
    pages.map { page in
      SearchDocument(
        url: "/\(page.path)/", title: page.title, date: page.date, language: page.lang ?? site.language,
        text: SearchText(title: page.title, text: MarkdownParser().parse(page.body)))
    }
  }
}
