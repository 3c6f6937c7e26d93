import HTMLRendering
import Testing

@testable import MarkdownParsing

/// What the converter asks of cmark-gfm depends on the page: footnotes only where `[^` is
/// written.
@Suite struct CMarkConverterTests {
  @Test(arguments: [
    ("[^1]", true), ("a [^b]: c", true), ("x^y [^z]", true), ("ends [^", true), ("^[inline]", false),
    ("[ ^x]", false), ("[\n^x]", false), ("a^b", false), ("", false), ("[x]^", false),
  ])
  func footnotesAreAskedForWhereTheirMarkerIsWritten(text: String, holds: Bool) {
    let bytes = Array(text.utf8)
    #expect(bytes.withUnsafeBufferPointer { CMarkConverter.holdsFootnoteMarker($0) } == holds)
  }

  @Test func pagesWithAndWithoutFootnotesRenderAsCmarkGFMDoes() {
    let options = MarkdownOptions(extensions: [.footnotes, .table, .strikethrough])
    let parse = { (text: String) in HTMLRenderer().render(MarkdownParser(options: options).parse(text)) }
    // As `cmark-gfm -e footnotes` writes it: `![^` opens no image, so `[^x](y)` is a link.
    #expect(
      parse("Text[^n] and ![^x](y).\n\n[^n]: Note.\n") == """
        <p>Text<sup class="footnote-ref"><a href="#fn-n" id="fnref-n" data-footnote-ref>1</a></sup> \
        and !<a href="y">^x</a>.</p>
        <section class="footnotes" data-footnotes>
        <ol>
        <li id="fn-n">
        <p>Note. <a href="#fnref-n" class="footnote-backref" data-footnote-backref \
        aria-label="Back to content">↩</a></p>
        </li>
        </ol>
        </section>

        """)
    #expect(parse("No notes ^here [or] there.\n") == "<p>No notes ^here [or] there.</p>\n")
  }
}
