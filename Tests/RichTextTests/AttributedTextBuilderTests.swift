import RichText
import Testing

/// Building a text by hand, as rewriters do: the chains, identities and runs it yields.
@Suite struct AttributedTextBuilderTests {
  @Test func identitiesAreHandedOutInOpeningOrderFromOne() {
    var builder = AttributedTextBuilder()
    builder.openBlock(.blockQuote)
    builder.openBlock(.paragraph)
    builder.openInline(.emphasized)
    builder.appendRun(.text, text: "a")
    builder.closeInline()
    builder.closeBlock()
    builder.openBlock(.paragraph)
    builder.appendRun(.text, text: "b")
    builder.closeBlock()
    builder.closeBlock()
    let text = builder.build()
    #expect(text.runs[0].presentationIntent?.components.map(\.identity) == [2, 1])
    #expect(text.runs[0].inlineIntent?.innermost.identity == 3)
    #expect(text.runs[1].presentationIntent?.components.map(\.identity) == [4, 1])
  }

  @Test func runsKeepTheirTextKindAndSpan() {
    var builder = AttributedTextBuilder()
    builder.openBlock(.paragraph)
    let span = SourceSpan(startLine: 3, startColumn: 2, endLine: 3, endColumn: 4)
    builder.appendRun(.code, text: "x<y", span: span)
    builder.appendRun(.softBreak, text: " ")
    builder.closeBlock()
    let text = builder.build()
    #expect(text.runs.map(\.kind) == [.code, .softBreak])
    #expect(text.runs[0].text == "x<y")
    #expect(text.runs[0].sourceSpan == span)
    #expect(text.runs[1].sourceSpan == .unknown)
    #expect(text.characters == "x<y ")
    #expect(text.runs[0].inlinePresentationIntent == .code)
  }

  @Test func closingABlockClosesTheContainersLeftOpenInIt() {
    var builder = AttributedTextBuilder()
    builder.openBlock(.paragraph)
    builder.openInline(.stronglyEmphasized)
    builder.appendRun(.text, text: "a")
    builder.closeBlock()
    builder.openBlock(.paragraph)
    builder.appendRun(.text, text: "b")
    builder.closeBlock()
    let text = builder.build()
    #expect(text.runs[0].inlineIntent != nil)
    #expect(text.runs[1].inlineIntent == nil)
  }

  @Test func footnoteReferencesCarryTheirNumberAsText() {
    var builder = AttributedTextBuilder()
    builder.openBlock(.paragraph)
    builder.appendFootnoteReference(FootnoteReference(label: "n", index: 7, ordinal: 2), span: .unknown)
    builder.closeBlock()
    let run = builder.build().runs[0]
    #expect(run.kind == .footnoteReference)
    #expect(run.text == "7")
    #expect(run.footnoteReference == FootnoteReference(label: "n", index: 7, ordinal: 2))
  }

  @Test func anEmptyTextHasNoRuns() {
    #expect(AttributedText().isEmpty)
    #expect(AttributedTextBuilder().build().runs.isEmpty)
  }
}
