import Diagnostics
import YAML

/// Typed reads from YAML with errors that point at the offending value.
extension YAMLValue {
  /// The value as a string (numbers and booleans as written), or an error naming `key`.
  package func expectString(_ key: String, in path: String) throws -> String {
    if let string { return string }
    switch kind {
    case .int(let value): return String(value)
    case .double(let value): return String(value)
    case .bool(let value): return value ? "true" : "false"
    default: throw mismatch("a string", key)
    }
  }

  /// The value as a boolean, or an error naming `key`.
  package func expectBool(_ key: String) throws -> Bool {
    guard let bool else { throw mismatch("true or false", key) }
    return bool
  }

  func expectInt(_ key: String) throws -> Int {
    guard let int else { throw mismatch("a whole number", key) }
    return int
  }

  func expectStrings(_ key: String, in path: String) throws -> [String] {
    if let string { return [string] }
    // `tags:` with nothing after it (Jekyll's and Hugo's templates write it) is no tags.
    if isNull { return [] }
    guard let array else { throw mismatch("a list of strings", key) }
    return try array.map { try $0.expectString(key, in: path) }
  }

  /// The error for a value of `key` that is not `expected`, at the value.
  package func mismatch(_ expected: String, _ key: String) -> DiagnosticError {
    ContentProblem.mismatch(expected: expected, key: key, found: kindName).error(at: location)
  }

  var kindName: String {
    switch kind {
    case .null: "nothing"
    case .bool: "a boolean"
    case .int: "a number"
    case .double: "a number"
    case .string(let text): "the string '\(text)'"
    case .sequence: "a list"
    case .mapping: "a mapping"
    }
  }

  /// The mapping's entries with string keys, in order.
  package var stringEntries: [(key: String, value: YAMLValue)] {
    guard let mapping else { return [] }
    return mapping.entries.compactMap { entry in entry.key.string.map { ($0, entry.value) } }
  }
}
