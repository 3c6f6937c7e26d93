import Diagnostics

/// A parsed template, ready to render any number of times, from any number of threads.
///
/// Parsing resolves everything that does not depend on data, so a template is parsed once and
/// kept; it is immutable afterwards. Templates usually live in a ``TemplateLibrary``, which also
/// supplies the partials they include.
///
/// ```swift
/// let greeting = try Template(parsing: "Hello, {{name}}!", named: "greeting")
/// let text = try greeting.render(with: ["name": "world"])  // "Hello, world!"
/// ```
public struct Template: Sendable {
  /// The name partials and parent tags use for it: the file's path below its template directory,
  /// without the extension (`partials/header`).
  public let name: String
  /// The path that diagnostics name: the file path for loaded files, otherwise the name.
  public let path: String
  /// The parsed content.
  let nodes: [Node]

  /// Parses `source`.
  ///
  /// - Parameters:
  ///   - source: The template text.
  ///   - name: The name partials and parent tags use for it.
  ///   - path: The path diagnostics name; defaults to `name`.
  /// - Throws: `DiagnosticError` with the first syntax error, located by line and UTF-8 column.
  public init(parsing source: String, named name: String, path: String? = nil) throws {
    self.name = name
    self.path = path ?? name
    var parser = Parser(source: source, path: self.path)
    do {
      nodes = try parser.parse()
    } catch {
      throw error.diagnosticError
    }
  }

  /// A template of already parsed nodes.
  init(name: String, path: String, nodes: [Node]) {
    self.name = name
    self.path = path
    self.nodes = nodes
  }

  /// Renders the template without partials: partial and parent tags render nothing.
  ///
  /// - Throws: `DiagnosticError` when a lambda fails or blocks recurse without end.
  public func render(with context: TemplateValue) throws -> String {
    try TemplateLibrary.empty.render(self, with: context)
  }
}

extension Template {
  /// The parsed nodes as an indented outline, for tests and debugging.
  func dump() -> String { Node.dump(nodes) }
}
