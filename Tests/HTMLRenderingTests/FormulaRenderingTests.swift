import HTMLRendering
import MarkdownParsing
import RichText
import Testing

/// Formulas in `HTMLRenderer`: the TeX escaped in Pandoc's classes without a site, or the HTML
/// that ``RenderDecorations/formulas`` gives for it.
@Suite struct FormulaRenderingTests {
  private let parser = MarkdownParser(options: MarkdownOptions(syntax: [.math]))

  @Test func withoutDecorationsTheTeXIsWrittenEscaped() {
    let text = parser.parse("$a<b & c$ and $$\\frac{x}{y}$$\n\n$$\n</div>\n$$\n")
    #expect(
      HTMLRenderer().render(text) == """
        <p><span class="math inline">\\(a&lt;b &amp; c\\)</span> and <span class="math display">\\[\\frac{x}{y}\\]</span></p>
        <div class="math display">\\[&lt;/div&gt;
        \\]</div>

        """)
  }

  @Test func sourcePositionsMarkADisplayedFormula() {
    var options = HTMLRenderOptions()
    options.includesSourcePositions = true
    var parsing = MarkdownOptions(syntax: [.math])
    parsing.sourcePositions = true
    let text = MarkdownParser(options: parsing).parse("$$\nx\n$$\n")
    #expect(
      HTMLRenderer(options: options).render(text)
        == "<div class=\"math display\" data-sourcepos=\"1:1-3:2\">\\[x\n\\]</div>\n")
  }

  @Test func decorationsReplaceFormulasInlineAndDisplayed() {
    let text = parser.parse("*a $x$ b*\n\n$$\ny\n$$\n")
    var decorations = RenderDecorations()
    let inline = text.runs.first { $0.inlineIntent?.innermost.kind == .math(display: false) }!
    decorations.formulas[inline.inlineIntent!.innermost.identity] = "<math>X</math>"
    decorations.formulas[text.runs.last!.presentationIntent!.innermost.identity] = "<div><math>Y</math></div>"
    #expect(
      HTMLRenderer().render(text, decorations: decorations) == """
        <p><em>a <math>X</math> b</em></p>
        <div><math>Y</math></div>

        """)
  }
}
