import HTMLRendering
import MarkdownParsing
import RichText
import Testing

/// `{#id .class key=value}` at the end of a heading, and `{: .class}` lines after a paragraph:
/// taken out of the text and kept as an empty marker run.
@Suite struct HeadingAttributeListTests {
  private func parse(_ markdown: String, syntax: Set<WriterSyntax> = [.headingAttributes]) -> AttributedText {
    MarkdownParser(options: MarkdownOptions(syntax: syntax)).parse(markdown)
  }

  @Test func aHeadingsListLeavesItsTextAndKeepsItsPlace() {
    let text = parse("## Install it {#install .wide data-x=\"y\"}\n")
    #expect(
      text.dump() == """
        header(2)#1 @1:1-1:41
          text @1:4-1:41 "Install it"
          headingAttributes(#install .wide data-x="y")#2 @1:15-1:41
            empty @1:15-1:41

        """)
    #expect(html(of: text) == "<h2>Install it</h2>\n")
  }

  @Test func kramdownsColonAndSetextHeadingsAndCutTextRead() {
    #expect(html(of: parse("Title {: #t}\n=====\n")) == "<h1>Title</h1>\n")
    #expect(html(of: parse("# A *b* {#my_id}\n")) == "<h1>A <em>b</em></h1>\n")
  }

  @Test func aLineOfAttributesAfterAParagraphIsTakenOut() {
    #expect(html(of: parse("Para\n{.lead}\n")) == "<p>Para</p>\n")
    // At the end of a page too (the rewrite once read past the runs it had moved).
    #expect(html(of: parse("> Quote\n{.x}\n")) == "<blockquote>\n<p>Quote</p>\n</blockquote>\n")
  }

  @Test func textThatIsNoAttributeListStays() {
    #expect(html(of: parse("# Set {a, b}\n")) == "<h1>Set {a, b}</h1>\n")
    #expect(html(of: parse("Not {#this} one\n")) == "<p>Not {#this} one</p>\n")
    #expect(html(of: parse("# T {#id}\n", syntax: [])) == "<h1>T {#id}</h1>\n")
  }
}
