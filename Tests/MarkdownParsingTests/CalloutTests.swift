import HTMLRendering
import MarkdownParsing
import RichText
import Testing

/// Callouts from Zenn's `:::message`, Qiita's `:::note` and GitHub's `> [!NOTE]`, read into
/// `.callout` blocks with exact spans; without the syntax on, the same text parses as cmark-gfm.
@Suite struct CalloutTests {
  private func parse(_ markdown: String, _ syntax: Set<WriterSyntax> = Set(WriterSyntax.allCases))
    -> AttributedText
  {
    MarkdownParser(options: MarkdownOptions(extensions: [.table, .footnotes], syntax: syntax)).parse(markdown)
  }

  @Test func aZennMessageIsACalloutWithItsFencesInItsSpan() {
    let text = parse(":::message\n本文 *強調*\n:::\n後\n")
    #expect(
      text.dump() == """
        callout(note, zennMessage)#1 @1:1-3:3
          paragraph#2 @2:1-2:15
            text @2:1-2:7 "本文 "
            emphasized#3 @2:8-2:15
              text @2:9-2:14 "強調"
        paragraph#4 @4:1-4:3
          text @4:1-4:3 "後"

        """)
    #expect(
      html(of: text) == """
        <div class="markdown-alert markdown-alert-note">
        <p class="markdown-alert-title">Note</p>
        <p>本文 <em>強調</em></p>
        </div>
        <p>後</p>

        """)
  }

  @Test func messageAlertAndQiitaNotesMapToGitHubStyles() {
    let cases: [(String, String)] = [
      (":::message alert", "callout(caution, zennMessage)"), (":::note info", "callout(note, qiitaNote)"),
      (":::note warn", "callout(warning, qiitaNote)"), (":::note alert", "callout(caution, qiitaNote)"),
      (":::note", "callout(note, qiitaNote)"), (":::  message   alert  ", "callout(caution, zennMessage)"),
    ]
    for (opening, kind) in cases {
      let dump = parse(opening + "\nx\n:::\n").dump()
      #expect(dump.hasPrefix(kind + "#1 @1:1-3:3\n"), "\(opening): \(dump)")
    }
  }

  @Test func everyGitHubAlertKindInAnyCase() {
    for style in PresentationIntent.Callout.Style.allCases {
      for marker in ["[!\(style.rawValue.uppercased())]", "[!\(style.rawValue)]"] {
        let text = parse("> \(marker)\n> Body\n")
        #expect(
          text.dump() == """
            callout(\(style.rawValue), gitHubAlert)#1 @1:1-2:6
              paragraph#2 @1:3-2:6
                text @2:3-2:6 "Body"

            """, "\(marker)")
      }
    }
  }

  @Test func aMarkerAloneInItsParagraphTakesTheParagraphAway() {
    let text = parse("> [!WARNING]\n>\n> - one\n")
    #expect(
      html(of: text) == """
        <div class="markdown-alert markdown-alert-warning">
        <p class="markdown-alert-title">Warning</p>
        <ul>
        <li>one</li>
        </ul>
        </div>

        """)
  }

  @Test func anAlertOfOnlyItsMarkerIsAnEmptyCalloutAndTheRestOfThePageStays() {
    let text = parse("> [!NOTE]\n\nafter\n")
    #expect(
      text.dump() == """
        callout(note, gitHubAlert)#1 @1:1-1:9
          empty @0:0-0:0
        paragraph#2 @3:1-3:5
          text @3:1-3:5 "after"

        """)
  }

  @Test func whatIsNoAlertStaysABlockQuote() {
    let plain = MarkdownParser(options: MarkdownOptions(extensions: [.table, .footnotes]))
    for markdown in [
      "> [!NOTE] text on the marker's line\n", "> \\[!NOTE]\n> x\n", "> *[!NOTE]*\n> x\n",
      "> x\n>\n> [!NOTE]\n> y\n",
      "> [!NOTES]\n> x\n", "[!NOTE]\nx\n", "> [!NOTE\n> x\n",
    ] {
      #expect(parse(markdown) == plain.parse(markdown), "\(markdown)")
    }
  }

  @Test func eachSyntaxIsOffUnlessAsked() {
    let markdown = ":::message\nm\n:::\n\n:::note warn\nn\n:::\n\n> [!TIP]\n> t\n"
    let plain = MarkdownParser(options: MarkdownOptions(extensions: [.table, .footnotes])).parse(markdown)
    #expect(parse(markdown, []) == plain)
    #expect(
      html(of: parse(markdown, []))
        == "<p>:::message\nm\n:::</p>\n<p>:::note warn\nn\n:::</p>\n<blockquote>\n<p>[!TIP]\nt</p>\n</blockquote>\n"
    )
    let onlyNotes = parse(markdown, [.notes]).dump()
    #expect(onlyNotes.contains("callout(warning, qiitaNote)"))
    #expect(!onlyNotes.contains("zennMessage") && !onlyNotes.contains("gitHubAlert"))
  }

  @Test func markdownInsideWorksAndListsAroundStayTight() {
    let text = parse("- a\n  :::message\n  **b**\n\n  ```swift\n  let c = 1\n  ```\n  :::\n- d\n")
    #expect(
      text.dump() == """
        unorderedList(tight)#1 @1:1-9:3
          listItem(1)#2 @1:1-8:5
            paragraph#3 @1:3-1:3
              text @1:3-1:3 "a"
            callout(note, zennMessage)#4 @2:3-8:5
              paragraph#5 @3:3-3:7
                stronglyEmphasized#6 @3:3-3:7
                  text @3:5-3:5 "b"
              codeBlock("swift")#7 @5:3-7:5
                text @5:3-7:5 "let c = 1\\n"
          listItem(2)#8 @9:1-9:3
            paragraph#9 @9:3-9:3
              text @9:3-9:3 "d"

        """)
  }

  @Test func aCalloutInterruptsAParagraphAndInABlockQuote() {
    #expect(
      parse("para\n:::message\nx\n:::\n").dump() == """
        paragraph#1 @1:1-1:4
          text @1:1-1:4 "para"
        callout(note, zennMessage)#2 @2:1-4:3
          paragraph#3 @3:1-3:1
            text @3:1-3:1 "x"

        """)
    #expect(
      html(of: parse("> :::note alert\n> x\n> :::\n> y\n")) == """
        <blockquote>
        <div class="markdown-alert markdown-alert-caution">
        <p class="markdown-alert-title">Caution</p>
        <p>x</p>
        </div>
        <p>y</p>
        </blockquote>

        """)
  }

  @Test func fencesInCodeAndIndentedOnesAreText() {
    let inCode = "```\n:::message\nx\n:::\n```\n"
    let plain = MarkdownParser(options: MarkdownOptions(extensions: [.table, .footnotes]))
    #expect(parse(inCode) == plain.parse(inCode))
    let indented = "    :::message\n    x\n"
    #expect(parse(indented) == plain.parse(indented))
    for notOpening in [":::messages\nx\n:::\n", "::message\nx\n::\n", ":::messagealert\nx\n"] {
      #expect(parse(notOpening) == plain.parse(notOpening), "\(notOpening)")
    }
  }

  @Test func aCalloutHasOneSpanPerBlockAndFencesThatAreNoContent() {
    let text = parse(":::message\n:::\n")
    #expect(
      text.dump() == """
        callout(note, zennMessage)#1 @1:1-2:3
          empty @1:1-1:10

        """)
    #expect(!text.characters.contains(":"))
  }

  /// cmark-gfm's HTML renderer, which Folio asks for footnote counts, meets the container inside
  /// a definition (it asserted on the unknown node type before the extension rendered it).
  @Test func aCalloutInAFootnoteDefinition() {
    let text = parse("x[^1]\n\n[^1]: d\n    :::note warn\n    w\n    :::\n")
    #expect(text.dump().contains("footnoteDefinition(\"1\", 1, refs: 1)"))
    #expect(text.dump().contains("callout(warning, qiitaNote)"))
  }
}
