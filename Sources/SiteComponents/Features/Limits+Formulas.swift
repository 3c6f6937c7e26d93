import MathRendering
import SiteContent

/// The formula limits under the names of ``SiteContent/Limits`` (docs/CONTRACTS.md), from
/// ``MathRendering/MathLimits``: added here, where formulas are rendered, so that SiteContent,
/// which reads the settings, does not import the math renderer.
extension Limits {
  /// Macro expansions in one formula (KaTeX's `maxExpand`).
  package static let formulaMacroExpansions = MathLimits.macroExpansions
  /// Tokens KaTeX may read for one formula, those its macros make included.
  package static let formulaTokens = MathLimits.tokens
  /// The largest size, in ems, a formula may give (KaTeX's `maxSize`; larger ones are drawn at it).
  package static let formulaSizeEms = MathLimits.sizeEms
  /// Bytes of MathML one page's formulas may make together.
  package static let pageMathMLBytes = MathLimits.pageMathMLBytes
  /// How long KaTeX may take on one page's formulas.
  package static let pageMathTime = MathLimits.pageTime
  /// Megabytes of heap the KaTeX process may use (Node's `--max-old-space-size`).
  package static let katexMemoryMegabytes = MathLimits.nodeMemoryMegabytes
}
