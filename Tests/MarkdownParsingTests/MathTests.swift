import HTMLRendering
import MarkdownParsing
import RichText
import Testing

/// TeX formulas (`WriterSyntax.math`): read by the C extension in Sources/CCmarkGFM/Math.c with
/// markdown-it-katex's delimiter rules, their TeX never parsed as Markdown.
@Suite struct MathTests {
  private func parse(_ markdown: String, syntax: Set<WriterSyntax> = [.math, .messages]) -> AttributedText {
    MarkdownParser(options: MarkdownOptions(extensions: Set(MarkdownExtension.allCases), syntax: syntax))
      .parse(markdown)
  }

  private func rendered(_ markdown: String) -> String { html(of: parse(markdown)) }

  @Test func inlineTeXIsNotReadAsMarkdown() {
    let text = parse(#"a $a_1 * b_2 \{x\} \\ y$ b"#)
    #expect(
      text.dump() == #"""
        paragraph#1 @1:1-1:26
          text @1:1-1:2 "a "
          math#2 @1:3-1:24
            text @1:4-1:23 "a_1 * b_2 \\{x\\} \\\\ y"
          text @1:25-1:26 " b"

        """#)
    #expect(
      html(of: text) == #"<p>a <span class="math inline">\(a_1 * b_2 \{x\} \\ y\)</span> b</p>"# + "\n")
  }

  @Test func aDollarBeforeADigitOrAfterASpaceDoesNotClose() {
    #expect(rendered("$5 and $6\n") == "<p>$5 and $6</p>\n")
    #expect(rendered("$a $ and $b$1\n") == "<p>$a $ and $b$1</p>\n")
    #expect(rendered("$ a$\n") == "<p>$ a$</p>\n")
  }

  @Test func anEscapedDollarIsADollar() {
    #expect(rendered(#"\$x$ costs \$5"#) == "<p>$x$ costs $5</p>\n")
    // An escaped dollar right before a formula leaves the formula one.
    #expect(rendered(#"\$$x$"#) == #"<p>$<span class="math inline">\(x\)</span></p>"# + "\n")
    // Inside a formula, `\$` does not close it.
    #expect(parse(#"$a\$b$"#).runs[0].text == #"a\$b"#)
  }

  @Test func codeSpansKeepTheirDollars() {
    let text = parse("`$a$` and $b$")
    #expect(text.runs.map(\.kind) == [.code, .text, .text])
    #expect(text.runs[0].text == "$a$")
    #expect(text.runs[2].inlineIntent?.innermost.kind == .math(display: false))
  }

  @Test func doubleDollarsWithinALineAreDisplayMath() {
    let text = parse(#"so $$\sum_i x_i$$."#)
    #expect(
      text.dump() == #"""
        paragraph#1 @1:1-1:18
          text @1:1-1:3 "so "
          math(display)#2 @1:4-1:17
            text @1:6-1:15 "\\sum_i x_i"
          text @1:18-1:18 "."

        """#)
    #expect(html(of: text) == #"<p>so <span class="math display">\[\sum_i x_i\]</span>.</p>"# + "\n")
    #expect(rendered("costs $$5\n") == "<p>costs $$5</p>\n")
  }

  @Test func gitHubBacktickFormulas() {
    let text = parse("$`\\sqrt{3}`$ and $``a`b``$")
    #expect(text.runs[0].text == #"\sqrt{3}"#)
    #expect(text.runs[0].sourceSpan.description == "1:3-1:10")
    #expect(text.runs[0].inlineIntent?.innermost.sourceSpan.description == "1:1-1:12")
    #expect(text.runs[2].text == "a`b")
  }

  @Test func adjacentFormulasAreTwo() {
    let formulas = parse("$a$$b$").runs.filter { $0.inlineIntent != nil }.map(\.text)
    #expect(formulas == ["a", "b"])
  }

  @Test func aFormulaStaysOnItsLine() {
    #expect(rendered("$a\nb$\n") == "<p>$a\nb$</p>\n")
  }

  @Test func formulasInHeadingsAndTableCells() {
    #expect(rendered("# $x$\n") == #"<h1><span class="math inline">\(x\)</span></h1>"# + "\n")
    let table = parse("| a |\n|---|\n| $y^2$ |\n")
    #expect(table.runs.last?.text == "y^2")
    #expect(table.runs.last?.inlineIntent?.innermost.kind == .math(display: false))
  }

  @Test func aDollarBlockKeepsItsLinesRaw() {
    let text = parse("$$\nx \\\\ y\n*a* \\{b\\}\n$$\nafter\n")
    #expect(
      text.dump() == #"""
        math#1 @1:1-4:2
          text @1:1-4:2 "x \\\\ y\n*a* \\{b\\}\n"
        paragraph#2 @5:1-5:5
          text @5:1-5:5 "after"

        """#)
    #expect(
      html(of: text) == """
        <div class="math display">\\[x \\\\ y
        *a* \\{b\\}
        \\]</div>
        <p>after</p>

        """)
  }

  @Test func anUnclosedBlockRunsToTheEndOfItsContainer() {
    #expect(
      parse("$$\nx\n\n").dump() == """
        math(unclosed)#1 @1:1-2:1
          text @1:1-2:1 "x\\n\\n"

        """)
  }

  @Test func aBlockInAListKeepsTheListTight() {
    let text = parse("- a\n- $$\n  b\n\n  c\n  $$\n- d\n")
    #expect(text.runs[0].presentationIntent?.parent?.parent?.innermost.kind == .unorderedList(isTight: true))
    #expect(
      html(of: text) == """
        <ul>
        <li>a</li>
        <li>
        <div class="math display">\\[b

        c
        \\]</div>
        </li>
        <li>d</li>
        </ul>

        """)
  }

  @Test func blocksNestInQuotesAndCallouts() {
    #expect(
      parse("> $$\n> x\n> $$\n").dump() == """
        blockQuote#1 @1:1-3:4
          math#2 @1:3-3:4
            text @1:3-3:4 "x\\n"

        """)
    #expect(
      parse(":::message\n$$\nx\n$$\n:::\n").dump() == """
        callout(note, zennMessage)#1 @1:1-5:3
          math#2 @2:1-4:2
            text @2:1-4:2 "x\\n"

        """)
  }

  @Test func aBlockCanInterruptAParagraph() {
    #expect(parse("text\n$$\nx\n$$\n").runs.map(\.text) == ["text", "x\n"])
  }

  @Test func mathFencesAreFormulasWhenMathIsOn() {
    #expect(parse("```math\nx\n```\n").dump() == "math#1 @1:1-3:3\n  text @1:1-3:3 \"x\\n\"\n")
    #expect(
      parse("```math\nx\n```\n", syntax: []).runs[0].presentationIntent?.innermost.kind
        == .codeBlock(languageHint: "math", infoString: "math", isFenced: true))
  }

  @Test func withoutMathDollarsAreText() {
    let markdown = "$x$ and $$y$$\n\n$$\na_1 *b*\n$$\n"
    #expect(
      html(of: parse(markdown, syntax: [])) == """
        <p>$x$ and $$y$$</p>
        <p>$$
        a_1 <em>b</em>
        $$</p>

        """)
  }

  @Test func theFoundationViewOfAFormulaIsCode() {
    #expect(parse("$x$").runs[0].inlinePresentationIntent == .code)
  }
}

extension MathTests {
  @Test func manyUnclosedBacktickFormulasOnOneLineStayAsCmarkGFMReadsThem() {
    // Each `$\`` would scan the rest of the line; the extension remembers that none closes.
    let line = String(repeating: "$`a ", count: 20_000) + "\n"
    let plain = MarkdownParser().parse(line)
    let withMath = MarkdownParser(options: MarkdownOptions(syntax: [.math])).parse(line)
    #expect(html(of: withMath) == html(of: plain))
  }

  @Test func extendedAttributesAreNotReadInsideTeX() {
    var options = MarkdownOptions(extendedAttributes: true, syntax: [.math])
    options.extensions = [.footnotes]
    let text = MarkdownParser(options: options).parse("$x^[a](b: 1)$ ^[c](d: 2)\n")
    #expect(text.runs[0].text == "x^[a](b: 1)")
    #expect(text.runs[0].inlineIntent?.innermost.kind == .math(display: false))
    #expect(text.runs.last?.customAttributes.description == "d: 2")
  }
}
