import Dispatch
import Foundation
import MathRendering
import Synchronization
import Testing

/// KaTeX in one Node process (Debian's `katex` package, which scripts/bootstrap installs).
@Suite struct MathRendererTests {
  @Test func texBecomesMathMLWithItsSourceAsAnnotation() throws {
    let renderer = MathRenderer()
    let results = try renderer.render([
      Formula(tex: #"e^{i\pi}"#, display: false), Formula(tex: "x < y", display: true),
    ])
    guard case .mathML(let inline, _) = results[0], case .mathML(let display, _) = results[1] else {
      Issue.record("expected MathML, got \(results)")
      return
    }
    #expect(inline.hasPrefix(#"<span class="katex"><math xmlns="http://www.w3.org/1998/Math/MathML">"#))
    #expect(inline.contains(#"<annotation encoding="application/x-tex">e^{i\pi}</annotation>"#))
    #expect(display.contains(#"<math xmlns="http://www.w3.org/1998/Math/MathML" display="block">"#))
    // The TeX's `<` is escaped by KaTeX in the MathML and in the annotation.
    #expect(display.contains("<mo>&lt;</mo>") && !display.contains("x < y"))
  }

  /// Started on another thread (the first page with a formula goes on meanwhile), the process
  /// is started once however often it is asked for, and the first request uses it.
  @Test func aProcessStartedInTheBackgroundIsStartedOnceAndUsed() throws {
    let renderer = MathRenderer()
    #expect(!renderer.isReady)
    for _ in 0..<3 { renderer.startInBackground() }
    let results = try renderer.render([Formula(tex: "x", display: false)])
    #expect(renderer.isReady)
    #expect(renderer.processStarts == 1)
    guard case .mathML = results[0] else {
      Issue.record("expected MathML, got \(results)")
      return
    }
  }

  /// A machine without Node is ready at once after a background start: requests fail without
  /// waiting, with the reason.
  @Test func aBackgroundStartWithoutNodeIsReadyToFail() throws {
    let renderer = MathRenderer(node: URL(fileURLWithPath: "/nonexistent/node"))
    renderer.startInBackground()
    #expect(throws: MathRenderingError.katexMissing) {
      try renderer.render([Formula(tex: "x", display: false)])
    }
    #expect(renderer.isReady)
    #expect(renderer.processStarts == 1)
  }

