import MarkdownParsing
import RichText
import Testing

@testable import SiteComponents

/// A page's opening text as its description: spaces collapsed, cut before 200 characters.
@Suite struct PlainSummaryTests {
  private func summary(_ markdown: String) -> String {
    let text = MarkdownParser().parse(markdown)
    return PlainSummary.text(of: text, runs: 0..<text.runs.count)
  }

  @Test func spacesAndLineBreaksCollapseAndCodeCounts() {
    #expect(summary("  One\ttwo\n three  `four`\\\nfive\r\nsix.\n") == "One two three four five six.")
  }

  @Test func rawHTMLAndEmptyTextAreLeftOut() {
    #expect(summary("A <b>bold</b> word.\n") == "A bold word.")
    #expect(summary("") == "")
  }

  @Test func longEnglishIsCutAtASpaceWithAnEllipsis() {
    let words = Array(repeating: "word", count: 60).joined(separator: " ")
    let cut = summary(words)
    #expect(cut.count <= PlainSummary.limit)
    #expect(cut.hasSuffix("word…"))
    #expect(!cut.contains("  "))
  }

  @Test func longJapaneseIsCutWhereItIsCountedInCharacters() {
    let sentence = String(repeating: "日本語の文章です。", count: 30)
    let cut = summary(sentence)
    #expect(cut.count == PlainSummary.limit)
    #expect(cut == String(sentence.prefix(PlainSummary.limit - 1)) + "…")
  }

  @Test func aLongASCIIRunThatTurnsToAccentsIsCutInCharacters() {
    // The ASCII bytes are taken one by one, up to the one a combining mark joins.
    let text = String(repeating: "a", count: 150) + String(repeating: "e\u{301}", count: 100)
    #expect(summary(text) == String(text.prefix(PlainSummary.limit - 1)) + "…")
  }

  @Test func nonASCIIWhitespaceAndCombiningMarksAreCharacters() {
    // A no-break space and an ideographic space are spaces; "e" and a combining acute are one
    // character, as a reader sees them.
    #expect(summary("Caf\u{65}\u{301}\u{A0}au\u{3000}lait") == "Caf\u{E9} au lait")
    let accented = String(repeating: "e\u{301}", count: 250)
    #expect(summary(accented).count == PlainSummary.limit)
  }
}
