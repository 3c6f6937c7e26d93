import Diagnostics
import MarkdownParsing
import MathRendering
import RichText
import Testing

/// A page's formulas through KaTeX: MathML by identity, and a TeX error as a warning at the
/// place in the file where KaTeX stopped reading, with the TeX written escaped instead.
@Suite struct PageFormulasTests {
  private func formulas(_ markdown: String, renderer: MathRenderer = MathRenderer()) throws
    -> (AttributedText, PageFormulas)
  {
    let text = MarkdownParser(options: MarkdownOptions(syntax: [.math])).parse(markdown)
    return (text, try PageFormulas(text: text, path: "Content/a.md", renderer: renderer))
  }

  private func renderer(answerTimeout: Duration = MathLimits.pageTime, _ change: (inout MathBudget) -> Void)
    -> MathRenderer
  {
    var budget = MathBudget()
    change(&budget)
    return MathRenderer(answerTimeout: answerTimeout, budget: budget)
  }

  private let tokensHint =
    "hint: its macros make far more TeX than it is written with: write it with fewer macros, "
    + "or split it into several formulas"
  private let pageHint = "hint: split the page, or shorten its formulas"

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

  /// Past a formula's limit, the page has an error at the formula, the formula is written as
  /// its TeX, and the page's other formulas render.
  @Test func aFormulaPastItsTokensIsAnErrorAtItsPlace() throws {
    let renderer = renderer { $0.tokens = 50 }
    let (text, page) = try formulas(
      "ok $y$\n\nthen $\\def\\a{xxxxxxxxxx}\\a\\a\\a\\a\\a\\a$ end\n", renderer: renderer)
    #expect(
      page.errors.map(\.description) == [
        "Content/a.md:3:7: error: formula expands past 50 tokens\n    " + tokensHint
      ])
    #expect(page.warnings.isEmpty)
    #expect(
      page.html[text.runs[3].inlineIntent!.innermost.identity]
        == #"<code class="folio-math-error">\def\a{xxxxxxxxxx}\a\a\a\a\a\a</code>"#)
    #expect(page.html[text.runs[1].inlineIntent!.innermost.identity]?.contains("<math") == true)
  }

  @Test func aBlockPastItsMacroExpansionsIsAnErrorAtItsFirstLine() throws {
    let renderer = renderer { $0.macroExpansions = 5 }
    let (_, page) = try formulas("text\n\n$$\n\\def\\a{x}\n\\a\\a\\a\\a\\a\\a\n$$\n", renderer: renderer)
    #expect(
      page.errors.map(\.description) == [
        "Content/a.md:3:1: error: formula expands past 5 macro expansions\n    hint: a macro that uses itself "
          + #"expands for ever, and built-in commands such as \dots count too: write the formula with fewer "#
          + "macros, or split it into several formulas"
      ])
    #expect(
      page.html.values.first
        == "<pre class=\"folio-math-error\"><code>\\def\\a{x}\n\\a\\a\\a\\a\\a\\a</code></pre>")
  }

  /// `a`, `b`, `c` make 184 bytes of MathML each: the third passes 500. KaTeX stops there, and
  /// the formulas from there on are written as their TeX.
  @Test func theFormulaThatPassesThePageBytesIsAnError() throws {
    let renderer = renderer { $0.pageMathMLBytes = 500 }
    let (text, page) = try formulas("$a$ $b$\n$c$ and $d$\n", renderer: renderer)
    #expect(
      page.errors.map(\.description) == [
        "Content/a.md:2:2: error: the formulas on this page make more than 500 bytes of MathML\n    "
          + pageHint
      ])
    let html = text.runs.compactMap { $0.inlineIntent.flatMap { page.html[$0.innermost.identity] } }
    #expect(html.map { $0.hasPrefix("<span class=\"katex\">") } == [true, true, false, false])
    #expect(html.last == #"<code class="folio-math-error">d</code>"#)
  }

  /// The same formula written three times is rendered once, but it is on the page three times.
  @Test func aFormulaWrittenManyTimesCountsEachTime() throws {
    let renderer = renderer { $0.pageMathMLBytes = 500 }
    let (_, page) = try formulas("$a$ $a$ $a$\n", renderer: renderer)
    #expect(
      page.errors.map(\.description) == [
        "Content/a.md:1:10: error: the formulas on this page make more than 500 bytes of MathML\n    "
          + pageHint
      ])
  }

  /// KaTeX stuck (in a macro that expands itself, with no limit on expansion) is an error at
  /// the page's first formula; no formula is shown rendered.
  @Test func aPageThatTakesTooLongIsAnErrorAtItsFirstFormula() throws {
    let renderer = renderer(answerTimeout: .milliseconds(500)) {
      $0.macroExpansions = .max
      $0.tokens = .max
    }
    let (_, page) = try formulas("# Title\n\nfirst $x$, then $\\def\\a{\\a}\\a$\n", renderer: renderer)
    #expect(
      page.errors.map(\.description) == [
        "Content/a.md:3:8: error: KaTeX took more than 500 ms on this page's formulas and was stopped\n    "
          + pageHint
      ])
    #expect(page.html.values.allSatisfy { $0.hasPrefix("<code class=\"folio-math-error\">") })
  }

  @Test func kaTeXOutOfMemoryIsAnErrorAtThePagesFirstFormula() throws {
    let renderer = renderer {
      $0.macroExpansions = .max
      $0.tokens = .max
      $0.nodeMemoryMegabytes = 32
    }
    let tex =
      #"\def\a{"# + String(repeating: "x^{y_z}", count: 400) + "}" + String(repeating: #"\a"#, count: 900)
    let (_, page) = try formulas("$$\(tex)$$\n", renderer: renderer)
    #expect(
      page.errors.map(\.description) == [
        "Content/a.md:1:3: error: KaTeX ran out of memory (32 MB) on this page's formulas and was stopped\n    "
          + pageHint
      ])
  }
}
