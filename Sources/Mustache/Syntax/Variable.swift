import Diagnostics

/// An interpolation tag: `{{name}}` escapes the value, `{{{name}}}` and `{{&name}}` do not.
final class Variable: Sendable {
  /// The name to look up.
  let name: NamePath
  /// Whether the value is HTML-escaped.
  let isEscaped: Bool
  /// Where the tag starts, for errors raised by lambdas.
  let location: SourceLocation

  /// Creates the node's payload.
  init(name: NamePath, isEscaped: Bool, location: SourceLocation) {
    self.name = name
    self.isEscaped = isEscaped
    self.location = location
  }
}
