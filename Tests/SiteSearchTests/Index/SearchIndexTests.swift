import SiteSearch
import Testing

@Suite struct SearchIndexTests {
  @Test func theSameDocumentsMakeTheSameBytes() {
    let documents = SharedCases.shared.documents
    let first = SearchIndex(documents: documents).files()
    let second = SearchIndex(documents: documents.reversed()).files()
    #expect(first == second)
    #expect(first.keys.contains("ja/meta.json"))
    #expect(first.keys.contains("en/p/0.json"))
  }

  @Test func pagesAreNumberedNewestFirstThenByTitle() throws {
    let english = try #require(
      SearchIndex(documents: SharedCases.shared.documents).languages.first { $0.folder == "en" })
    let order = english.pages.map(\.url)
    #expect(order.firstIndex(of: "/guide/alpha/")! < order.firstIndex(of: "/guide/beta/")!)
    #expect(order.firstIndex(of: "/guide/gamma/")! < order.firstIndex(of: "/guide/alpha/")!)
    #expect(order.first == "/guide/ci/")
  }

  @Test func aShardFileListsPostingsAsDocumented() {
    let text = SearchText(title: "A", blocks: [.init(text: "b b", isHeading: false)])
    let document = SearchDocument(url: "/a/", title: "A", date: "2026-01-01", language: "en", text: text)
    let files = SearchIndex(documents: [document]).files()
    let shard = files.first { $0.key.hasPrefix("en/t/") }.map { String(decoding: $0.value, as: UTF8.self) }
    // a: page 0, weight 6 (title), norm ⌊4·log2(1+3)⌋ = 8, one position (0); b: twice in the
    // body, positions 2 and 3 (a gap after the title).
    #expect(shard == "{\"terms\":[[\"a\",[0,6,8,1,0]],[\"b\",[0,2,8,2,2,1]]]}\n")
    let page = files["en/p/0.json"].map { String(decoding: $0, as: UTF8.self) }
    #expect(page == "{\"url\":\"/a/\",\"title\":\"A\",\"date\":\"2026-01-01\",\"text\":\"b b\"}\n")
  }

  @Test func frequentTermsHaveNoPositions() {
    let text = SearchText(
      title: "",
      blocks: [.init(text: Array(repeating: "x", count: 9).joined(separator: " "), isHeading: false)])
    let document = SearchDocument(url: "/", title: "", date: nil, language: "en", text: text)
    #expect(document.terms.map(\.positions) == [[]])
    #expect(document.terms.map(\.weightedFrequency) == [9])
  }

  @Test func languageFolders() {
    #expect(SearchIndex.folder(forLanguage: "ja-JP") == "ja-jp")
    #expect(SearchIndex.folder(forLanguage: "zh_Hant") == "zh-hant")
    #expect(SearchIndex.folder(forLanguage: "../x") == "x")
    #expect(SearchIndex.folder(forLanguage: "") == "und")
  }
}
