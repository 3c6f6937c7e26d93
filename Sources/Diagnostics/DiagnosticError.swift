/// An error that carries one or more findings, thrown when a step cannot go on.
public struct DiagnosticError: Error, Sendable, CustomStringConvertible {
  /// The findings, in the order they were made.
  public var diagnostics: [Diagnostic]

  /// Wraps findings into a throwable error.
  public init(_ diagnostics: [Diagnostic]) {
    self.diagnostics = diagnostics
  }

  /// Wraps one finding.
  public init(_ diagnostic: Diagnostic) {
    self.diagnostics = [diagnostic]
  }

  /// Every finding, one per line, as ``Diagnostic/description`` prints them.
  public var description: String {
    diagnostics.map(\.description).joined(separator: "\n")
  }
}
