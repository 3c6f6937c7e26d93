import Diagnostics
import Foundation
import MathRendering
import Site
import TestSupport
import Testing

/// Formulas in a site build: KaTeX's MathML in the page, a TeX error as a warning at its place
/// with the rest of the page rendered, one KaTeX process for the whole build, one error when
/// KaTeX is missing, and `markdown: {math: false}`.
@Suite struct FormulaTests {
  private let pages = """
    -- folio.yaml --
    title: T
    -- Templates/page.mustache --
    {{{page.content}}}
    -- Content/a.md --
    Euler: $e^{i\\pi} + 1 = 0$, and `$x$` is code.

    $$
    \\int_0^1 x\\,dx
    $$
    -- Content/b.md --
    ---
    title: B
    ---
    Broken $\\frac{1}$ here; fine $a_1 * b_2$.

    - $$
      y
      $$
    -- Content/c.md --
    ```math
    z^2
    ```

    """

  private func build(_ site: SiteFixture, with renderer: MathRenderer) throws -> SiteBuilder.Result {
    var options = SiteBuilder.Options(projectRoot: site.root)
    options.context.mathRenderer = renderer
    return try SiteBuilder(options: options).render()
  }

  private func text(_ result: SiteBuilder.Result, _ path: String) -> String {
    String(decoding: result.files[path] ?? [], as: UTF8.self)
  }

  @Test func formulasBecomeMathMLFromOneProcessForTheBuild() throws {
    let site = try SiteFixture(pages)
    let renderer = MathRenderer()
    let result = try build(site, with: renderer)
    let a = text(result, "a/index.html")
    #expect(a.hasPrefix(#"<p>Euler: <span class="katex"><math xmlns="http://www.w3.org/1998/Math/MathML">"#))
    #expect(a.contains("<code>$x$</code>"))
    #expect(a.contains(#"<div class="folio-math"><span class="katex"><math"#))
    #expect(text(result, "c/index.html").hasPrefix(#"<div class="folio-math"><span class="katex">"#))
    #expect(renderer.processStarts == 1)
  }

  @Test func aTeXErrorIsAWarningAndTheRestOfThePageRenders() throws {
    let site = try SiteFixture(pages)
    let result = try build(site, with: MathRenderer())
    #expect(
      result.warnings.map(\.description) == [
        "Content/b.md:4:17: warning: TeX error in formula: Unexpected end of input in a macro argument, "
          + "expected '}'; the formula is shown as TeX"
      ])
    let b = text(result, "b/index.html")
    #expect(
      b.hasPrefix(
        #"<p>Broken <code class="folio-math-error">\frac{1}</code> here; fine <span class="katex">"#))
    #expect(
      b.contains(#"<div class="folio-item">"# + "\n" + #"<div class="folio-math"><span class="katex">"#))
  }

  @Test func missingKaTeXIsOneErrorForTheBuild() throws {
    let site = try SiteFixture(pages)
    let renderer = MathRenderer(node: URL(fileURLWithPath: "/nonexistent/node"))
    do {
      _ = try build(site, with: renderer)
      Issue.record("the build succeeded without KaTeX")
    } catch let error as DiagnosticError {
      #expect(error.diagnostics.map(\.description) == ["error: \(MathRenderingError.katexMissing)"])
    }
    #expect(renderer.processStarts == 1)
  }

  /// A KaTeX that never answers (a stand-in that says it is ready, then sleeps) fails the build
  /// with an error at the first formula of each page it did not answer, instead of hanging it.
  @Test func aKaTeXThatNeverAnswersFailsTheBuildAtThePage() throws {
    let site = try SiteFixture(
      "-- Templates/page.mustache --\n{{{page.content}}}\n-- Content/a.md --\n$x$\n"
        + "-- bin/node --\n#!/bin/sh\necho '{\"ready\":\"0\"}'\nexec sleep 60\n")
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: site.url("bin/node").path)
    let renderer = MathRenderer(node: site.url("bin/node"), answerTimeout: .milliseconds(300))
    do {
      _ = try build(site, with: renderer)
      Issue.record("the build succeeded without an answer from KaTeX")
    } catch let error as DiagnosticError {
      #expect(
        error.diagnostics.map(\.description) == [
          "Content/a.md:1:2: error: KaTeX took more than 300 ms on this page's formulas and was stopped\n"
            + "    hint: split the page, or shorten its formulas"
        ])
    }
  }

  /// The reported blow-up, a macro of 400 `x^{y_z}` used 900 times (within KaTeX's 1,000
  /// expansions: 2.5 million tokens, 20 MB of MathML), with the real limits: the build fails
  /// with an error at the formula, KaTeX stops after 100,000 tokens, and its process lives on.
  @Test func aFormulaWhoseMacrosBlowUpFailsTheBuildAtIt() throws {
    let tex =
      #"\def\a{"# + String(repeating: "x^{y_z}", count: 400) + "}" + String(repeating: #"\a"#, count: 900)
    let site = try SiteFixture(
      "-- Templates/page.mustache --\n{{{page.content}}}\n-- Content/p.md --\nIntro.\n\n$$\(tex)$$\n"
        + "-- Content/q.md --\n$x$\n")
    let renderer = MathRenderer()
    do {
      _ = try build(site, with: renderer)
      Issue.record("the build succeeded")
    } catch let error as DiagnosticError {
      #expect(
        error.diagnostics.map(\.description) == [
          "Content/p.md:3:3: error: formula expands past 100000 tokens\n    hint: its macros make far more TeX "
            + "than it is written with: write it with fewer macros, or split it into several formulas"
        ])
    }
    #expect(renderer.processStarts == 1)
  }

  @Test func mathCanBeTurnedOff() throws {
    let site = try SiteFixture(
      """
      -- folio.yaml --
      markdown:
        math: false
      -- Templates/page.mustache --
      {{{page.content}}}
      -- Content/a.md --
      $a_1 * b_2$ costs $5
      """)
    let renderer = MathRenderer(node: URL(fileURLWithPath: "/nonexistent/node"))
    let result = try build(site, with: renderer)
    #expect(text(result, "a/index.html") == "<p>$a_1 * b_2$ costs $5</p>\n\n")
    #expect(renderer.processStarts == 0)
  }
}
