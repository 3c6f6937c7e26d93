import MarkdownParsing
import RichText
import Testing

/// Facts the walker has to dig out of cmark-gfm, compared with what cmark-gfm prints.
@Suite struct CMarkTreeWalkerTests {
  private let footnotes = MarkdownOptions(extensions: [.footnotes])

  @Test func referencesInsideUnusedDefinitionsStillCountAsCmarkGFMCountsThem() {
    // cmark-gfm numbers `[^x]` inside the unused `[^u]` too, then drops `[^u]`: the second
    // visible reference is its third, and the footnote gets three back-links.
    let text = MarkdownParser(options: footnotes).parse("a[^x]\n\n[^u]: see [^x]\n\n[^x]: note\n\nb[^x]\n")
    #expect(text.runs.compactMap(\.footnoteReference?.ordinal) == [1, 3])
    let html = html(of: text)
    #expect(html.contains("id=\"fnref-x-3\""))
    #expect(html.contains("<a href=\"#fnref-x-3\" class=\"footnote-backref\""))
  }

  @Test func aNULByteInALabelReadsAsTheReplacementCharacter() {
    let text = MarkdownParser(options: footnotes).parse("x\u{0}[^a\u{0}b]\n\n[^a\u{0}b]: note\n")
    #expect(text.runs.compactMap(\.footnoteReference?.label) == ["a\u{FFFD}b"])
    #expect(html(of: text).contains("href=\"#fn-a%EF%BF%BDb\""))
  }

  @Test func manyFootnotesAreEachReferencedByTheirLabel() {
    // Reading labels from the source used to rescan it per definition (quadratic: seconds for
    // these 5,000); how long it takes is for a benchmark, what it gives is for a test.
    let count = 5_000
    let markdown =
      (0..<count).map { "x[^\($0)]\n" }.joined() + "\n"
      + (0..<count).map { "[^\($0)]: note \($0)\n\n" }.joined()
    let text = MarkdownParser(options: footnotes).parse(markdown)
    #expect(text.runs.compactMap(\.footnoteReference?.label) == (0..<count).map(String.init))
  }

  @Test func parsesOnManyThreadsAtOnceGiveIdenticalText() async {
    // Every parse allocates from an arena of its own, found through a thread-local slot.
    let markdown = String(repeating: "# T\n\n- *a* [l](u)\n- `b`\n\n| a |\n|---|\n| c |\n\n", count: 200)
    let options = MarkdownOptions(extensions: [.table])
    let expected = MarkdownParser(options: options).parse(markdown).dump()
    let dumps = await withTaskGroup(of: String.self) { group in
      for _ in 0..<16 { group.addTask { MarkdownParser(options: options).parse(markdown).dump() } }
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(dumps.allSatisfy { $0 == expected })
  }

  @Test func deepNestingNeitherCrashesNorLosesBlocks() {
    let text = MarkdownParser().parse(String(repeating: ">", count: 100_000) + " a\n")
    #expect(text.runs.count == 1)
    #expect(text.runs[0].presentationIntent?.depth == 100_001)
    #expect(
      html(of: text)
        == String(repeating: "<blockquote>\n", count: 100_000) + "<p>a</p>\n"
        + String(repeating: "</blockquote>\n", count: 100_000))
  }
}
