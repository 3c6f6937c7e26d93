import HTMLRendering
import MarkdownParsing
import RichText
import Testing

/// Zenn's `:::details Summary` … `:::`, read into `.disclosure` blocks; nesting by colon count,
/// as Zenn's markdown-it-container nests them.
@Suite struct DisclosureTests {
  private func parse(_ markdown: String) -> AttributedText {
    MarkdownParser(
      options: MarkdownOptions(extensions: Set(MarkdownExtension.allCases), syntax: [.details, .messages])
    )
    .parse(markdown)
  }

  @Test func detailsBecomeADisclosureWithItsSummary() {
    let text = parse(":::details タイトル & <b>\n中身\n:::\n")
    #expect(
      text.dump() == """
        disclosure("タイトル & <b>")#1 @1:1-3:3
          paragraph#2 @2:1-2:6
            text @2:1-2:6 "中身"

        """)
    #expect(
      html(of: text) == """
        <details>
        <summary>タイトル &amp; &lt;b&gt;</summary>
        <p>中身</p>
        </details>

        """)
  }

  /// The summary as characters are cut: read from bytes when every cut is next to ASCII, kana
  /// or CJK, by characters otherwise (a space before a combining mark is no space).
  @Test func summariesAreTrimmedAsCharacters() {
    func summary(_ line: String) -> String? {
      let text = parse(line + "\n中身\n:::\n")
      guard case .disclosure(let disclosure)? = text.runs.first?.presentationIntent?.parent?.innermost.kind
      else {
        return nil
      }
      return disclosure.summary
    }
    #expect(summary(":::details \t概要 \t") == "概要")
    #expect(summary(":::details  Swift と ビルド ") == "Swift と ビルド")
    #expect(summary(":::details") == "")
    #expect(summary(":::details \u{301}x") == " \u{301}x")
    #expect(summary(":::details é ") == "é")
    #expect(summary(":::details ①") == "①")
  }

  @Test func onlyTheKindsTurnedOnAreRead() {
    let text = MarkdownParser(options: MarkdownOptions(syntax: [.notes])).parse(
      ":::message\nm\n:::\n\n:::note warn\nn\n:::\n\n:::details s\nd\n:::\n")
    let kinds = text.blockRecords.map(\.kind)
    #expect(kinds.contains { if case .callout = $0 { true } else { false } })
    #expect(!kinds.contains { if case .disclosure = $0 { true } else { false } })
    #expect(html(of: text).hasPrefix("<p>:::message\nm\n:::</p>\n"))
  }

  @Test func moreColonsOutsideNestAMessageInside() {
    let text = parse("::::details 外\n:::message\n内\n:::\n後\n::::\n")
    #expect(
      text.dump() == """
        disclosure("外")#1 @1:1-6:4
          callout(note, zennMessage)#2 @2:1-4:3
            paragraph#3 @3:1-3:3
              text @3:1-3:3 "内"
          paragraph#4 @5:1-5:3
            text @5:1-5:3 "後"

        """)
  }

  @Test func theSameColonCountClosesTheOuterBlockAsZennDoes() {
    let text = parse(":::details 外\n:::message\n内\n:::\n後\n:::\n")
    #expect(
      text.dump() == """
        disclosure("外")#1 @1:1-4:3
          callout(note, zennMessage, unclosed)#2 @2:1-3:3
            paragraph#3 @3:1-3:3
              text @3:1-3:3 "内"
        paragraph#4 @5:1-6:3
          text @5:1-5:3 "後"
          softBreak @0:0-0:0 " "
          text @6:1-6:3 ":::"

        """)
  }

  @Test func anUnclosedDisclosureEndsWithTheDocumentAndClosesItsCode() {
    let text = parse("前\n\n:::details 閉じない\n```js\ncode\n")
    #expect(
      text.dump() == """
        paragraph#1 @1:1-1:3
          text @1:1-1:3 "前"
        disclosure("閉じない", unclosed)#2 @3:1-5:4
          codeBlock("js")#3 @4:1-5:4
            text @4:1-5:4 "code\\n"

        """)
  }

  @Test func aClosingFenceEndsACodeBlockLeftOpenInside() {
    let text = parse(":::details\n```\nx\n:::\nafter\n")
    #expect(
      html(of: text) == """
        <details>
        <summary>Details</summary>
        <pre><code>x
        </code></pre>
        </details>
        <p>after</p>

        """)
  }

  @Test func aLessIndentedFenceInAListIsALazyLineAsInCommonMark() {
    let text = parse("- :::details\n  x\n:::\n")
    #expect(text.dump().contains("disclosure(\"\", unclosed)"))
    #expect(text.characters.contains(":::"))
  }

  @Test func sourcePositionsAreWrittenOnTheElements() {
    var options = HTMLRenderOptions()
    options.includesSourcePositions = true
    #expect(
      html(of: parse(":::details s\nx\n:::\n"), options: options) == """
        <details data-sourcepos="1:1-3:3">
        <summary>s</summary>
        <p data-sourcepos="2:1-2:1">x</p>
        </details>

        """)
  }
}
