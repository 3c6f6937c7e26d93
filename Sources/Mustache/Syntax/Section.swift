import Diagnostics

/// A section, `{{#name}}…{{/name}}`, or an inverted section, `{{^name}}…{{/name}}`.
///
/// Node payloads are classes so that a node is one reference wide: the renderer recurses once per
/// nested section, and small nodes keep each level's stack frame small.
final class Section: Sendable {
  /// The name to look up.
  let name: NamePath
  /// The parsed content.
  let nodes: [Node]
  /// The content exactly as written, which a lambda receives.
  let rawText: String
  /// The delimiters in effect at the opening tag, with which a lambda's result is rendered.
  let delimiters: Delimiters
  /// Where the opening tag starts.
  let location: SourceLocation

  /// Creates the node's payload.
  init(name: NamePath, nodes: [Node], rawText: String, delimiters: Delimiters, location: SourceLocation) {
    self.name = name
    self.nodes = nodes
    self.rawText = rawText
    self.delimiters = delimiters
    self.location = location
  }
}
