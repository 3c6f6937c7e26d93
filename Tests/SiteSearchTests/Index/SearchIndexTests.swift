import Foundation
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
    let shard = files.first { $0.key.hasPrefix("en/t/") && $0.key.hasSuffix(".bin") }?.value
    // Two terms, each its UTF-8's length and bytes, its postings' length and bytes. a: page 0,
    // weight 6 (title) and one position as 6·9 + 1 = 55, position 0; b: twice in the body,
    // 2·9 + 2 = 20, positions 2 and 3 (a gap after the title).
    let a = UInt8(ascii: "a")
    let b = UInt8(ascii: "b")
    #expect(shard == [2, 1, a, 3, 0, 55, 0, 1, b, 4, 0, 20, 2, 1])
    // The page's norm, ⌊4·log2(1+3)⌋ = 8, once for all its terms.
    #expect(files["en/norms.bin"] == [8])
    let page = files["en/p/0.json"].map { String(decoding: $0, as: UTF8.self) }
    #expect(page == "[{\"url\":\"/a/\",\"title\":\"A\",\"date\":\"2026-01-01\",\"text\":\"b b\"}]\n")
  }

  @Test func largeNumbersTakeSeveralVarintBytes() throws {
    // The empty title, a gap, 300 words at positions 1…300, then `z` at 301.
    let body = Array(repeating: "w", count: 300).joined(separator: " ") + " z"
    let text = SearchText(title: "", blocks: [.init(text: body, isHeading: false)])
    let document = SearchDocument(url: "/", title: "", date: nil, language: "en", text: text)
    let language = try #require(SearchIndex(documents: [document]).languages.first)
    let z = try #require(language.termIndex("z"))
    #expect(language.postings(at: z).map(\.positions) == [[301]])
    // Page 0, frequency 1 and one position (1·9 + 1), the position 301 = 2·128 + 45: the low
    // seven bits first with the high bit set (0x80 + 45), then 2.
    #expect(Array(language.postingBytes[z]) == [0, 10, 0xAD, 0x02])
    #expect(language.postings(at: z).map(\.norm) == [SearchIndex.norm(ofLength: 301)])
  }

  @Test func fourPagesShareAPageFile() {
    let documents = (0..<5).map { number in
      SearchDocument(
        url: "/\(number)/", title: "P\(number)", date: nil, language: "en",
        text: SearchText(title: "P\(number)", blocks: []))
    }
    let files = SearchIndex(documents: documents).files()
    let text = { (path: String) in files[path].map { String(decoding: $0, as: UTF8.self) } ?? "" }
    // Pages 0–3 (by title, none has a date) in the first file, page 4 alone in the second.
    #expect(text("en/p/0.json").hasPrefix("[{\"url\":\"/0/\""))
    #expect(text("en/p/0.json").components(separatedBy: "\"url\"").count == 5)
    #expect(text("en/p/1.json") == "[{\"url\":\"/4/\",\"title\":\"P4\",\"text\":\"\"}]\n")
    #expect(files["en/p/2.json"] == nil)
    #expect(text("en/meta.json").contains("\"pagesPerFile\":4,"))
  }

  @Test func frequentTermsHaveNoPositions() {
    let text = SearchText(
      title: "",
      blocks: [.init(text: Array(repeating: "x", count: 9).joined(separator: " "), isHeading: false)])
    let document = SearchDocument(url: "/", title: "", date: nil, language: "en", text: text)
    #expect(document.terms.map(\.positions) == [[]])
    #expect(document.terms.map(\.weightedFrequency) == [9])
  }

  @Test func pageFilesEscapeWhatJSONMustAtEveryOffset() throws {
    // The writer reads eight bytes at a time: each character to escape at each offset of a
    // word, between long plain runs and multi-byte characters, must come back as it was.
    let specials = ["\"", "\\", "\t", "\u{01}", "\u{1F}", "é", "日本"]
    var blocks: [SearchText.Block] = []
    for (number, special) in specials.enumerated() {
      for offset in 0..<9 {
        let text =
          String(repeating: "a", count: offset) + special + String(repeating: "b", count: 17 - number)
        blocks.append(.init(text: text, isHeading: false))
      }
    }
    let text = SearchText(title: "T \"q\"", blocks: blocks)
    let document = SearchDocument(url: "/p/", title: "T \"q\"", date: nil, language: "en", text: text)
    let file = try #require(SearchIndex(documents: [document]).files()["en/p/0.json"])
    let pages = try #require(try JSONSerialization.jsonObject(with: Data(file)) as? [[String: String]])
    #expect(pages.first?["title"] == "T \"q\"")
    #expect(pages.first?["text"] == blocks.map(\.text).joined(separator: "\n"))
  }

  @Test func languageFolders() {
    #expect(SearchIndex.folder(forLanguage: "ja-JP") == "ja-jp")
    #expect(SearchIndex.folder(forLanguage: "zh_Hant") == "zh-hant")
    #expect(SearchIndex.folder(forLanguage: "../x") == "x")
    #expect(SearchIndex.folder(forLanguage: "") == "und")
  }
}
