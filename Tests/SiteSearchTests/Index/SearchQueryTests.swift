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

  /// A one-language site's index: every page whatever its `lang`.
  static let oneLanguageIndex = SearchIndex(
    documents: SharedCases.shared.oneLanguageDocuments,
    languages: [SharedCases.shared.oneLanguageSite.language],
    combinedInto: SharedCases.shared.oneLanguageSite.language)

  @Test func aOneLanguageSiteHasOneIndexThatNamesItsPagesInOtherLanguages() throws {
    let index = SearchQueryTests.oneLanguageIndex
    #expect(index.languages.map(\.folder) == ["ja"])
    let language = try #require(index.languages.first)
    let english = try #require(language.pages.firstIndex { $0.url == "/posts/english/" })
    #expect(language.pageLanguages == ["en": [english]])
    let meta = String(decoding: index.files()["ja/meta.json"] ?? [], as: UTF8.self)
    #expect(meta.contains(",\"pageLanguages\":{\"en\":[\(english)]},"))
  }

  @Test(arguments: SharedCases.shared.oneLanguageSite.searches)
  func oneLanguageResultsAsTheSharedCasesSay(_ testCase: SharedCases.SearchCase) throws {
    let language = try #require(
      SearchQueryTests.oneLanguageIndex.languages.first { $0.folder == testCase.language })
    let urls = SearchQuery(testCase.query).results(in: language).map { language.pages[$0.page].url }
    #expect(urls == testCase.results)
  }

  @Test func theSiteLanguageComesBeforeAHigherScore() throws {
    let language = try #require(SearchQueryTests.oneLanguageIndex.languages.first)
    let results = SearchQuery("build").results(in: language)
    #expect(results.count == 2)
    // The English page scores higher (the word is its title) but comes second.
    #expect(results.first.map { language.pages[$0.page].url } == "/posts/build-ja/")
    #expect(results[0].score < results[1].score)
  }

  @Test func aPhraseComesBeforeAHigherScore() throws {
    let language = try #require(SearchQueryTests.index.languages.first { $0.folder == "en" })
    let results = SearchQuery("static site").results(in: language)
    #expect(results.map(\.isPhrase) == [true, false])
  }

  @Test func bigramsApartDoNotMatchTheWord() throws {
    // 新宿駅 has 新幹 (新幹部) and 幹線 (幹線道路), never side by side.
    let language = try #require(SearchQueryTests.index.languages.first { $0.folder == "ja" })
    let shinjuku = try #require(language.pages.firstIndex { $0.url == "/ja/trains/shinjuku/" })
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
