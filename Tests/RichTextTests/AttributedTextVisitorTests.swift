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
}
