import Diagnostics

/// A limit from ``MathLimits`` that a formula or a page went past; ``message`` and ``hint`` are
/// the one place that puts these errors into words.
public enum MathLimitExceeded: Hashable, Sendable {
  /// A formula made more macro expansions than KaTeX's `maxExpand` (the limit).
  case macroExpansions(Int)
  /// KaTeX read more tokens for a formula than the limit, those its macros made included.
  case tokens(Int)
  /// A page's formulas made more bytes of MathML than the limit.
  case pageMathMLBytes(Int)
  /// KaTeX took longer than the limit on a page's formulas, and was stopped.
  case pageTime(Duration)
  /// The KaTeX process ran out of its memory (the limit, in megabytes) on a page's formulas.
  case nodeMemory(megabytes: Int)

  /// What went past which limit.
  public var message: String {
    switch self {
    case .macroExpansions(let limit): "formula expands past \(limit) macro expansions"
    case .tokens(let limit): "formula expands past \(limit) tokens"
    case .pageMathMLBytes(let limit):
      "the formulas on this page make more than \(Self.size(limit)) of MathML"
    case .pageTime(let limit):
      "KaTeX took more than \(Self.time(limit)) on this page's formulas and was stopped"
    case .nodeMemory(let megabytes):
      "KaTeX ran out of memory (\(megabytes) MB) on this page's formulas and was stopped"
    }
  }

  /// How to get back under the limit.
  public var hint: String {
    switch self {
    case .macroExpansions:
      #"a macro that uses itself expands for ever, and built-in commands such as \dots count too: "#
        + "write the formula with fewer macros, or split it into several formulas"
    case .tokens:
      "its macros make far more TeX than it is written with: write it with fewer macros, "
        + "or split it into several formulas"
    case .pageMathMLBytes, .pageTime, .nodeMemory:
      "split the page, or shorten its formulas"
    }
  }

  /// The error at `location`.
  public func diagnostic(at location: SourceLocation) -> Diagnostic {
    .error(message, at: location, hint: hint)
  }

  /// Bytes as the docs write them: `8 MiB (8388608 bytes)`, or `1000 bytes`.
  private static func size(_ bytes: Int) -> String {
    bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB (\(bytes) bytes)" : "\(bytes) bytes"
  }

  /// A duration in whole seconds, or in milliseconds below a second: `30 s`, `300 ms`.
  private static func time(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    return seconds >= 1 ? "\(seconds) s" : "\(attoseconds / 1_000_000_000_000_000) ms"
  }
}
