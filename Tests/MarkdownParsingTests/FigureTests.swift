import HTMLRendering
import MarkdownParsing
import RichText
import Testing

/// Zenn's captions: an image with `*caption*` on the next line is a figure.
@Suite struct FigureTests {
  private func parse(_ markdown: String, syntax: Set<WriterSyntax> = [.figures, .imageSizes])
    -> AttributedText
  {
    MarkdownParser(options: MarkdownOptions(syntax: syntax)).parse(markdown)
  }

  @Test func anImageWithACaptionIsAFigure() {
    let text = parse("![構成図](arch.png =250x)\n*全体の **構成***\n")
    #expect(
      html(of: text) == """
        <figure>
        <img src="arch.png" alt="構成図" width="250" />
        <figcaption>全体の <strong>構成</strong></figcaption>
        </figure>

        """)
    #expect(
      parse("![構成図](arch.png)\n*全体の構成*\n").dump() == """
        figure#1 @1:1-2:17
          image("arch.png")#2 @1:1-1:22
            text @1:3-1:11 "構成図"
          figureCaption#3 @2:1-2:17
            text @2:2-2:16 "全体の構成"

        """)
  }

  @Test func anythingMoreInTheParagraphLeavesItAParagraph() {
    let plain = MarkdownParser(options: MarkdownOptions())
    for markdown in [
      "![a](b.png)\n*x* y\n", "see ![a](b.png)\n*x*\n", "![a](b.png) *x*\n", "![a](b.png)\n**x**\n",
      "*x*\n![a](b.png)\n",
      "![a](b.png)\n\n*x*\n",
    ] {
      #expect(parse(markdown) == plain.parse(markdown), "\(markdown)")
    }
    #expect(parse("![a](b.png)\n*x*\n", syntax: []) == plain.parse("![a](b.png)\n*x*\n"))
  }
}
