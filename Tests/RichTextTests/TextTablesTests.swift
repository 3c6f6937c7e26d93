import RichText
import Testing

/// Editing a text's tables in place, as the Markdown rewriters do: the finished text is the one a
/// builder would have produced for the same tree.
@Suite struct TextTablesTests {
  /// `> *a* b` and then a second paragraph `c`, built by hand.
  private func sample() -> AttributedText {
    var builder = AttributedTextBuilder()
    builder.openBlock(.blockQuote)
    builder.openBlock(.paragraph)
    builder.openInline(.emphasized)
    builder.appendRun(.text, text: "a")
    builder.closeInline()
    builder.appendRun(.text, text: " b")
    builder.closeBlock()
    builder.closeBlock()
    builder.openBlock(.paragraph)
    builder.appendRun(.text, text: "c")
    builder.closeBlock()
    return builder.build()
  }

  @Test func aKindChangedInPlaceLeavesEverythingElse() {
    var tables = TextTables(sample())
    tables.blocks[0].kind = .callout(.init(style: .note, syntax: .gitHubAlert))
    let text = tables.text()
    #expect(
      text.runs[0].presentationIntent?.components.map(\.kind) == [
        .paragraph, .callout(.init(style: .note, syntax: .gitHubAlert)),
      ])
    #expect(text.characters == "a bc")
  }

  @Test func addedAndDroppedRecordsAreOrderedAndNumberedAsABuilderWould() {
    var tables = TextTables(sample())
    // Wrap " b" in a new strong container, drop the emphasis around "a" (its run moves up), and
    // put a new block around "c" that is added after every other record.
    let strong = tables.addInline(.stronglyEmphasized, parent: -1, span: .unknown)
    tables.runs[1].inline = strong
    tables.runs[0].inline = -1
    let quote = tables.addBlock(.blockQuote, parent: -1, span: .unknown)
    tables.blocks[2].parent = quote
    tables.blocks[2].depth = 1
    let edited = tables.text()

    var builder = AttributedTextBuilder()
    builder.openBlock(.blockQuote)
    builder.openBlock(.paragraph)
    builder.appendRun(.text, text: "a")
    builder.openInline(.stronglyEmphasized)
    builder.appendRun(.text, text: " b")
    builder.closeInline()
    builder.closeBlock()
    builder.closeBlock()
    builder.openBlock(.blockQuote)
    builder.openBlock(.paragraph)
    builder.appendRun(.text, text: "c")
    builder.closeBlock()
    builder.closeBlock()
    let built = builder.build()
    #expect(edited.dump() == built.dump())
    #expect(edited == built)
    #expect(edited.blockRecords.map(\.identity) == built.blockRecords.map(\.identity))
    #expect(edited.inlineRecords.map(\.identity) == built.inlineRecords.map(\.identity))
  }

  @Test func runsPointingAnywhereInTheBytesAreLaidOutInOrderAgain() {
    var tables = TextTables(sample())
    let added = tables.addBytes("z".utf8)
    tables.runs[2].start = added.lowerBound
    tables.runs[2].end = added.upperBound
    tables.runs.swapAt(0, 1)
    tables.isReordered = true
    let text = tables.text()
    #expect(text.characters == " baz")
    #expect(text.bytes == Array(" baz".utf8))
  }
}
