import Diagnostics

/// A TOML text toml++ refused, with the hint that goes with its complaint; the one place these
/// errors are worded.
struct TOMLProblem: Error {
  /// toml++'s description of the problem (or the shim's, for the depth limit).
  var description: String

  /// The problem as a throwable error at `location`.
  func error(at location: SourceLocation) -> DiagnosticError {
    DiagnosticError(.error("TOML: " + description, at: location, hint: hint))
  }

  /// A hint chosen from the description's words: toml++'s messages name what it expected, so
  /// the hint says how to write the common cases.
  private var hint: String {
    if description.contains("nests more than") {
      return "write fewer levels of tables, arrays and dotted keys"
    }
    if description.contains("redefine") || description.contains("already") {
      return "each key and table may be defined once; merge the two into one"
    }
    if description.contains("string") || description.contains("quot") {
      return "quote text with \"…\" (backslash escapes) or '…' (literal), and close it on the same line"
    }
    if description.contains("date") || description.contains("time") {
      return "write dates as 2026-11-30 or 2026-11-30T09:00:00+09:00, without quotes"
    }
    return "write each field as key = value, with text in quotes (see https://toml.io/en/v1.0.0)"
  }
}
