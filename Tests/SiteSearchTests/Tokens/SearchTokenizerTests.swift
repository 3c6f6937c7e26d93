import SiteSearch
import Testing

@Suite struct SearchTokenizerTests {
  @Test func theSharedCasesHaveTokenCases() {
    #expect(SharedCases.shared.tokens.count >= 10)
  }

  @Test(arguments: SharedCases.shared.tokens)
  func tokensAsTheSharedCasesSay(_ testCase: SharedCases.TokenCase) {
    let tokens = SearchTokenizer.tokens(in: testCase.text).map { token -> [SharedCases.Field] in
      [.string(token.term), .int(token.position), .string("\(token.kind)")]
    }
    #expect(tokens == testCase.tokens)
  }

  @Test func widthAndCaseFoldTogether() {
    #expect(SearchTokenizer.normalised("ＣＩ") == "ci")
    #expect(SearchTokenizer.normalised("ﾊﾞｽ") == "バス")
  }

  @Test func kanaStayApart() {
    #expect(SearchTokenizer.normalised("カタカナ") != SearchTokenizer.normalised("かたかな"))
  }

  @Test func longWordsAreCut() {
    let word = String(repeating: "a", count: 100)
    #expect(SearchTokenizer.tokens(in: word).map(\.term) == [String(repeating: "a", count: 64)])
  }

  @Test(arguments: SharedCases.shared.queries)
  func queryTermsAsTheSharedCasesSay(_ testCase: SharedCases.QueryCase) {
    let terms = SearchQuery(testCase.text).terms.map { term -> [SharedCases.Field] in
      [.string(term.term), .int(term.position), .bool(term.isPrefix), .bool(term.followsPrevious)]
    }
    #expect(terms == testCase.terms)
  }
}
