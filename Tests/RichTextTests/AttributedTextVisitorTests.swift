import RichText
import Testing

/// Walking the tree with a visitor that overrides only what it needs.
@Suite struct AttributedTextVisitorTests {
  /// Collects heading titles with their levels, as a table of contents would.
  private struct HeadingCollector: AttributedTextVisitor {
    var headings: [(level: Int, title: String)] = []
    mutating func enterBlock(_ block: PresentationIntent.Component) {
      if case .header(let level) = block.kind { headings.append((level, "")) }
    }
    mutating func visitRun(_ run: Run) {
      if case .header = run.presentationIntent?.innermost.kind {
        headings[headings.count - 1].title += run.text
      }
    }
  }

  /// Records every event, to check nesting and order.
  private struct EventRecorder: AttributedTextVisitor {
    var events: [String] = []
    mutating func enterBlock(_ block: PresentationIntent.Component) { events.append("<\(block.kind)") }
    mutating func exitBlock(_ block: PresentationIntent.Component) { events.append(">\(block.kind)") }
    mutating func enterInline(_ container: InlineIntent.Component) { events.append("<\(container.kind)") }
    mutating func exitInline(_ container: InlineIntent.Component) { events.append(">\(container.kind)") }
    mutating func visitRun(_ run: Run) { events.append(run.text) }
  }

  private func sample() -> AttributedText {
    var builder = AttributedTextBuilder()
    builder.openBlock(.header(level: 1))
    builder.appendRun(.text, text: "Intro ")
    builder.openInline(.emphasized)
    builder.appendRun(.text, text: "now")
    builder.closeInline()
    builder.closeBlock()
    builder.openBlock(.paragraph)
    builder.appendRun(.text, text: "body")
    builder.closeBlock()
    builder.openBlock(.blockQuote)
    builder.openBlock(.header(level: 2))
    builder.appendRun(.text, text: "Quoted")
    builder.closeBlock()
    builder.closeBlock()
    return builder.build()
  }

  @Test func headingCollectorFindsEveryHeadingWithItsWholeTitle() {
    var collector = HeadingCollector()
    sample().walk(&collector)
    #expect(collector.headings.map(\.level) == [1, 2])
    #expect(collector.headings.map(\.title) == ["Intro now", "Quoted"])
  }

  @Test func eventsNestAndComeInDocumentOrder() {
    var recorder = EventRecorder()
    sample().walk(&recorder)
    #expect(
      recorder.events == [
        "<header(1)", "Intro ", "<emphasized", "now", ">emphasized", ">header(1)", "<paragraph", "body",
        ">paragraph", "<blockQuote", "<header(2)", "Quoted", ">header(2)", ">blockQuote",
      ])
  }

  @Test func deepNestingIsWalkedWithoutRecursion() {
    var builder = AttributedTextBuilder()
    let depth = 100_000
    for _ in 0..<depth { builder.openBlock(.blockQuote) }
    builder.appendRun(.text, text: "deep")
    for _ in 0..<depth { builder.closeBlock() }
    var recorder = EventRecorder()
    builder.build().walk(&recorder)
    #expect(recorder.events.count == 2 * depth + 1)
    #expect(recorder.events[depth] == "deep")
  }

  /// Records blocks in their long forms: the chain's depth and parent, and whether each block
  /// closes as its parent's last child.
  private struct PlaceRecorder: AttributedTextVisitor {
    var events: [String] = []
    var chains: [PresentationIntent] = []
    mutating func enterBlock(_ block: PresentationIntent) {
      chains.append(block)
      events.append(
        "<\(block.innermost.kind) depth \(block.depth) in \(block.parent?.innermost.kind.description ?? "-")")
    }
    mutating func exitBlock(_ block: PresentationIntent, isLastChild: Bool) {
      events.append(">\(block.innermost.kind)\(isLastChild ? " last" : "")")
    }
  }

  /// Two items in a list, then a paragraph: the list's second item is its last child; the list
  /// is not the text's last block, the paragraph is.
  private func list() -> AttributedText {
    var builder = AttributedTextBuilder()
    builder.openBlock(.unorderedList(isTight: true))
    for (ordinal, word) in ["a", "b"].enumerated() {
      builder.openBlock(.listItem(ordinal: ordinal + 1, task: nil))
      builder.openBlock(.paragraph)
      builder.appendRun(.text, text: word)
      builder.closeBlock()
      builder.closeBlock()
    }
    builder.closeBlock()
    builder.openBlock(.paragraph)
    builder.appendRun(.text, text: "c")
    builder.closeBlock()
    return builder.build()
  }

  @Test func longFormsSeeTheChainAndWhetherABlockIsItsParentsLastChild() {
    var recorder = PlaceRecorder()
    list().walk(&recorder)
    #expect(
      recorder.events == [
        "<unorderedList(tight) depth 1 in -", "<listItem(1) depth 2 in unorderedList(tight)",
        "<paragraph depth 3 in listItem(1)", ">paragraph last", ">listItem(1)",
        "<listItem(2) depth 2 in unorderedList(tight)", "<paragraph depth 3 in listItem(2)",
        ">paragraph last",
        ">listItem(2) last", ">unorderedList(tight)", "<paragraph depth 1 in -", ">paragraph last",
      ])
  }

  @Test func theChainOfAnOpeningBlockIsThePresentationIntentOfItsRuns() {
    var recorder = PlaceRecorder()
    let text = list()
    text.walk(&recorder)
    let paragraphs = recorder.chains.filter { $0.innermost.kind == .paragraph }
    #expect(paragraphs == text.runs.map { $0.presentationIntent! })
    #expect(paragraphs[0].parent?.parent?.innermost.kind == .unorderedList(isTight: true))
    #expect(paragraphs[0].parent?.parent?.parent == nil)
    #expect(paragraphs[2].parent == nil)
  }

  @Test func shortFormsStillComeWhenOnlyTheyAreImplemented() {
    var recorder = EventRecorder()
    list().walk(&recorder)
    #expect(recorder.events.first == "<unorderedList(tight)")
    #expect(recorder.events.last == ">paragraph")
    #expect(recorder.events.count == 2 * 6 + 3)
  }

  /// A visitor that skips children still gets the long-form exit of the block it skipped.
  private struct QuoteSkipper: AttributedTextVisitor {
    var events: [String] = []
    mutating func enterBlock(_ block: PresentationIntent) { events.append("<\(block.innermost.kind)") }
    mutating func shouldVisitChildren(of block: PresentationIntent.Component) -> Bool {
      block.kind != .blockQuote
    }
    mutating func exitBlock(_ block: PresentationIntent, isLastChild: Bool) {
      events.append(">\(block.innermost.kind)\(isLastChild ? " last" : "")")
    }
    mutating func visitRun(_ run: Run) { events.append(run.text) }
  }

  @Test func skippingWorksWithTheLongForms() {
    var skipper = QuoteSkipper()
    sample().walk(&skipper)
    #expect(
      skipper.events == [
        "<header(1)", "Intro ", "now", ">header(1)", "<paragraph", "body", ">paragraph", "<blockQuote",
        ">blockQuote last",
      ])
  }
}
