import Foundation
import Synchronization

/// Renders TeX to MathML with KaTeX (Debian's `katex` package), in one Node process that lives
/// as long as the renderer: a build, or a whole `folio serve` session, starts it once, on the
/// first page that has a formula, and never per formula.
///
/// Pages render on many threads; each sends all its formulas in one request, pipelined with the
/// other pages' (``KaTeXProcess``), and KaTeX answers them in turn. Results are kept by formula,
/// so a formula written on many pages, or a page rendered again, costs one rendering; a page's
/// formulas that KaTeX did not finish in time, or ran out of memory on, fail again at once when
/// they are asked for again (a build renders a page whose content failed more than once).
///
/// Each formula and each page is bounded by ``MathLimits`` (``MathBudget``): a formula past its
/// macro expansions or tokens is ``RenderedFormula/overLimit(_:)``, a page's MathML past its
/// bytes ``RenderedFormula/pageFull`` from there on, and a page past its time or Node's memory
/// an error (``MathRenderingError/noAnswer(after:)``, ``MathRenderingError/outOfMemory(megabytes:)``);
/// the process is then started again for the next page.
///
/// ```swift
/// let results = try MathRenderer.shared.render([Formula(tex: #"e^{i\pi}"#, display: false)])
/// // [.mathML("<span class=\"katex\"><math xmlns=…", refused: [])]
/// ```
public final class MathRenderer: Sendable {
  /// The renderer every build of this process shares.
  public static let shared = MathRenderer()

  private struct State {
    var process: KaTeXProcess?
    var unavailable: MathRenderingError?
    var results: [Formula: RenderedFormula] = [:]
    /// Bytes of MathML in `results`.
    var keptBytes = 0
    /// Requests (a page's formulas not kept) that took too long or ran Node out of memory.
    var failures: [[Formula]: MathRenderingError] = [:]
    var starts = 0
  }

  private let state = Mutex(State())
  /// Whether a request is answered without waiting for Node and KaTeX to start: 0 before any
  /// start, 1 while ``startInBackground()`` starts the process, 2 once a process has started or
  /// the machine cannot run one (a request then fails at once). Read without the state's lock,
  /// which a start holds for as long as it takes.
  private let readiness = Atomic<UInt8>(0)
  private let node: URL?
  /// How long KaTeX may take on one request (a page's formulas).
  package let answerTimeout: Duration
  /// The limits this renderer applies.
  package let budget: MathBudget
  /// The most formulas the cache keeps (some 1.5 KB of MathML each: about 75 MB at the default).
  private let keptFormulas: Int
  /// The most bytes of MathML the cache keeps: formulas near ``MathLimits/tokens`` make about
  /// 800 KB each.
  private static let keptBytes = 64 << 20
  /// The most failed requests kept.
  private static let keptFailures = 1_000

  /// A renderer that runs Node from `node`, or finds `node` on `PATH` (`/usr/bin/node` on Debian).
  /// A request that gets no answer within `answerTimeout` fails (``MathRenderingError/noAnswer(after:)``)
  /// rather than hanging the build; KaTeX renders a page's formulas in milliseconds, so the
  /// default (``MathLimits/pageTime``) is only ever reached by a page it cannot finish.
  /// The cache keeps at most `keptFormulas` results and starts again past them, so a `folio
  /// serve` session that runs for days does not keep every version of every formula typed.
  public convenience init(
    node: URL? = nil, answerTimeout: Duration = MathLimits.pageTime, keptFormulas: Int = 50_000
  ) {
    self.init(node: node, answerTimeout: answerTimeout, keptFormulas: keptFormulas, budget: MathBudget())
  }

  /// A renderer with limits of its own (tests use small ones).
  package init(node: URL? = nil, answerTimeout: Duration, keptFormulas: Int = 50_000, budget: MathBudget) {
    self.node = node
    self.answerTimeout = answerTimeout
    self.keptFormulas = keptFormulas
    self.budget = budget
  }

  /// How many formulas' results are kept.
  package var keptCount: Int { state.withLock { $0.results.count } }

  /// How many times the KaTeX process was started.
  public var processStarts: Int { state.withLock { $0.starts } }

  /// Each formula's rendering, in order.
  ///
  /// Throws ``MathRenderingError/katexMissing`` when Node or KaTeX is not installed, and
  /// ``MathRenderingError/katexUnsupported(version:)`` when its tokens cannot be counted (and
  /// keeps saying so without trying again), ``MathRenderingError/processFailed(_:)`` when the
  /// process stops twice in one request, ``MathRenderingError/noAnswer(after:)`` when it
  /// does not answer in time (the process is ended; the next request starts another), and
  /// ``MathRenderingError/outOfMemory(megabytes:)`` when it runs out of memory on the request.
  public func render(_ formulas: [Formula]) throws(MathRenderingError) -> [RenderedFormula] {
    // This request's results are kept apart from the cache, which another thread may empty
    // meanwhile (past `keptFormulas`).
    var known = state.withLock { state in
      var known: [Formula: RenderedFormula] = [:]
      for formula in formulas where known[formula] == nil {
        if let result = state.results[formula] { known[formula] = result }
      }
      return known
    }
    var seen: Set<Formula> = []
    let missing = formulas.filter { known[$0] == nil && seen.insert($0).inserted }
    if !missing.isEmpty {
      if let failure = state.withLock({ $0.failures[missing] }) { throw failure }
      // Outside the lock: requests from other pages go to the process meanwhile (it answers
      // them in turn), and two pages that both miss a formula render it twice, identically.
      // The MathML of the formulas before the first one missing is spent of the page's bytes
      // already: KaTeX renders only what is left, so a page that failed on its bytes and is
      // rendered again costs one more formula, not as many again.
      let spent = formulas.prefix { known[$0] != nil }.reduce(0) { $0 + Self.bytes(of: known[$1]) }
      let rendered: [RenderedFormula]
      do throws(MathRenderingError) {
        rendered =
          spent > budget.pageMathMLBytes
          ? missing.map { _ in .pageFull } : try renderWithProcess(missing, spent: spent)
      } catch {
        if error.exceededLimit != nil {
          state.withLock { state in
            if state.failures.count >= Self.keptFailures { state.failures = [:] }
            state.failures[missing] = error
          }
        }
        throw error
      }
      for (formula, result) in zip(missing, rendered) { known[formula] = result }
      state.withLock { state in
        let kept = zip(missing, rendered).filter { $0.1 != .pageFull }
        let bytes = kept.reduce(0) { $0 + Self.bytes(of: $1.1) }
        if state.results.count + kept.count > keptFormulas || state.keptBytes + bytes > Self.keptBytes {
          state.results = [:]
          state.keptBytes = 0
        }
        for (formula, result) in kept where state.results.updateValue(result, forKey: formula) == nil {
          state.keptBytes += Self.bytes(of: result)
        }
      }
    }
    return formulas.map { known[$0] ?? .texError(message: "not rendered", position: nil) }
  }

