import Foundation
import MathRendering
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The limits KaTeX works within (Debian's `katex` package, which scripts/bootstrap installs):
/// each is tripped with a small formula and a small budget, and the ones that cost little with
/// their real values.
@Suite struct MathLimitsTests {
  private func renderer(answerTimeout: Duration = MathLimits.pageTime, _ change: (inout MathBudget) -> Void)
    -> MathRenderer
  {
    var budget = MathBudget()
    change(&budget)
    return MathRenderer(answerTimeout: answerTimeout, budget: budget)
  }

  /// No limit at all but time: KaTeX expands `\def\a{\a}\a` for ever.
  private func unbounded(_ budget: inout MathBudget) {
    budget.macroExpansions = .max
    budget.tokens = .max
  }

  @Test func aFormulaPastItsTokensIsOverLimitAndTheOthersRender() throws {
    let renderer = renderer { $0.tokens = 50 }
    let results = try renderer.render([
      Formula(tex: #"\def\a{xxxxxxxxxx}\a\a\a\a\a\a"#, display: false),
      Formula(tex: #"\def\a{xxxxxxxxxx}\a\a"#, display: false),
    ])
    #expect(results[0] == .overLimit(.tokens(50)))
    guard case .mathML = results[1] else {
      Issue.record("expected MathML, got \(results[1])")
      return
    }
  }

  /// Each `\edef` doubles the macro for two expansions: KaTeX's own limit lets 2 million
  /// tokens through; the token limit stops it (real limits).
  @Test func doublingMacrosAreStoppedByTheTokenLimit() throws {
    let tex = #"\edef\a{xy}"# + String(repeating: #"\edef\a{\a\a}"#, count: 20) + #"\a"#
    let results = try MathRenderer().render([Formula(tex: tex, display: true)])
    #expect(results == [.overLimit(.tokens(MathLimits.tokens))])
  }

  @Test func aFormulaPastItsMacroExpansionsIsOverLimit() throws {
    let renderer = renderer { $0.macroExpansions = 5 }
    let results = try renderer.render([
      Formula(tex: #"\def\a{x}\a\a\a\a\a\a"#, display: false),
      Formula(tex: #"\def\a{x}\a\a\a\a\a"#, display: false),
    ])
    #expect(results[0] == .overLimit(.macroExpansions(5)))
    guard case .mathML = results[1] else {
      Issue.record("expected MathML, got \(results[1])")
      return
    }
  }

  @Test func aMacroThatExpandsItselfIsOverLimitNotATeXError() throws {
    let results = try MathRenderer().render([Formula(tex: #"\def\a{\a}\a"#, display: false)])
    #expect(results == [.overLimit(.macroExpansions(MathLimits.macroExpansions))])
  }

  @Test func sizesPastTheLimitAreDrawnAtIt() throws {
    let results = try MathRenderer().render([
      Formula(tex: #"\rule{1000em}{1em}"#, display: false),
      Formula(tex: #"\rule{50em}{1em}"#, display: false),
    ])
    guard case .mathML(let large, _) = results[0], case .mathML(let small, _) = results[1] else {
      Issue.record("expected MathML, got \(results)")
      return
    }
    #expect(large.contains(#"<mspace mathbackground="black" width="100em" height="1em">"#))
    #expect(small.contains(#"width="50em""#))
  }

  /// Each of `a` … `e` makes 184 bytes of MathML: the third passes 500, and KaTeX renders
  /// nothing from there on. Those results depend on the request, so they are not kept.
  @Test func aRequestStopsWhereItsMathMLPassesThePageBytes() throws {
    let renderer = renderer { $0.pageMathMLBytes = 500 }
    let results = try renderer.render(["a", "b", "c", "d", "e"].map { Formula(tex: $0, display: false) })
    #expect(
      results.map { if case .mathML = $0 { "mathML" } else { "\($0)" } } == [
        "mathML", "mathML", "pageFull", "pageFull", "pageFull",
      ])
    #expect(renderer.keptCount == 2)
  }

  /// Rendered again (a build renders a failed page more than once), the page's formulas kept
  /// from the first time count against its bytes: KaTeX renders `c`, which passes them, and
  /// stops, instead of rendering `c` and `d` afresh.
  @Test func aPageRenderedAgainSpendsWhatItsKeptFormulasMade() throws {
    let renderer = renderer { $0.pageMathMLBytes = 500 }
    let page = ["a", "b", "c", "d", "e"].map { Formula(tex: $0, display: false) }
    let first = try renderer.render(page)
    let again = try renderer.render(page)
    #expect(again == first)
    #expect(renderer.keptCount == 2)
  }

  /// KaTeX stuck in one formula is killed when the page's time is up, the next page gets a new
  /// process, and the same formulas asked for again fail at once. (The time is long enough for
  /// `x` and `y` on a busy machine; the stuck formula never finishes, whatever it is.)
  @Test func aPageThatTakesTooLongIsStoppedAndItsProcessEnded() throws {
    let renderer = renderer(answerTimeout: .seconds(2), unbounded)
    _ = try renderer.render([Formula(tex: "x", display: false)])
    let stuck = try #require(renderer.processIdentifier)
    #expect(throws: MathRenderingError.noAnswer(after: .seconds(2))) {
      try renderer.render([Formula(tex: #"\def\a{\a}\a"#, display: false)])
    }
    // Killed and reaped: Node does not go on expanding.
    #expect(kill(stuck, 0) == -1 && errno == ESRCH)
    let next = try renderer.render([Formula(tex: "y", display: false)])
    guard case .mathML = next[0] else {
      Issue.record("expected MathML, got \(next)")
      return
    }
    #expect(renderer.processStarts == 2)
    #expect(throws: MathRenderingError.noAnswer(after: .seconds(2))) {
      try renderer.render([Formula(tex: #"\def\a{\a}\a"#, display: false)])
    }
    #expect(renderer.processStarts == 2)
  }

  /// Node past its heap limit dies; the page that did it gets the error, once, and the next
  /// page a new process.
  @Test func nodeOutOfMemoryIsAnErrorAndTheNextPageRenders() throws {
    let renderer = renderer {
      unbounded(&$0)
      $0.nodeMemoryMegabytes = 32
    }
    let tex =
      #"\def\a{"# + String(repeating: "x^{y_z}", count: 400) + "}" + String(repeating: #"\a"#, count: 900)
    #expect(throws: MathRenderingError.outOfMemory(megabytes: 32)) {
      try renderer.render([Formula(tex: tex, display: true)])
    }
    #expect(renderer.processStarts == 1)
    let next = try renderer.render([Formula(tex: "y", display: false)])
    guard case .mathML = next[0] else {
      Issue.record("expected MathML, got \(next)")
      return
    }
    #expect(renderer.processStarts == 2)
  }

  /// A KaTeX whose tokens the script cannot count (here a stand-in that says so) is one error
  /// for the build, asked once, rather than formulas rendered without the limit.
  @Test func aKaTeXWhoseTokensCannotBeCountedIsNotRun() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-node-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let node = folder.appendingPathComponent("node")
    try Data("#!/bin/sh\necho '{\"unsupported\":\"9.9.9\"}'\nexit 4\n".utf8).write(to: node)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: node.path)
    let renderer = MathRenderer(node: node)
    for _ in 0..<3 {
      #expect(throws: MathRenderingError.katexUnsupported(version: "9.9.9")) {
        try renderer.render([Formula(tex: "x", display: false)])
      }
    }
    #expect(renderer.processStarts == 1)
  }

  @Test func theErrorsSayWhichLimitAndHowToGetUnderIt() {
    #expect(MathLimitExceeded.tokens(100_000).message == "formula expands past 100000 tokens")
    #expect(MathLimitExceeded.macroExpansions(1000).message == "formula expands past 1000 macro expansions")
    #expect(
      MathLimitExceeded.pageMathMLBytes(8 << 20).message
        == "the formulas on this page make more than 8 MiB (8388608 bytes) of MathML")
    #expect(
      MathRenderingError.noAnswer(after: .seconds(30)).description
        == "KaTeX took more than 30 s on this page's formulas and was stopped")
    #expect(
      MathRenderingError.outOfMemory(megabytes: 512).description
        == "KaTeX ran out of memory (512 MB) on this page's formulas and was stopped")
  }
}
