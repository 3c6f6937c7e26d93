import MarkdownParsing
import RichText
import Testing

/// `:::` containers nest at most ``MarkdownParser/maximumContainerDepth`` deep: the line that would
/// open one deeper is text, and the parse says where it is. The parse's work grows in proportion
/// to the page, whatever its containers (counted in the extension's steps, never timed).
@Suite struct TooDeepContainerTests {
  private let options = MarkdownOptions(extensions: [.table, .footnotes], syntax: Set(WriterSyntax.allCases))

  private func parse(_ markdown: String, options: MarkdownOptions? = nil) -> (
    AttributedText, TooDeepContainer?
  ) {
    var tooDeep: TooDeepContainer? = nil
    let text = MarkdownParser(options: options ?? self.options).parse(
      Array(markdown.utf8), tooDeepContainer: &tooDeep)
    return (text, tooDeep)
  }

  private func containerCount(_ text: AttributedText) -> Int {
    text.blockRecords.count { record in
      switch record.kind {
      case .callout, .disclosure: true
      default: false
      }
    }
  }

  @Test func thirtyTwoContainersNestAndTheNextOpeningLineIsText() {
    let depth = MarkdownParser.maximumContainerDepth
    #expect(depth == 32)
    let (text, tooDeep) = parse(String(repeating: ":::message\n", count: depth + 2) + "x\n")
    #expect(containerCount(text) == depth)
    #expect(
      tooDeep
        == TooDeepContainer(
          name: "message", span: SourceSpan(startLine: 33, startColumn: 1, endLine: 33, endColumn: 3)))
    #expect(html(of: text).contains("<p>:::message\n:::message\nx</p>\n</div>\n"))
    #expect(
      tooDeep?.diagnostic(.error, in: "a.md").description == """
        a.md:33:1: error: ':::message' nests deeper than 32 containers
            hint: close the containers around it first (a line of as many colons as one opened with); \
        a page may put at most 32 ':::' blocks inside one another
        """)
  }

  @Test func exactlyTheLimitIsNoFinding() {
    let depth = MarkdownParser.maximumContainerDepth
    let (text, tooDeep) = parse(
      (0..<depth).map { String(repeating: ":", count: 3 + depth - $0) + "details d\($0)\n" }.joined() + "x\n"
        + String(repeating: ":", count: 3 + depth) + "\nafter\n")
    #expect(containerCount(text) == depth)
    #expect(tooDeep == nil)
    #expect(html(of: text).hasSuffix("</details>\n<p>after</p>\n"))
  }

  @Test func theFindingNamesItsLineInTheFileAndTheKindItOpens() {
    var options = self.options
    options.lineOffset = 3
    let markdown = "> " + String(repeating: ":::message\n> ", count: 32) + "::::note warn\n> x\n"
    let (_, tooDeep) = parse(markdown, options: options)
    #expect(
      tooDeep
        == TooDeepContainer(
          name: "note", span: SourceSpan(startLine: 36, startColumn: 3, endLine: 36, endColumn: 6)))
  }

  @Test func containersInsideOtherBlocksCountOnlyContainers() {
    // Thirty list items deep in 30 quotes would be far past the limit if every block counted.
    let (text, tooDeep) = parse(String(repeating: "> - ", count: 30) + ":::message\nx\n")
    #expect(containerCount(text) == 1)
    #expect(tooDeep == nil)
  }

  /// Pages whose `:::` lines once made (or could make) the parse's work grow faster than the page.
  enum Shape: String, CaseIterable, CustomTestStringConvertible {
    /// The reported page: each line opens a container inside the last.
    case openers
    case siblings
    case closersWithoutOpeners
    /// Blocks of 40 containers, each with one colon less than the one around it.
    case decreasingColons
    case openersInABlockQuote
    case openersInOneListItem
    case containerPerListItem
    case openersAndBlankLines
    /// Lines of colons that close nothing, each read by every container open around them.
    case colonLinesInDeepContainers

    var testDescription: String { rawValue }

    /// The page with `count` repetitions of the shape.
    func markdown(_ count: Int) -> String {
      switch self {
      case .openers: String(repeating: ":::message\n", count: count)
      case .siblings: String(repeating: ":::message\nx\n:::\n", count: count)
      case .closersWithoutOpeners: String(repeating: ":::\n", count: count)
      case .decreasingColons:
        String(
          repeating: (0..<40).map { String(repeating: ":", count: 43 - $0) + "details s\n" }.joined() + "x\n"
            + String(repeating: ":", count: 43) + "\n", count: count / 40)
      case .openersInABlockQuote: String(repeating: "> :::message\n", count: count)
      case .openersInOneListItem: "- a\n" + String(repeating: "  :::message\n", count: count)
      case .containerPerListItem: String(repeating: "- :::message\n  x\n", count: count)
      case .openersAndBlankLines: String(repeating: ":::message\n\n", count: count)
      case .colonLinesInDeepContainers:
        String(repeating: ":::message\n", count: 40) + String(repeating: "::::::::::::::::x\n", count: count)
      }
    }
  }

  @Test(arguments: Shape.allCases) func twiceThePageIsAboutTwiceTheWork(_ shape: Shape) {
    func steps(_ count: Int) -> Int {
      let markdown = Array(shape.markdown(count).utf8)
      let before = MarkdownParser.containerStepsOnThisThread
      _ = MarkdownParser(options: options).parse(markdown)
      return MarkdownParser.containerStepsOnThisThread - before
    }
    let once = steps(2_000)
    let twice = steps(4_000)
    // Linear work doubles (a little more or less for the fixed start); with no depth limit, the
    // openers took four times the work (each line asked every container opened before it).
    #expect(once > 0)
    #expect(Double(twice) / Double(once) < 2.5, "\(once) then \(twice) steps")
  }
}