  /// The bytes of MathML in `result`.
  private static func bytes(of result: RenderedFormula?) -> Int {
    if case .mathML(let mathML, _) = result { mathML.utf8.count } else { 0 }
  }

  /// `formulas` rendered by KaTeX, which stops where their MathML and `spent` bytes pass the
  /// page's.
  private func renderWithProcess(_ formulas: [Formula], spent: Int) throws(MathRenderingError)
    -> [RenderedFormula]
  {
    let request = Self.request(for: formulas, spent: spent)
    var lastFailure = MathRenderingError.processFailed("it did not start")
    // A process that died (killed, out of memory) is started again once.
    for _ in 0..<2 {
      let process = try runningProcess()
      do throws(MathRenderingError) {
        return try results(from: process.exchange(request), count: formulas.count)
      } catch {
        state.withLock { state in
          if state.process === process { state.process = nil }
        }
        // A request that timed out, or ran Node out of memory, would do so again: it is not
        // sent twice.
        if error.exceededLimit != nil { throw error }
        lastFailure = error
      }
    }
    throw lastFailure
  }

  /// The process, started if there is none; other threads wait while it starts.
  private func runningProcess() throws(MathRenderingError) -> KaTeXProcess {
    defer { readiness.store(2, ordering: .releasing) }
    return try state.withLock { (state: inout State) throws(MathRenderingError) -> KaTeXProcess in
      if let process = state.process { return process }
      if let unavailable = state.unavailable { throw unavailable }
      state.starts += 1
      do throws(MathRenderingError) {
        let process = try KaTeXProcess(
          node: node ?? Self.findNode(), budget: budget, answerTimeout: answerTimeout)
        state.process = process
        return process
      } catch {
        if error.isAboutTheMachine { state.unavailable = error }
        throw error
      }
    }
  }

  /// Whether a request now would not wait for the KaTeX process to start: one has started
  /// (and said it is ready), or the machine cannot run one.
  public var isReady: Bool { readiness.load(ordering: .acquiring) == 2 }

  /// Starts the KaTeX process on another thread, unless one has started or is starting, so that
  /// the thread that found the first formula can go on with other work while Node and KaTeX
  /// load (some 0.15 s).
  public func startInBackground() {
    guard readiness.compareExchange(expected: 0, desired: 1, ordering: .acquiringAndReleasing).exchanged
    else { return }
    DispatchQueue.global(qos: .userInitiated).async { [self] in
      // A failure to start is kept in the state and thrown to the first page that asks.
      _ = try? runningProcess()
    }
  }

  /// The running KaTeX process's id, if there is one (for tests that it is gone when stopped).
  package var processIdentifier: Int32? { state.withLock { $0.process?.processIdentifier } }

  /// Ends the KaTeX process as if it had died, leaving the renderer to notice on its next
  /// request (for tests of the restart).
  package func terminateProcess() {
    state.withLock { $0.process?.terminate() }
  }

  /// `node` from `PATH`, else Debian's `/usr/bin/node` (which then fails as missing).
  private static func findNode() -> URL {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    for folder in path.split(separator: ":") where folder.hasPrefix("/") {
      let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("node")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    return URL(fileURLWithPath: "/usr/bin/node")
  }

  private static func request(for formulas: [Formula], spent: Int) -> Data {
    let list: [[String: Any]] = formulas.map { ["tex": $0.tex, "display": $0.display] }
    let request: [String: Any] = ["formulas": list, "spent": spent]
    return (try? JSONSerialization.data(withJSONObject: request, options: [.sortedKeys])) ?? Data()
  }

  private func results(from answer: Data, count: Int) throws(MathRenderingError) -> [RenderedFormula] {
    guard let object = try? JSONSerialization.jsonObject(with: answer) as? [String: Any],
      let results = object["results"] as? [[String: Any]], results.count == count
    else {
      throw .processFailed("it answered something other than \(count) results")
    }
    return results.map { result in
      if let mathML = result["mathml"] as? String {
        return .mathML(mathML, refused: result["refused"] as? [String] ?? [])
      }
      switch result["limit"] as? String {
      case "tokens": return .overLimit(.tokens(budget.tokens))
      case "expansions": return .overLimit(.macroExpansions(budget.macroExpansions))
      default: break
      }
      if result["pageFull"] as? Bool == true { return .pageFull }
      let message = result["error"] as? String ?? "unknown error"
      return .texError(message: message, position: (result["position"] as? NSNumber)?.intValue)
    }
  }
}
