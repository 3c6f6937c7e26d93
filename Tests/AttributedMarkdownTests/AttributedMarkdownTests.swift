import AttributedMarkdown
import Foundation
import MarkdownParsing
import Testing

/// `AttributedString(gitHubMarkdown:)`: the runs and attributes Apple's `AttributedString(markdown:)`
/// gives, with Apple's names and raw values, and what GitHub Markdown adds in Folio's scope.
@Suite struct AttributedMarkdownTests {
  /// Each run's text with the run.
  private func runs(_ string: AttributedString) -> [(text: String, run: AttributedString.Runs.Run)] {
    string.runs.map { (String(string[$0.range].characters), $0) }
  }

  @Test func theIssuesExampleHasAStrongRunAndALinkRun() {
    let string = AttributedString(
      gitHubMarkdown: "**Thank You!** Please visit our [website](http://example.com).")
    let parts = runs(string)
    #expect(parts.map(\.text) == ["Thank You!", " Please visit our ", "website", "."])
    #expect(parts[0].run.inlinePresentationIntent == .stronglyEmphasized)
    #expect(parts[0].run.link == nil)
    #expect(parts[1].run.inlinePresentationIntent == nil)
    #expect(parts[2].run.link == URL(string: "http://example.com"))
    #expect(parts[2].run.inlinePresentationIntent == nil)
    let paragraph = PresentationIntent(.paragraph, identity: 1)
    #expect(parts.allSatisfy { $0.run.presentationIntent == paragraph })
    #expect(String(string.characters) == "Thank You! Please visit our website.")
  }

