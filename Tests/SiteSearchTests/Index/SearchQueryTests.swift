import SiteSearch
import Testing

@Suite struct SearchQueryTests {
  static let index = SearchIndex(documents: SharedCases.shared.documents, languages: ["en"])

  @Test func theSharedCasesHaveSearches() {
    #expect(SharedCases.shared.searches.count >= 10)
    #expect(SearchQueryTests.index.languages.map(\.folder) == ["en", "ja"])
  }

  @Test(arguments: SharedCases.shared.searches)
  func resultsAsTheSharedCasesSay(_ testCase: SharedCases.SearchCase) throws {
    let language = try #require(SearchQueryTests.index.languages.first { $0.folder == testCase.language })
    let urls = SearchQuery(testCase.query).results(in: language).map { language.pages[$0.page].url }
    #expect(urls == testCase.results)
  }

  @Test func aPhraseComesBeforeAHigherScore() throws {
    let language = try #require(SearchQueryTests.index.languages.first { $0.folder == "en" })
    let results = SearchQuery("static site").results(in: language)
    #expect(results.map(\.isPhrase) == [true, false])
  }

  @Test func bigramsApartDoNotMatchTheWord() throws {
    // 新宿駅 has 新幹 (新幹部) and 幹線 (幹線道路), never side by side.
    let language = try #require(SearchQueryTests.index.languages.first { $0.folder == "ja" })
    let shinjuku = try #require(language.pages.firstIndex { $0.url == "/trains/shinjuku/" })
    let postings = ["新幹", "幹線"].compactMap { language.termIndex($0) }.map { language.postings(at: $0) }
    #expect(postings.count == 2)
    #expect(postings.allSatisfy { $0.contains { $0.page == shinjuku } })
    #expect(!SearchQuery("新幹線").results(in: language).contains { $0.page == shinjuku })
  }

  @Test func aPrefixReadsAtMostItsLimitOfShards() {
    var documents: [SearchDocument] = []
    for number in 0..<8000 {
      let text = SearchText(
        title: "Page \(number)", blocks: [.init(text: "prefix\(number) word", isHeading: false)])
      documents.append(
        SearchDocument(url: "/\(number)/", title: "Page \(number)", date: nil, language: "en", text: text))
    }
    let language = SearchIndex(documents: documents).languages[0]
    #expect(language.shards.count > SearchQuery.prefixShardLimit)
    #expect(SearchQuery("prefix").shards(in: language).count == SearchQuery.prefixShardLimit)
  }
}
