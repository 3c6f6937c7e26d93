import Diagnostics
import MarkdownParsing
import MathRendering
import RichText
import Testing

/// A page's formulas through KaTeX: MathML by identity, and a TeX error as a warning at the
/// place in the file where KaTeX stopped reading, with the TeX written escaped instead.
@Suite struct PageFormulasTests {
  private func formulas(_ markdown: String) throws -> (AttributedText, PageFormulas) {
    let text = MarkdownParser(options: MarkdownOptions(syntax: [.math])).parse(markdown)
    return (text, try PageFormulas(text: text, path: "Content/a.md", renderer: MathRenderer()))
  }

  @Test func everyFormulaGetsMathMLByIdentity() throws {
    let (text, page) = try formulas("a $x$ b\n\n$$\ny\n$$\n")
    let inline = text.runs[1].inlineIntent!.innermost.identity
    let block = text.runs[3].presentationIntent!.innermost.identity
    #expect(page.html[inline]?.hasPrefix(#"<span class="katex"><math"#) == true)
    #expect(page.html[block]?.hasPrefix(#"<div class="folio-math"><span class="katex"><math"#) == true)
    #expect(page.warnings.isEmpty)
  }

  @Test func aTeXErrorIsAWarningAtItsPlaceAndTheTeXIsShownEscaped() throws {
    let (text, page) = try formulas("ok $y$ then $a<\\frac{1}$ end\n")
    #expect(
      page.warnings.map(\.description) == [
        "Content/a.md:1:24: warning: TeX error in formula: Unexpected end of input in a macro argument, "
          + "expected '}'; the formula is shown as TeX"
      ])
    let broken = text.runs[3].inlineIntent!.innermost.identity
    #expect(page.html[broken] == #"<code class="folio-math-error">a&lt;\frac{1}</code>"#)
    #expect(page.html[text.runs[1].inlineIntent!.innermost.identity]?.contains("<math") == true)
  }

  @Test func commandsThatNeedTrustAreWarnedAboutAndShownAsTheirNames() throws {
    let (text, page) = try formulas(#"see $\href{javascript:alert(1)}{x} + \href{a}{b} + \url{c}$"# + "\n")
    #expect(
      page.warnings.map(\.description) == [
        #"Content/a.md:1:6: warning: '\href' is not allowed in formulas (KaTeX runs without trust); it is shown as its name"#,
        #"Content/a.md:1:6: warning: '\url' is not allowed in formulas (KaTeX runs without trust); it is shown as its name"#,
      ])
    let html = page.html[text.runs[1].inlineIntent!.innermost.identity] ?? ""
    #expect(html.contains(#"<mtext>\href</mtext>"#) && !html.contains("href=") && !html.contains("<a "))
  }

  /// KaTeX's MathML goes into the page as HTML: markup written in the TeX must come out as
  /// text, in the formula and in its TeX annotation.
  @Test func markupInTheTeXIsWrittenAsText() throws {
    let (text, page) = try formulas(
      #"$\text{<script>alert(1)</script>} + \text{"><img src=x onerror=alert(1)>}$"# + "\n")
    let html = page.html[text.runs[0].inlineIntent!.innermost.identity] ?? ""
    #expect(html.contains("<math"))
    #expect(!html.contains("<script") && !html.contains("<img"), "\(html)")
    #expect(html.contains("&lt;script&gt;"))
  }

  @Test func anUnclosedBlockIsAWarningAtItsOpeningLine() throws {
    let (_, page) = try formulas("text\n\n> $$\n> x\n\nafter\n")
    #expect(
      page.warnings.map(\.description) == [
        "Content/a.md:3:3: warning: '$$' block without a closing '$$': the formula runs to the end of "
          + "the block around it"
      ])
    #expect(page.html.count == 1)
  }

  @Test func aBlockErrorIsAtItsLine() throws {
    let (_, page) = try formulas("text\n\n$$\nx\n\\left( y\n$$\n")
    #expect(page.warnings.count == 1)
    #expect(page.warnings.first?.description.hasPrefix("Content/a.md:5:") == true)
  }
}
