/// Why formulas could not be rendered at all (a formula KaTeX cannot read is a
/// ``RenderedFormula/texError(message:position:)``, not an error).
public enum MathRenderingError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Node or KaTeX is not installed.
  case katexMissing
  /// The KaTeX process stopped or answered something unreadable.
  case processFailed(String)
  /// The KaTeX process gave no answer within the renderer's timeout, and was ended.
  case noAnswer(seconds: Int)

  /// The message, naming what to install.
  public var description: String {
    switch self {
    case .katexMissing:
      "math needs KaTeX, which is not installed: install Debian's 'katex' package (apt-get install katex), "
        + "or turn formulas off with 'math: false' under 'markdown:' in folio.yaml"
    case .processFailed(let reason): "the KaTeX process failed: \(reason)"
    case .noAnswer(let seconds):
      "KaTeX gave no answer in \(seconds) s and was stopped: a formula on this page may be too large for it; "
        + "shorten or split it, or turn formulas off with 'math: false' under 'markdown:' in folio.yaml"
    }
  }
}