  @Test func rawValuesAndNamesAreFoundations() {
    #expect(InlinePresentationIntent.emphasized.rawValue == 1)
    #expect(InlinePresentationIntent.stronglyEmphasized.rawValue == 2)
    #expect(InlinePresentationIntent.code.rawValue == 4)
    #expect(InlinePresentationIntent.strikethrough.rawValue == 32)
    #expect(InlinePresentationIntent.softBreak.rawValue == 64)
    #expect(InlinePresentationIntent.lineBreak.rawValue == 128)
    #expect(InlinePresentationIntent.inlineHTML.rawValue == 256)
    #expect(InlinePresentationIntent.blockHTML.rawValue == 512)
    #expect(PresentationIntent.TableColumn.Alignment.right.rawValue == 2)
    #expect(AttributeScopes.FolioAttributes.PresentationIntentAttribute.name == "NSPresentationIntent")
    #expect(
      AttributeScopes.FolioAttributes.InlinePresentationIntentAttribute.name == "NSInlinePresentationIntent")
  }

  @Test func headingsAndParagraphsAreBlocksWithIdentities() {
    let parts = runs(AttributedString(gitHubMarkdown: "# One\n\nText *em*\nmore\n\n## Two\n"))
    #expect(parts.map(\.text) == ["One", "Text ", "em", " ", "more", "Two"])
    #expect(parts[0].run.presentationIntent?.components.map(\.kind) == [.header(level: 1)])
    #expect(parts[1].run.presentationIntent?.components.map(\.kind) == [.paragraph])
    #expect(parts[2].run.inlinePresentationIntent == .emphasized)
    #expect(parts[3].run.inlinePresentationIntent == .softBreak)
    #expect(parts[5].run.presentationIntent?.components.map(\.kind) == [.header(level: 2)])
    // Identities count blocks and inline containers alike: header 1, paragraph 2, emphasis 3.
    #expect(parts[5].run.presentationIntent?.components.map(\.identity) == [4])
  }

  @Test func listsNestWithOrdinalsInnermostFirst() {
    let parts = runs(AttributedString(gitHubMarkdown: "- a\n- b\n\n> 3. c\n"))
    #expect(parts.map(\.text) == ["a", "b", "c"])
    #expect(
      parts[1].run.presentationIntent?.components.map(\.kind) == [
        .paragraph, .listItem(ordinal: 2), .unorderedList,
      ])
    #expect(
      parts[2].run.presentationIntent?.components.map(\.kind) == [
        .paragraph, .listItem(ordinal: 1), .orderedList, .blockQuote,
      ])
    #expect(parts[2].run.presentationIntent?.indentationLevel == 2)
    let list = parts[0].run.presentationIntent!.components.last!
    #expect(parts[1].run.presentationIntent!.components.last == list)
  }

  @Test func codeSpansAndCodeBlocks() {
    let parts = runs(AttributedString(gitHubMarkdown: "Use `x`.\n\n```swift\nlet x = 1\n```\n"))
    #expect(parts.map(\.text) == ["Use ", "x", ".", "let x = 1\n"])
    #expect(parts[1].run.inlinePresentationIntent == .code)
    #expect(parts[3].run.presentationIntent?.components.map(\.kind) == [.codeBlock(languageHint: "swift")])
  }

  @Test func imagesCarryTheirURLOnTheAlternativeText() {
    let parts = runs(AttributedString(gitHubMarkdown: "![a *cat*](cat.png \"t\") [~~x~~](/y)\n"))
    #expect(parts.map(\.text) == ["a ", "cat", " ", "x"])
    #expect(parts[0].run.imageURL == URL(string: "cat.png"))
    #expect(parts[1].run.imageURL == URL(string: "cat.png"))
    #expect(parts[1].run.inlinePresentationIntent == .emphasized)
    #expect(parts[2].run.imageURL == nil)
    #expect(parts[3].run.link == URL(string: "/y"))
    #expect(parts[3].run.inlinePresentationIntent == .strikethrough)
  }

  // Differences from Apple's parser, which drops footnotes, task state and raw HTML blocks:
  // Folio keeps them, the first two in its own scope.

  @Test func footnotesAreFolioAttributes() {
    let parts = runs(AttributedString(gitHubMarkdown: "Note[^n].\n\n[^n]: Details.\n"))
    #expect(parts.map(\.text) == ["Note", "1", ".", "Details."])
    #expect(parts[1].run.footnoteReference == "n")
    #expect(parts[3].run.footnoteDefinition == "n")
    #expect(parts[3].run.presentationIntent?.components.map(\.kind) == [.paragraph])
  }

  @Test func tablesHaveFoundationsKindsAndAlignments() {
    let parts = runs(AttributedString(gitHubMarkdown: "| a | b | c |\n|---|:-:|--:|\n| 1 | 2 | 3 |\n"))
    #expect(parts.map(\.text) == ["a", "b", "c", "1", "2", "3"])
    let columns = [PresentationIntent.TableColumn.Alignment.left, .center, .right].map {
      PresentationIntent.TableColumn(alignment: $0)
    }
    #expect(
      parts[1].run.presentationIntent?.components.map(\.kind) == [
        .tableCell(columnIndex: 1), .tableHeaderRow, .table(columns: columns),
      ])
    #expect(
      parts[5].run.presentationIntent?.components.map(\.kind).prefix(2) == [
        .tableCell(columnIndex: 2), .tableRow(rowIndex: 1),
      ])
  }

  @Test func taskItemsAndRawHTML() {
    let parts = runs(
      AttributedString(gitHubMarkdown: "- [x] done\n- [ ] todo\n\n<div>\nhi\n</div>\n\na <b>b</b>\n"))
    #expect(parts[0].run.taskItemIsChecked == true)
    #expect(parts[1].run.taskItemIsChecked == false)
    #expect(parts[2].text == "<div>\nhi\n</div>\n")
    #expect(parts[2].run.inlinePresentationIntent == .blockHTML)
    #expect(parts[2].run.presentationIntent == nil)
    #expect(parts[4].run.inlinePresentationIntent == .inlineHTML)
  }

  @Test func extendedAttributesWithTheOption() {
    var options = MarkdownOptions.gitHubFlavored
    options.extendedAttributes = true
    let parts = runs(AttributedString(gitHubMarkdown: "^[hi](lang: 'ja')\n", options: options))
    #expect(parts.map(\.text) == ["hi"])
    #expect(parts[0].run.customAttributes?["lang"] == .string("ja"))
    let plain = runs(AttributedString(gitHubMarkdown: "^[hi](lang: 'ja')\n"))
    #expect(plain.allSatisfy { $0.run.customAttributes == nil })
  }

  @Test func aSliceConvertsToItsBlocksOnly() {
    let text = MarkdownParser(options: .gitHubFlavored).parse("# Title\n\nBody\n")
    #expect(String(AttributedString(text.prefix(topLevelBlocks: 1)).characters) == "Title")
  }
}

extension AttributedMarkdownTests {
  @Test func formulasReadAsCodeAndAMathCodeBlock() {
    var options = MarkdownOptions.gitHubFlavored
    options.syntax = [.math]
    let string = AttributedString(gitHubMarkdown: "a $x_1$\n\n$$\ny\n$$\n", options: options)
    let parts = runs(string)
    #expect(parts.map(\.text) == ["a ", "x_1", "y\n"])
    #expect(parts[1].run.inlinePresentationIntent == .code)
    #expect(parts[2].run.presentationIntent?.components.map(\.kind) == [.codeBlock(languageHint: "math")])
  }
}