  @Test func aTeXErrorComesBackWithItsPosition() throws {
    let results = try MathRenderer().render([Formula(tex: #"a + \frac{1}"#, display: false)])
    guard case .texError(let message, let position) = results[0] else {
      Issue.record("expected an error, got \(results)")
      return
    }
    #expect(message == "Unexpected end of input in a macro argument, expected '}'")
    #expect(position == 12)
  }

  @Test func oneProcessServesEveryBatchFromEveryThread() throws {
    let renderer = MathRenderer()
    let failures = Mutex(0)
    // Requests are pipelined: each thread must get its own answers, in its own order.
    DispatchQueue.concurrentPerform(iterations: 200) { batch in
      let formulas = (0..<5).map { Formula(tex: "x_{\(batch)} + \($0)", display: $0 % 2 == 0) }
      let results = (try? renderer.render(formulas)) ?? []
      let ok =
        results.count == formulas.count
        && zip(formulas, results).allSatisfy { formula, result in
          guard case .mathML(let mathML, _) = result else { return false }
          return mathML.contains("<annotation encoding=\"application/x-tex\">\(formula.tex)</annotation>")
        }
      if !ok { failures.withLock { $0 += 1 } }
    }
    #expect(failures.withLock { $0 } == 0)
    #expect(renderer.processStarts == 1)
  }

  @Test func nodeStartsWithoutTheExtraCertificatesItWouldParseForNothing() throws {
    // Set where the environment does not set it already (never overwritten: other tests run
    // meanwhile).
    setenv("NODE_EXTRA_CA_CERTS", "/etc/ssl/certs/ca-certificates.crt", 0)
    #expect(ProcessInfo.processInfo.environment["NODE_EXTRA_CA_CERTS"] != nil)
    let renderer = MathRenderer()
    _ = try renderer.render([Formula(tex: "x", display: false)])
    let node = try #require(renderer.processIdentifier)
    let environ = try Data(contentsOf: URL(fileURLWithPath: "/proc/\(node)/environ"))
    let names = environ.split(separator: 0).map { String(decoding: $0.prefix { $0 != 0x3D }, as: UTF8.self) }
    #expect(names.contains("PATH"))
    #expect(!names.contains("NODE_EXTRA_CA_CERTS"))
  }

  @Test func theSameFormulaRendersTheSameAndOnce() throws {
    let renderer = MathRenderer()
    let formula = Formula(tex: #"\sum_{k=1}^n k"#, display: true)
    let first = try renderer.render([formula, formula])
    let again = try renderer.render([formula])
    #expect(first[0] == first[1] && first[0] == again[0])
    #expect(renderer.processStarts == 1)
  }

  /// Past its bound the cache starts again, and a request that mixes kept and new formulas
  /// still gets every one of its results, in order.
  @Test func theCacheStartsAgainPastItsBound() throws {
    let renderer = MathRenderer(keptFormulas: 2)
    _ = try renderer.render([Formula(tex: "a", display: false), Formula(tex: "b", display: false)])
    #expect(renderer.keptCount == 2)
    let results = try renderer.render([
      Formula(tex: "a", display: false), Formula(tex: "c", display: false), Formula(tex: "a", display: false),
    ])
    #expect(renderer.keptCount == 1)
    let annotations = results.map { result -> String in
      guard case .mathML(let mathML, _) = result else { return "\(result)" }
      return mathML.components(separatedBy: "application/x-tex\">").last?.prefix(1).description ?? ""
    }
    #expect(annotations == ["a", "c", "a"])
    #expect(renderer.processStarts == 1)
  }

  @Test func missingKaTeXIsOneErrorNamingTheDebianPackage() {
    let renderer = MathRenderer(node: URL(fileURLWithPath: "/nonexistent/node"))
    for _ in 0..<3 {
      #expect(throws: MathRenderingError.katexMissing) {
        try renderer.render([Formula(tex: "x", display: false)])
      }
    }
    // Asked once: a build with a thousand formulas does not try a thousand times.
    #expect(renderer.processStarts == 1)
    #expect(MathRenderingError.katexMissing.description.contains("install Debian's 'katex' package"))
  }

  /// A KaTeX that never answers (here a stand-in that says it is ready, then sleeps) fails the
  /// request after the timeout, once, instead of hanging the build; the next request starts a
  /// new process.
  @Test func aProcessThatNeverAnswersFailsInsteadOfHanging() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-node-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let node = folder.appendingPathComponent("node")
    try Data("#!/bin/sh\necho '{\"ready\":\"0\"}'\nexec sleep 60\n".utf8).write(to: node)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: node.path)
    let renderer = MathRenderer(node: node, answerTimeout: .milliseconds(300))
    #expect(throws: MathRenderingError.noAnswer(after: .milliseconds(300))) {
      try renderer.render([Formula(tex: "x", display: false)])
    }
    #expect(renderer.processStarts == 1)
    #expect(throws: MathRenderingError.noAnswer(after: .milliseconds(300))) {
      try renderer.render([Formula(tex: "y", display: false)])
    }
    #expect(renderer.processStarts == 2)
  }

  @Test func aProcessThatDiedIsStartedAgain() throws {
    let renderer = MathRenderer()
    _ = try renderer.render([Formula(tex: "a", display: false)])
    renderer.terminateProcess()
    let results = try renderer.render([Formula(tex: "b", display: false)])
    #expect(results.count == 1)
    #expect(renderer.processStarts == 2)
  }
}
