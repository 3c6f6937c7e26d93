/// One attribute of an element: its name as HTML serialises it (lowercase for HTML elements,
/// SVG's mixed case such as `viewBox`, and `xlink:href`, `xml:lang` or `xmlns:xlink` for the
/// attributes HTML parsing puts in those namespaces) and its value with character references
/// decoded.
public struct HTMLAttribute: Sendable, Hashable {
  /// The attribute's name.
  public var name: String
  /// The attribute's value (empty for an attribute written without one).
  public var value: String

  /// Creates an attribute.
  public init(name: String, value: String) {
    self.name = name
    self.value = value
  }
}
