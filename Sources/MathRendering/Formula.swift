/// A TeX formula to render: its source and whether it is displayed (a block) or inline.
public struct Formula: Hashable, Sendable {
  /// The TeX, exactly as written between its delimiters.
  public var tex: String
  /// Whether it is display math (`$$…$$`, a `$$` block, a ```` ```math ```` fence).
  public var display: Bool

  /// Creates a formula.
  public init(tex: String, display: Bool) {
    self.tex = tex
    self.display = display
  }
}

/// What KaTeX made of a ``Formula``.
public enum RenderedFormula: Hashable, Sendable {
  /// MathML (KaTeX's `output: "mathml"`: a `<span class="katex">` around `<math>`, with the
  /// TeX as its `application/x-tex` annotation), and the commands KaTeX refused because they
  /// need `trust` (`\href`, `\url`, `\includegraphics`, `\htmlClass`…), shown as their names.
  case mathML(String, refused: [String])
  /// KaTeX could not read the TeX: its message, and where in the TeX (a count of UTF-16 code
  /// units, as JavaScript counts) if it said.
  case texError(message: String, position: Int?)
}
