/// The limits one ``MathRenderer`` applies: ``MathLimits``' values, or smaller ones so that a
/// test can trip each limit with a small formula.
package struct MathBudget: Hashable, Sendable {
  /// KaTeX's `maxExpand` (``MathLimits/macroExpansions``).
  package var macroExpansions = MathLimits.macroExpansions
  /// Tokens KaTeX may read for one formula (``MathLimits/tokens``).
  package var tokens = MathLimits.tokens
  /// KaTeX's `maxSize`, in ems (``MathLimits/sizeEms``).
  package var sizeEms = MathLimits.sizeEms
  /// Bytes of MathML one page's formulas may make (``MathLimits/pageMathMLBytes``).
  package var pageMathMLBytes = MathLimits.pageMathMLBytes
  /// Node's `--max-old-space-size` (``MathLimits/nodeMemoryMegabytes``).
  package var nodeMemoryMegabytes = MathLimits.nodeMemoryMegabytes

  /// The limits of ``MathLimits``.
  package init() {}
}
