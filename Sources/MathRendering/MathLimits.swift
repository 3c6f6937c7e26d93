/// The most KaTeX may do for one formula or one page before the page stops with an error, so
/// that a formula whose macros multiply cannot keep a build busy for minutes, fill gigabytes of
/// memory or write a page of a hundred megabytes.
///
/// These are the one place for the values (`Limits` in `SiteContent` names them with the site's
/// other limits); docs/CONTRACTS.md lists them with their errors, and ``MathLimitExceeded``
/// words the errors.
public enum MathLimits {
  /// Macro expansions in one formula: KaTeX's `maxExpand`, at KaTeX's own default of 1,000.
  /// Built-in commands such as `\dots` and `\iff` are macros and count too.
  public static let macroExpansions = 1_000
  /// Tokens KaTeX may read for one formula, those its macros make included: 100,000. A macro
  /// of 400 `x^{y_z}` used 900 times stays within ``macroExpansions`` yet makes 2.5 million
  /// tokens (20 MB of MathML, 8 s); the largest hand-written formula seen reads about 5,000, and
  /// 100,000 take KaTeX about half a second.
  public static let tokens = 100_000
  /// The largest size, in ems, a formula may give (`\rule`, `\kern`, `\hspace`, …): KaTeX's
  /// `maxSize`, 100 em. KaTeX draws a larger size at this one, without an error.
  public static let sizeEms = 100
  /// Bytes of MathML all the formulas of one page may make together: 8 MiB, some 20,000
  /// ordinary formulas.
  public static let pageMathMLBytes = 8 << 20
  /// How long KaTeX may take on one page's formulas: 30 s. A thousand ordinary formulas take
  /// it about half a second.
  public static let pageTime: Duration = .seconds(30)
  /// Megabytes of JavaScript heap the KaTeX process may use (Node's `--max-old-space-size`): 512.
  /// A formula at the ``tokens`` limit needs some 60 MB.
  public static let nodeMemoryMegabytes = 512
}
