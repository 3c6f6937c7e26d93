/// A dotted name such as `page.author.name`, split once at parse time.
struct NamePath: Sendable, Hashable, CustomStringConvertible {
  /// The parts between the dots; empty for the implicit iterator `.`.
  let components: [String]
  /// Each part's ``TemplateRecord`` hash, made once here for every record the tag looks in.
  let hashes: [UInt64]

  /// Splits `text` at its dots; `.` alone names the top of the context stack.
  init(_ text: Substring) {
    components =
      text == "." ? [] : text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    hashes = components.map(TemplateRecord.hash)
  }

  /// A name of `components`, as a copy of a parsed one is made.
  init(components: [String]) {
    self.components = components
    hashes = components.map(TemplateRecord.hash)
  }

  /// Whether this is `.`, the value on top of the context stack.
  var isImplicitIterator: Bool { components.isEmpty }

  /// The name as written in the template.
  var description: String { isImplicitIterator ? "." : components.joined(separator: ".") }
}
