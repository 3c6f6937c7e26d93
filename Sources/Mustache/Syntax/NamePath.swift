/// A dotted name such as `page.author.name`, split once at parse time.
struct NamePath: Sendable, Hashable, CustomStringConvertible {
  /// The parts between the dots; empty for the implicit iterator `.`.
  let components: [String]

  /// Splits `text` at its dots; `.` alone names the top of the context stack.
  init(_ text: Substring) {
    components =
      text == "." ? [] : text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
  }

  /// A name of `components`, as a copy of a parsed one is made.
  init(components: [String]) {
    self.components = components
  }

  /// Whether this is `.`, the value on top of the context stack.
  var isImplicitIterator: Bool { components.isEmpty }

  /// The name as written in the template.
  var description: String { isImplicitIterator ? "." : components.joined(separator: ".") }
}
