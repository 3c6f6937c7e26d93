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
