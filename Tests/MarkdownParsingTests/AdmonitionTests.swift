import HTMLRendering
import MarkdownParsing
import RichText
import Testing

/// MkDocs' admonitions (`!!! note "Title"`), collapsible ones (`??? tip`, `???+ bug`) and content
/// tabs (`=== "Tab"`), each holding the lines indented four spaces after it.
@Suite struct AdmonitionTests {
  private func parse(_ markdown: String, syntax: Set<WriterSyntax> = [.admonitions, .tabs]) -> AttributedText
  {
    MarkdownParser(options: MarkdownOptions(syntax: syntax)).parse(markdown)
  }

  @Test func anAdmonitionHoldsItsIndentedMarkdownWithItsTitle() {
    let text = parse("!!! note \"Read *this*\"\n    Some *text*.\n\n        code\n\nAfter.\n")
    #expect(
      html(of: text) == """
        <div class="markdown-alert markdown-alert-note">
        <p class="markdown-alert-title">Read *this*</p>
        <p>Some <em>text</em>.</p>
        <pre><code>code
        </code></pre>
        </div>
        <p>After.</p>

        """)
    // The content keeps its place in the file: line 2, column 5.
    #expect(text.runs[0].sourceSpan.startLine == 2)
    #expect(text.runs[0].sourceSpan.startColumn == 5)
  }

  @Test func typesMapToTheNearestCalloutAndKeepTheirName() {
    func kind(_ line: String) -> PresentationIntent.Kind? {
      parse(line + "\n    x\n").runs.first?.presentationIntent?.parent?.innermost.kind
    }
    #expect(kind("!!! warning") == .callout(.init(style: .warning, syntax: .admonition)))
    #expect(kind("!!! danger") == .callout(.init(style: .caution, syntax: .admonition, title: "Danger")))
    #expect(kind("!!! success") == .callout(.init(style: .tip, syntax: .admonition, title: "Success")))
    #expect(kind("!!! example") == .callout(.init(style: .note, syntax: .admonition, title: "Example")))
    #expect(kind("!!! warning \"\"") == .callout(.init(style: .warning, syntax: .admonition, title: "")))
    #expect(kind("??? bug") == .disclosure(.init(summary: "Bug", style: .caution)))
    #expect(kind("???+ tip \"Open\"") == .disclosure(.init(summary: "Open", isOpen: true, style: .tip)))
  }

  @Test func anEmptyTitleShowsNoLabelAndOpenDisclosuresStartOpen() {
    #expect(html(of: parse("!!! warning \"\"\n    No title.\n")).contains("<p>No title.</p>"))
    #expect(!html(of: parse("!!! warning \"\"\n    No title.\n")).contains("markdown-alert-title"))
    #expect(html(of: parse("???+ note\n    Open.\n")).hasPrefix("<details open>\n<summary>Note</summary>"))
  }

  @Test func admonitionsNest() {
    let text = parse("!!! note\n    Outer.\n\n    !!! tip\n        Inner.\n")
    let inner = text.runs.last?.presentationIntent
    #expect(inner?.parent?.innermost.kind == .callout(.init(style: .tip, syntax: .admonition)))
    #expect(inner?.parent?.parent?.innermost.kind == .callout(.init(style: .note, syntax: .admonition)))
  }

  @Test func tabsThatFollowOneAnotherFormOneGroup() {
    let text = parse(
      "=== \"Python\"\n\n    py\n\n=== \"Swift\"\n    swift\n\n===! \"Other\"\n    new group\n")
    #expect(
      text.dump() == """
        tabs#1 @1:1-6:9
          tab("Python", selected)#2 @1:1-3:6
            paragraph#3 @3:5-3:6
              text @3:5-3:6 "py"
          tab("Swift")#4 @5:1-6:9
            paragraph#5 @6:5-6:9
              text @6:5-6:9 "swift"
        tabs#6 @8:1-9:13
          tab("Other", selected)#7 @8:1-9:13
            paragraph#8 @9:5-9:13
              text @9:5-9:13 "new group"

        """)
  }

  /// Without the syntax (plain CommonMark), the same lines are what cmark-gfm reads.
  @Test func withoutTheSyntaxTheMarkersAreText() {
    #expect(
      html(of: parse("!!! note\n\n    code\n", syntax: []))
        == "<p>!!! note</p>\n<pre><code>code\n</code></pre>\n")
    #expect(html(of: parse("=== \"A\"\n    x\n", syntax: [.admonitions])) == "<p>=== &quot;A&quot;\nx</p>\n")
  }
}
