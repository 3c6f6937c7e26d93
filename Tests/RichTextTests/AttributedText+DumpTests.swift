import RichText
import Testing

/// `dump()`: one line per block, container and run, two spaces per level.
@Suite struct AttributedTextDumpTests {
  @Test func dumpShowsKindsIdentitiesSpansAndEscapedText() {
    var builder = AttributedTextBuilder()
    builder.openBlock(.blockQuote, span: SourceSpan(startLine: 1, startColumn: 1, endLine: 2, endColumn: 9))
    builder.openBlock(.paragraph, span: SourceSpan(startLine: 1, startColumn: 3, endLine: 2, endColumn: 9))
    builder.openInline(
      .link(Link(url: "/a", title: "T")),
      span: SourceSpan(startLine: 1, startColumn: 3, endLine: 1, endColumn: 14))
    builder.appendRun(
      .text, text: "say \"hi\"", span: SourceSpan(startLine: 1, startColumn: 4, endLine: 1, endColumn: 11))
    builder.closeInline()
    builder.appendRun(.lineBreak, text: "\n")
    builder.openInline(.attributes(CustomAttributes([("lang", .string("ja"))])))
    builder.appendRun(.text, text: "日本")
    builder.closeInline()
    builder.closeBlock()
    builder.closeBlock()
    builder.openBlock(.thematicBreak)
    builder.appendRun(.empty, text: "")
    builder.closeBlock()
    #expect(
      builder.build().dump() == """
        blockQuote#1 @1:1-2:9
          paragraph#2 @1:3-2:9
            link("/a" "T")#3 @1:3-1:14
              text @1:4-1:11 "say \\"hi\\""
            lineBreak @0:0-0:0 "\\n"
            attributes(lang: 'ja')#4 @0:0-0:0
              text @0:0-0:0 "日本"
        thematicBreak#5 @0:0-0:0
          empty @0:0-0:0

        """)
  }

  @Test func kindsPrintTheirDetails() {
    let kinds: [(PresentationIntent.Kind, String)] = [
      (
        .orderedList(start: 3, delimiter: .parenthesis, isTight: false),
        "orderedList(start: 3, delimiter: parenthesis, loose)"
      ),
      (.listItem(ordinal: 2, task: .checked), "listItem(2, checked)"),
      (
        .codeBlock(languageHint: "swift", infoString: "swift x", isFenced: true),
        "codeBlock(\"swift\", info: \"swift x\")"
      ),
      (.codeBlock(languageHint: nil, infoString: "", isFenced: false), "codeBlock(nil, indented)"),
      (.table(columns: [.init(alignment: .left), .init(alignment: .none)]), "table(left,none)"),
      (.footnoteDefinition(label: "a", index: 1, referenceCount: 2), "footnoteDefinition(\"a\", 1, refs: 2)"),
    ]
    for (kind, expected) in kinds { #expect(kind.description == expected) }
  }
}
