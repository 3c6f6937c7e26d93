import Diagnostics

/// A section, `{{#name}}…{{/name}}`, or an inverted section, `{{^name}}…{{/name}}`.
struct Section: Sendable {
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
}
