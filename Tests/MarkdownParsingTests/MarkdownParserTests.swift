import MarkdownParsing
import RichText
import Testing

/// The model a parse produces: block kinds and their details, identities, chain order,
/// source spans, and the inline facts Foundation's model cannot hold.
@Suite struct MarkdownParserTests {
  private let gfm = MarkdownOptions(extensions: [.table, .tasklist, .footnotes, .strikethrough])

  private func kinds(_ run: Run) -> [PresentationIntent.Kind] {
    run.presentationIntent?.components.map(\.kind) ?? []
  }

  @Test func headingsCarryTheirLevelForBothSyntaxes() {
    let text = MarkdownParser().parse("# One\n\nTwo\n---\n\n###### Six\n")
    #expect(text.runs.map { kinds($0) } == [[.header(level: 1)], [.header(level: 2)], [.header(level: 6)]])
    #expect(text.runs.map(\.text) == ["One", "Two", "Six"])
  }

  @Test func orderedListsKeepStartDelimiterAndTightness() {
    let text = MarkdownParser().parse("3) three\n4) four\n\n1. a\n\n   b\n")
    let first = text.runs[0]
    #expect(
      kinds(first) == [
        .paragraph, .listItem(ordinal: 1, task: nil),
        .orderedList(start: 3, delimiter: .parenthesis, isTight: true),
      ])
    #expect(kinds(text.runs[1])[1] == .listItem(ordinal: 2, task: nil))
    #expect(kinds(text.runs[2])[2] == .orderedList(start: 1, delimiter: .period, isTight: false))
  }

  @Test func taskItemsAreCheckedOrUncheckedAndOthersHaveNoState() {
    let text = MarkdownParser(options: gfm).parse("- [ ] todo\n- [x] done\n- plain\n")
    #expect(
      text.runs.map { kinds($0)[1] } == [
        .listItem(ordinal: 1, task: .unchecked), .listItem(ordinal: 2, task: .checked),
        .listItem(ordinal: 3, task: nil),
      ])
    #expect(text.runs.map(\.text) == ["todo", "done", "plain"])
  }

  @Test func taskSyntaxIsPlainTextWithoutTheExtension() {
    let text = MarkdownParser().parse("- [x] done\n")
    #expect(kinds(text.runs[0])[1] == .listItem(ordinal: 1, task: nil))
    #expect(text.runs[0].text == "[x] done")
  }

  @Test func codeBlocksKeepLanguageInfoAndFencing() {
    let text = MarkdownParser().parse(
      "```swift title=\"x\"\nlet a = 1\n```\n\n    indented\n\n```\nbare\n```\n")
    #expect(
      kinds(text.runs[0]) == [
        .codeBlock(languageHint: "swift", infoString: "swift title=\"x\"", isFenced: true)
      ])
    #expect(text.runs[0].text == "let a = 1\n")
    #expect(kinds(text.runs[1]) == [.codeBlock(languageHint: nil, infoString: "", isFenced: false)])
    #expect(text.runs[1].text == "indented\n")
    #expect(kinds(text.runs[2]) == [.codeBlock(languageHint: nil, infoString: "", isFenced: true)])
  }

  @Test func blockQuotesThematicBreaksAndHTMLBlocks() {
    let text = MarkdownParser().parse("> quote\n\n***\n\n<div>\nhtml\n</div>\n")
    #expect(kinds(text.runs[0]) == [.paragraph, .blockQuote])
    #expect(kinds(text.runs[1]) == [.thematicBreak])
    #expect(text.runs[1].kind == .empty)
    #expect(kinds(text.runs[2]) == [.htmlBlock])
    #expect(text.runs[2].kind == .blockHTML)
    #expect(text.runs[2].text == "<div>\nhtml\n</div>\n")
    #expect(text.runs[2].inlinePresentationIntent == .blockHTML)
  }

  @Test func tablesKeepAlignmentsHeaderRowsAndCellPositions() {
    let text = MarkdownParser(options: gfm).parse(
      "| a | b | c | d |\n|:--|:-:|--:|---|\n| 1 |  | 3 | 4 |\n| 5 | 6 | 7 | 8 |\n")
    let header = kinds(text.runs[0])
    #expect(
      header == [
        .tableCell(columnIndex: 0), .tableHeaderRow,
        .table(columns: [
          .init(alignment: .left), .init(alignment: .center), .init(alignment: .right),
          .init(alignment: .none),
        ]),
      ])
    #expect(kinds(text.runs[5])[0...1] == [.tableCell(columnIndex: 1), .tableRow(rowIndex: 1)])
    #expect(kinds(text.runs[11])[0...1] == [.tableCell(columnIndex: 3), .tableRow(rowIndex: 2)])
  }

  @Test func emptyListItemsAndEmptyCellsStillHaveARun() {
    let list = MarkdownParser().parse("- a\n-\n- c\n")
    #expect(list.runs.map(\.kind) == [.text, .empty, .text])
    #expect(kinds(list.runs[1]) == [.listItem(ordinal: 2, task: nil), .unorderedList(isTight: true)])
    let table = MarkdownParser(options: gfm).parse("| a | b |\n|---|---|\n| 1 |  |\n")
    #expect(table.runs.map(\.kind) == [.text, .text, .text, .empty])
    #expect(kinds(table.runs[3])[0] == .tableCell(columnIndex: 1))
  }

  @Test func footnotesCarryLabelsNumbersAndOrdinals() {
    let text = MarkdownParser(options: gfm).parse("A[^b] and[^a] and[^b].\n\n[^a]: First.\n\n[^b]: Second.\n")
    let references = text.runs.compactMap(\.footnoteReference)
    #expect(
      references == [
        FootnoteReference(label: "b", index: 1, ordinal: 1),
        FootnoteReference(label: "a", index: 2, ordinal: 1),
        FootnoteReference(label: "b", index: 1, ordinal: 2),
      ])
    #expect(text.runs.filter { $0.kind == .footnoteReference }.map(\.text) == ["1", "2", "1"])
    // Definitions come in order of first reference, after the body.
    let definitions = text.runs.compactMap { run in
      run.presentationIntent?.first { if case .footnoteDefinition = $0.kind { true } else { false } }?.kind
    }
    #expect(
      definitions == [
        .footnoteDefinition(label: "b", index: 1, referenceCount: 2),
        .footnoteDefinition(label: "a", index: 2, referenceCount: 1),
      ])
  }

  @Test func everyBlockHasItsOwnIdentityAndRunsOfABlockShareIt() {
    let text = MarkdownParser().parse("one *two*\n\none\n")
    let first = text.runs[0].presentationIntent!
    let second = text.runs[1].presentationIntent!
    let third = text.runs[2].presentationIntent!
    #expect(first == second)
    #expect(first.innermost.identity == second.innermost.identity)
    // Adjacent paragraphs of equal kind and equal text still differ.
    #expect(first != third)
    #expect(first.innermost.kind == third.innermost.kind)
    #expect(first.innermost.identity != third.innermost.identity)
    let identities = [
      first.innermost.identity, text.runs[1].inlineIntent!.innermost.identity, third.innermost.identity,
    ]
    #expect(Set(identities).count == 3)
  }

  @Test func chainsListTheInnermostBlockFirst() {
    let text = MarkdownParser().parse("> - a\n>\n>   b\n")
    #expect(
      kinds(text.runs[1]) == [
        .paragraph, .listItem(ordinal: 1, task: nil), .unorderedList(isTight: false), .blockQuote,
      ])
    #expect(text.runs[1].presentationIntent?.depth == 4)
    let inner = MarkdownParser().parse("***a***\n").runs[0].inlineIntent!.components.map(\.kind)
    // cmark-gfm reads `***a***` as `<em><strong>a</strong></em>`.
    #expect(inner == [.stronglyEmphasized, .emphasized])
  }

  @Test func separateEmphasesStayDistinctFromOneEmphasis() {
    // `<em>a</em><em>b</em>` and `<em>ab</em>` look the same to Foundation's bits.
    let split = MarkdownParser().parse("_a_*b*\n")
    let joined = MarkdownParser().parse("*ab*\n")
    #expect(split.runs.map(\.inlinePresentationIntent) == [.emphasized, .emphasized])
    #expect(split.runs[0].inlineIntent != split.runs[1].inlineIntent)
    #expect(joined.runs.count == 1)
    #expect(html(of: split) == "<p><em>a</em><em>b</em></p>\n")
    #expect(html(of: joined) == "<p><em>ab</em></p>\n")
  }

  @Test func inlinePresentationIntentsUseFoundationsRawValues() {
    let text = MarkdownParser(options: gfm).parse("*e* **s** `c` ~~x~~ <b>\na  \nb\n")
    func intent(of fragment: String) -> UInt? {
      text.runs.first { $0.text == fragment }?.inlinePresentationIntent.rawValue
    }
    #expect(intent(of: "e") == 1)
    #expect(intent(of: "s") == 2)
    #expect(intent(of: "c") == 4)
    #expect(intent(of: "x") == 32)
    #expect(intent(of: "<b>") == 256)
    #expect(text.runs.first { $0.kind == .softBreak }?.inlinePresentationIntent.rawValue == 64)
    #expect(text.runs.first { $0.kind == .lineBreak }?.inlinePresentationIntent.rawValue == 128)
    #expect(MarkdownParser().parse("<div>\n").runs[0].inlinePresentationIntent.rawValue == 512)
  }

  @Test func textIsDecodedAndBreaksReadAsFoundationReadsThem() {
    let text = MarkdownParser().parse("x &amp; &copy; &#x41; \\* y\nz\n")
    #expect(text.runs.map(\.text) == ["x & © A * y", " ", "z"])
    #expect(text.characters == "x & © A * y z")
  }

  @Test func sourceSpansGiveExactLinesAndColumns() {
    let text = MarkdownParser().parse("# Title\n\n> some *emphasis*\n")
    #expect(text.runs[0].sourceSpan.description == "1:3-1:7")
    #expect(text.runs[0].presentationIntent?.innermost.sourceSpan.description == "1:1-1:7")
    #expect(text.runs[1].sourceSpan.description == "3:3-3:7")
    #expect(text.runs[2].sourceSpan.description == "3:9-3:16")
    #expect(text.runs[2].inlineIntent?.innermost.sourceSpan.description == "3:8-3:17")
    #expect(
      text.runs[2].presentationIntent?.components.map(\.sourceSpan.description) == ["3:3-3:17", "3:1-3:17"])
  }

  @Test func lineOffsetShiftsLinesButNotColumns() {
    let text = MarkdownParser(options: MarkdownOptions(lineOffset: 4)).parse("a\n\n  b\n")
    #expect(text.runs.map(\.sourceSpan.description) == ["5:1-5:1", "7:3-7:3"])
    #expect(text.runs[1].sourceSpan.start(in: "post.md").description == "post.md:7:3")
  }

  @Test func dumpPrintsTheWholeTree() {
    let text = MarkdownParser(options: gfm).parse(
      "# Hi *you*\n\n- [x] a [l](u \"t\")\n\n> `c`  \n> d[^1]\n\n[^1]: n\n")
    #expect(
      text.dump() == """
        header(1)#1 @1:1-1:10
          text @1:3-1:5 "Hi "
          emphasized#2 @1:6-1:10
            text @1:7-1:9 "you"
        unorderedList(tight)#3 @3:1-4:0
          listItem(1, checked)#4 @3:1-4:0
            paragraph#5 @3:7-3:18
              text @3:7-3:8 "a "
              link("u" "t")#6 @3:9-3:18
                text @3:10-3:10 "l"
        blockQuote#7 @5:1-6:7
          paragraph#8 @5:3-6:7
            code @5:4-5:4 "c"
            text @5:6-5:7 ""
            lineBreak @0:0-0:0 "\\n"
            text @6:3-6:3 "d"
            footnoteReference @6:4-6:7 "1" ^1 #1.1
        footnoteDefinition("1", 1, refs: 1)#9 @8:7-8:7
          paragraph#10 @8:7-8:7
            text @8:7-8:7 "n"

        """)
  }

  @Test func parsingBytesKeepsInvalidUTF8UnlessAskedToValidate() {
    let bytes: [UInt8] = [0x61, 0xFF, 0x62]
    #expect(Array(MarkdownParser().parse(bytes).runs[0].utf8) == bytes)
    let validated = MarkdownParser(options: MarkdownOptions(validatesUTF8: true)).parse(bytes)
    #expect(validated.runs[0].text == "a\u{FFFD}b")
  }

  /// Validation is asked of cmark-gfm only for input that needs repair: valid text reads the
  /// same, and a NUL byte is U+FFFD either way, with the positions after it counted as cmark-gfm
  /// counts them.
  @Test func validInputReadsTheSameWithValidation() {
    let options = MarkdownOptions(validatesUTF8: true)
    let ascii: [UInt8] = Array("a\0b [^n]\n\n[^n]: note\n".utf8)
    #expect(MarkdownParser(options: options).parse(ascii).dump() == MarkdownParser().parse(ascii).dump())
    #expect(MarkdownParser(options: options).parse(ascii).runs[0].text == "a\u{FFFD}b ")
    let japanese = Array("日本\0語 [^n]\n\n[^n]: 注\n".utf8)
    #expect(
      MarkdownParser(options: options).parse(japanese).dump() == MarkdownParser().parse(japanese).dump())
  }

  /// A thread keeps its last parse's memory for the next parse: what a large document left
  /// there must not show in the next one (cmark-gfm expects zeroed memory).
  @Test func aParseAfterALargeOneReadsAsAFreshOne() {
    let options = MarkdownOptions(extensions: Set(MarkdownExtension.allCases))
    let small = "# T\n\n| a | b |\n| - | - |\n| 1 | *2* |\n\n- [x] done [^1]\n\n[^1]: note\n"
    let first = MarkdownParser(options: options).parse(small).dump()
    let large = String(
      repeating: "para **bold** `code` [link](/x) ~~del~~ www.example.com\n\n", count: 3_000)
    #expect(!MarkdownParser(options: options).parse(large).isEmpty)
    for _ in 0..<3 {
      #expect(MarkdownParser(options: options).parse(small).dump() == first)
    }
  }

  @Test func blankInputHasNoRuns() {
    #expect(MarkdownParser().parse("").isEmpty)
    #expect(MarkdownParser().parse("\n\n  \n").isEmpty)
  }
}
