import HTMLRendering
import MarkdownParsing
import RichText
import Testing

/// ``RenderDecorations/imageSizes``: the `width` and `height` a site read from an image's file,
/// written on its `<img>` in place of any the Markdown gave.
@Suite struct ImageSizeDecorationTests {
  @Test func aDecorationSizeIsWrittenOnTheImage() {
    let text = MarkdownParser().parse("![a](a.png) ![b](b.png)\n")
    var decorations = RenderDecorations()
    let first = text.runs.first { $0.inlineIntent != nil }!
    decorations.imageSizes[first.inlineIntent!.innermost.identity] = ImageSize(width: 640, height: 480)
    #expect(
      HTMLRenderer().render(text, decorations: decorations)
        == "<p><img src=\"a.png\" alt=\"a\" width=\"640\" height=\"480\" /> <img src=\"b.png\" alt=\"b\" /></p>\n"
    )
  }

  @Test func aDecorationSizeReplacesTheWrittenOne() {
    let text = MarkdownParser(options: MarkdownOptions(syntax: [.imageSizes])).parse("![a](a.png =320x)\n")
    var decorations = RenderDecorations()
    let image = text.runs.first { $0.inlineIntent != nil }!
    #expect(HTMLRenderer().render(text) == "<p><img src=\"a.png\" alt=\"a\" width=\"320\" /></p>\n")
    decorations.imageSizes[image.inlineIntent!.innermost.identity] = ImageSize(width: 320, height: 240)
    #expect(
      HTMLRenderer().render(text, decorations: decorations)
        == "<p><img src=\"a.png\" alt=\"a\" width=\"320\" height=\"240\" /></p>\n")
  }
}
