/// Why formulas could not be rendered at all (a formula KaTeX cannot read is a
/// ``RenderedFormula/texError(message:position:)``, not an error).
public enum MathRenderingError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Node or KaTeX is not installed.
  case katexMissing
  /// The KaTeX installed (its version) does not let Folio count the tokens it reads, so its
  /// formulas could not be bounded (``MathLimits/tokens``).
  case katexUnsupported(version: String)
  /// The KaTeX process stopped or answered something unreadable.
  case processFailed(String)
  /// The KaTeX process gave no answer within the renderer's time for a page (`after`), and was
  /// ended.
  case noAnswer(after: Duration)
  /// The KaTeX process ran out of its memory (`megabytes`, Node's `--max-old-space-size`) while
  /// answering, and ended.
  case outOfMemory(megabytes: Int)

  /// The message, naming what to install.
  public var description: String {
    switch self {
    case .katexMissing:
      "math needs KaTeX, which is not installed: install Debian's 'katex' package (apt-get install katex), "
        + "or turn formulas off with 'math: false' under 'markdown:' in folio.yaml"
    case .katexUnsupported(let version):
      "KaTeX \(version) does not let Folio count the tokens it reads, so its formulas cannot be bounded: "
        + "install Debian's 'katex' package (apt-get install katex), "
        + "or turn formulas off with 'math: false' under 'markdown:' in folio.yaml"
    case .processFailed(let reason): "the KaTeX process failed: \(reason)"
    case .noAnswer(let limit): MathLimitExceeded.pageTime(limit).message
    case .outOfMemory(let megabytes): MathLimitExceeded.nodeMemory(megabytes: megabytes).message
    }
  }

  /// Whether the error is about the machine (what is installed), not about any page: one error
  /// for the build, asked once.
  public var isAboutTheMachine: Bool {
    switch self {
    case .katexMissing, .katexUnsupported: true
    case .processFailed, .noAnswer, .outOfMemory: false
    }
  }

  /// The limit this error says a page went past, if it is one.
  var exceededLimit: MathLimitExceeded? {
    switch self {
    case .noAnswer(let limit): .pageTime(limit)
    case .outOfMemory(let megabytes): .nodeMemory(megabytes: megabytes)
    case .katexMissing, .katexUnsupported, .processFailed: nil
    }
  }
}
