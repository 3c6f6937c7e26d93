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

@Suite struct SearchTokenizerShortcutTests {
  /// Text the shortcut reads without NFKC and text it must hand to NFKC.
  static let texts: [String] =
    SharedCases.shared.tokens.map(\.text) + SharedCases.shared.pages.flatMap { [$0.title, $0.body] } + [
      "“Quoted” — dashes – and ‘single’ quotes…", "Ｆｕｌｌ－ｗｉｄｔｈ　ＡＳＣＩＩ（１２３）", "Café ÉCOLE ÀÖØÞ ß ÿ",
      "e\u{301}tude", "か\u{3099}き", "ｶﾞｷﾞ", "ﬁne ligature", "½ and ² and ①", "İstanbul", "ΑΘΗΝΑ Σ",
      "中文，日本語。한국어!", "x\u{00A0}y", "Ⅻ roman", "〜波ダッシュ〜 ゝゞヽヾ",
      // All ASCII (read from the bytes, without the scalar arrays): joins and cuts at the edges.
      "Don't STOP at 3.14, 1,000 or v1.2.3: a_b 'quoted' x' 'y",
      "folio.yaml end. ,lead a''b 1.2.3.4 x,y 1,a 1.",
      String(repeating: "A", count: 70) + "B c",
      "__init__\tTab\nLine\r\n" + String(repeating: "z'", count: 40),
      "", " ", "'", "9.", ".9", "a'1 1'a 2,b b,2",
      // Cut at ASCII whitespace into ASCII and other pieces: the words either side of a piece
      // with other characters, at the start, the end, between tabs and line breaks.
      "It’s the “best” way, don’t you think? 3.14 and ½",
      "café\tnext 1,000 e\u{301}tude\nΑΘΗΝΑΣ ΟΔΟΣ end", "日本語 and English 混在 text ｶﾞ ok",
      "’start and end’ ’ x ’y z’", "  \u{301}lead  ﬁ  ", "a\u{00A0}b c d\u{2019}e f",
    ]

  @Test(arguments: texts)
  func theShortcutGivesWhatNFKCGives(_ text: String) {
    #expect(SearchTokenizer.tokens(in: text) == SearchTokenizer.tokensThroughNFKC(in: text))
  }
}
