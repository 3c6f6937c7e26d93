import RichText
import Testing

/// Code written against Foundation's `InlinePresentationIntent` reads the same bits here.
@Suite struct InlinePresentationIntentTests {
  @Test func rawValuesMatchFoundation() {
    #expect(InlinePresentationIntent.emphasized.rawValue == 1)
    #expect(InlinePresentationIntent.stronglyEmphasized.rawValue == 2)
    #expect(InlinePresentationIntent.code.rawValue == 4)
    #expect(InlinePresentationIntent.strikethrough.rawValue == 32)
    #expect(InlinePresentationIntent.softBreak.rawValue == 64)
    #expect(InlinePresentationIntent.lineBreak.rawValue == 128)
    #expect(InlinePresentationIntent.inlineHTML.rawValue == 256)
    #expect(InlinePresentationIntent.blockHTML.rawValue == 512)
  }

  @Test func aRunGetsTheBitsOfEveryEnclosingContainer() {
    var builder = AttributedTextBuilder()
    builder.openBlock(.paragraph)
    builder.openInline(.strikethrough)
    builder.openInline(.link(Link(url: "u")))
    builder.openInline(.stronglyEmphasized)
    builder.appendRun(.code, text: "x")
    builder.closeBlock()
    let run = builder.build().runs[0]
    #expect(run.inlinePresentationIntent == [.code, .stronglyEmphasized, .strikethrough])
    #expect(run.inlinePresentationIntent.rawValue == 38)
    #expect(run.link?.url == "u")
  }
}
