/// What KaTeX made of a ``Formula``.
public enum RenderedFormula: Hashable, Sendable {
  /// MathML (KaTeX's `output: "mathml"`: a `<span class="katex">` around `<math>`, with the
  /// TeX as its `application/x-tex` annotation), and the commands KaTeX refused because they
  /// need `trust` (`\href`, `\url`, `\includegraphics`, `\htmlClass`…), shown as their names.
  case mathML(String, refused: [String])
  /// KaTeX could not read the TeX: its message, and where in the TeX (a count of UTF-16 code
  /// units, as JavaScript counts) if it said.
  case texError(message: String, position: Int?)
  /// KaTeX stopped: the formula went past a limit of its own (macro expansions or tokens).
  case overLimit(MathLimitExceeded)
  /// Not rendered: with it, the formulas of its request made more MathML than a page may hold
  /// (``MathLimits/pageMathMLBytes``). Says nothing about the formula alone, so it is not kept.
  case pageFull
}
