import MarkdownParsing
import RichText
import Testing

/// Texts, runs and intents compare by value, as Foundation's types do: what was parsed, not
/// which storage holds it.
@Suite struct ValueSemanticsTests {
  private let markdown = "# Title\n\n> *quoted* [link](/a \"t\")\n\n- one\n- two[^1]\n\n[^1]: Note.\n"
  private func parse(_ markdown: String) -> AttributedText {
    MarkdownParser(options: .gitHubFlavored).parse(markdown)
  }

  @Test func twoParsesOfTheSameMarkdownAreEqualAndHashAlike() {
    let one = parse(markdown)
    let two = parse(markdown)
    #expect(one == two)
    #expect(one.hashValue == two.hashValue)
    #expect(Set([one, two]).count == 1)
    #expect(Array(one.runs) == Array(two.runs))
    for (a, b) in zip(one.runs, two.runs) {
      #expect(a.presentationIntent == b.presentationIntent)
      #expect(a.presentationIntent.hashValue == b.presentationIntent.hashValue)
      #expect(a.inlineIntent == b.inlineIntent)
      #expect(a.inlineIntent.hashValue == b.inlineIntent.hashValue)
    }
  }

  @Test func differentDocumentsAreNotEqual() {
    let base = parse("*a* b\n")
    #expect(base != parse("**a** b\n"))  // another container
    #expect(base != parse("*a* c\n"))  // other text
    #expect(base != parse("*a*  b\n"))  // other spans
    #expect(base != parse("> *a* b\n"))  // another block chain
    #expect(base != parse("*a* b\n\nc\n"))  // more runs
    #expect(Set([base, parse("*a* c\n"), parse("*a* b\n")]).count == 2)
  }

  @Test func intentsOfDifferentBlocksDifferEvenWithEqualKinds() {
    let text = parse("same\n\nsame\n")
    #expect(
      text.runs[0].presentationIntent?.innermost.kind == text.runs[1].presentationIntent?.innermost.kind)
    #expect(text.runs[0].presentationIntent != text.runs[1].presentationIntent)
    #expect(text.runs[0] != text.runs[1])
    let split = parse("_a_*b*\n")
    #expect(split.runs[0].inlineIntent != split.runs[1].inlineIntent)
  }

  @Test func slicesCompareByTheirRuns() {
    let one = parse(markdown)
    let two = parse(markdown)
    #expect(one.prefix(topLevelBlocks: 2) == two.prefix(topLevelBlocks: 2))
    #expect(one.prefix(topLevelBlocks: 2) != one)
    #expect(one.prefix(topLevelBlocks: 9) == one)
    #expect(one.slice(runs: 1..<3).runs[0] == one.runs[1])
    #expect(one.slice(runs: 1..<3).runs[0].presentationIntent == one.runs[1].presentationIntent)
  }

  @Test func builtTextsCompareByValueToo() {
    func build(_ word: String) -> AttributedText {
      var builder = AttributedTextBuilder()
      builder.openBlock(.paragraph)
      builder.openInline(.link(Link(url: "/a")))
      builder.appendRun(.text, text: word)
      builder.closeInline()
      builder.closeBlock()
      return builder.build()
    }
    #expect(build("x") == build("x"))
    #expect(build("x") != build("y"))
    #expect(AttributedText() == AttributedText())
    #expect(AttributedText() != build("x"))
  }
}
