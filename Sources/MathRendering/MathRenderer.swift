import Foundation
import Synchronization

/// Renders TeX to MathML with KaTeX (Debian's `katex` package), in one Node process that lives
/// as long as the renderer: a build, or a whole `folio serve` session, starts it once, on the
/// first page that has a formula, and never per formula.
///
/// Pages render on many threads; they take turns with the process (KaTeX is single-threaded
/// anyway), each sending all its formulas in one request. Results are kept by formula, so a
/// formula written on many pages, or a page rendered again, costs one rendering.
///
/// ```swift
/// let results = try MathRenderer.shared.render([Formula(tex: #"e^{i\pi}"#, display: false)])
/// // [.mathML("<span class=\"katex\"><math xmlns=…")]
/// ```
public final class MathRenderer: Sendable {
  /// The renderer every build of this process shares.
  public static let shared = MathRenderer()

  private struct State {
    var process: KaTeXProcess?
    var unavailable: MathRenderingError?
    var results: [Formula: RenderedFormula] = [:]
    var starts = 0
  }

  private let state = Mutex(State())
  private let node: URL?

  /// A renderer that runs Node from `node`, or finds `node` on `PATH` (`/usr/bin/node` on Debian).
  public init(node: URL? = nil) {
    self.node = node
  }

  /// How many times the KaTeX process was started.
  public var processStarts: Int { state.withLock { $0.starts } }

  /// Each formula's rendering, in order.
  ///
  /// Throws ``MathRenderingError/katexMissing`` when Node or KaTeX is not installed (and keeps
  /// saying so without trying again), and ``MathRenderingError/processFailed(_:)`` when the
  /// process stops twice in one request.
  public func render(_ formulas: [Formula]) throws(MathRenderingError) -> [RenderedFormula] {
    try state.withLock { (state: inout State) throws(MathRenderingError) -> [RenderedFormula] in
      var missing: [Formula] = []
      var seen: Set<Formula> = []
      for formula in formulas where state.results[formula] == nil && seen.insert(formula).inserted {
        missing.append(formula)
      }
      if !missing.isEmpty {
        let rendered = try renderWithProcess(missing, state: &state)
        for (formula, result) in zip(missing, rendered) { state.results[formula] = result }
      }
      return formulas.map { state.results[$0]! }
    }
  }

  private func renderWithProcess(_ formulas: [Formula], state: inout State) throws(MathRenderingError)
    -> [RenderedFormula]
  {
    if let unavailable = state.unavailable { throw unavailable }
    let request = Self.request(for: formulas)
    var lastFailure = MathRenderingError.processFailed("it did not start")
    // A process that died (killed, out of memory) is started again once.
    for _ in 0..<2 {
      do throws(MathRenderingError) {
        if state.process == nil {
          state.starts += 1
          state.process = try KaTeXProcess(node: node ?? Self.findNode())
        }
        let answer = try state.process!.exchange(request)
        return try Self.results(from: answer, count: formulas.count)
      } catch .katexMissing {
        state.unavailable = .katexMissing
        throw .katexMissing
      } catch {
        state.process = nil
        lastFailure = error
      }
    }
    throw lastFailure
  }

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

  private static func request(for formulas: [Formula]) -> Data {
    let list: [[String: Any]] = formulas.map { ["tex": $0.tex, "display": $0.display] }
    return (try? JSONSerialization.data(withJSONObject: ["formulas": list], options: [.sortedKeys])) ?? Data()
  }

  private static func results(from answer: Data, count: Int) throws(MathRenderingError) -> [RenderedFormula] {
    guard let object = try? JSONSerialization.jsonObject(with: answer) as? [String: Any],
      let results = object["results"] as? [[String: Any]], results.count == count
    else {
      throw .processFailed("it answered something other than \(count) results")
    }
    return results.map { result in
      if let mathML = result["mathml"] as? String { return .mathML(mathML) }
      let message = result["error"] as? String ?? "unknown error"
      return .texError(message: message, position: (result["position"] as? NSNumber)?.intValue)
    }
  }
}
