/// The size an image is to be shown at, in CSS pixels, as Zenn writes it: `=250x` (width),
/// `=x100` (height) or `=250x100` (both).
public struct ImageSize: Hashable, Sendable, CustomStringConvertible {
  /// The width, or nil when only the height was given.
  public var width: Int?
  /// The height, or nil when only the width was given.
  public var height: Int?

  /// Creates a size; at least one of the two should be set.
  public init(width: Int?, height: Int?) {
    self.width = width
    self.height = height
  }

  /// `250x`, `x100` or `250x100`, as written after `=`.
  public var description: String { "\(width.map(String.init) ?? "")x\(height.map(String.init) ?? "")" }
}
