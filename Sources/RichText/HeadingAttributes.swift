/// What a heading's attribute list says, `{#id .class key=value}`: an id, classes, and other
/// `key=value` pairs, as written (Goldmark, kramdown, Pandoc and Python-Markdown's attr_list read
/// the same list).
///
/// ```swift
/// HeadingAttributes(id: "install", classes: ["wide"]).description  // #install .wide
/// ```
public struct HeadingAttributes: Hashable, Sendable, CustomStringConvertible {
  /// The `#id`, the last one written; nil when there is none.
  public var id: String?
  /// The `.class` names in order.
  public var classes: [String]
  /// The `key=value` pairs in order (quotes taken off the values).
  public var pairs: [KeyValue]
  /// Bare names in a kramdown list (`{:toc}`, `{: name .class}`): references to attribute
  /// definitions, or kramdown's `toc` marker.
  public var references: [String] = []

  /// One `key=value` pair.
  public struct KeyValue: Hashable, Sendable {
    /// The name before `=`.
    public var key: String
    /// The value after it, without its quotes.
    public var value: String

    /// Creates a pair.
    public init(key: String, value: String) {
      self.key = key
      self.value = value
    }
  }

  /// Creates attributes.
  public init(id: String? = nil, classes: [String] = [], pairs: [KeyValue] = []) {
    self.id = id
    self.classes = classes
    self.pairs = pairs
  }

  /// `#id .class key="value"`, as the list would be written again.
  public var description: String {
    var parts: [String] = []
    if let id { parts.append("#" + id) }
    parts += classes.map { "." + $0 }
    parts += pairs.map { "\($0.key)=\($0.value.debugDescription)" }
    parts += references
    return parts.joined(separator: " ")
  }
}
