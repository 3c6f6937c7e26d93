import HTMLRendering
import MarkdownParsing
import RichText
import Testing

/// Zenn's `![alt](a.png =250x)`: an image with a size, written as `width` and `height`.
@Suite struct ImageSizeTests {
  private func parse(_ markdown: String, syntax: Set<WriterSyntax> = [.imageSizes]) -> AttributedText {
    MarkdownParser(options: MarkdownOptions(extensions: [.footnotes], syntax: syntax)).parse(markdown)
  }

  @Test func widthHeightOrBoth() {
    #expect(
      html(of: parse("![ロゴ](/a.png =250x) ![](b.png =250x100) ![x](c.png =x50 )\n"))
        == "<p><img src=\"/a.png\" alt=\"ロゴ\" width=\"250\" /> <img src=\"b.png\" alt=\"\" width=\"250\" height=\"100\" /> <img src=\"c.png\" alt=\"x\" height=\"50\" /></p>\n"
    )
  }

  @Test func theModelHasTheImageWithItsSizeAndSpans() {
    #expect(
      parse("前 ![ロゴ](a.png =250x) 後\n").dump() == """
        paragraph#1 @1:1-1:30
          text @1:1-1:4 "前 "
          image("a.png" =250x)#2 @1:5-1:26
            text @1:7-1:12 "ロゴ"
          text @1:27-1:30 " 後"

        """)
  }

  @Test func whatIsNoSizeStaysText() {
    let plain = MarkdownParser(options: MarkdownOptions(extensions: [.footnotes]))
    for markdown in [
      "![y](c.png =x)\n", "![y](c.png=250x)\n", "![y](c.png =250)\n", "![*y*](c.png =250x)\n",
      "`![y](c.png =250x)`\n", "```\n![y](c.png =250x)\n```\n", "    ![y](c.png =250x)\n",
      "![y](c.png)\n",
    ] {
      #expect(parse(markdown) == plain.parse(markdown), "\(markdown)")
    }
    #expect(html(of: parse("![y](c.png =250x)\n", syntax: [])) == "<p>![y](c.png =250x)</p>\n")
  }
}
