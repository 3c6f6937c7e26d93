/// A highlighted token: a range of a code block's UTF-8 bytes and its text style.
public struct SyntaxToken: Hashable, Sendable {
  /// The first byte, counted in the highlighted text's UTF-8.
  public var offset: Int
  /// How many bytes.
  public var length: Int
  /// What the token is.
  public var style: TextStyle

  /// Creates a token.
  public init(offset: Int, length: Int, style: TextStyle) {
    self.offset = offset
    self.length = length
    self.style = style
  }
}
