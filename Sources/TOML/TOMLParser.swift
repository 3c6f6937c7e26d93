internal import CTOML
import Diagnostics
public import YAML

/// Reads TOML 1.0 text (Hugo's `+++` front matter) through toml++ into the same ``YAMLValue``
/// tree YAML and JSON give, so that whatever reads one reads the others.
///
/// Tables become mappings in key order, arrays sequences, and dates and times strings in
/// RFC 3339 form with their offsets kept (`1979-05-27T07:32:00-08:00`, `1979-05-27`,
/// `07:32:00`), which is how YAML front matter writes them. Locations count lines from 1 and
/// columns in UTF-8 bytes from 1. Every problem is thrown as a `DiagnosticError` holding one
/// error `Diagnostic` with the file, line and column.
public struct TOMLParser: Sendable {
  /// The deepest nesting of tables and arrays a document may have, the root table counting as 1.
  public var maximumDepth: Int

  /// Creates a parser that refuses documents nested deeper than `maximumDepth` (512, as the
  /// YAML parser).
  public init(maximumDepth: Int = 512) {
    self.maximumDepth = maximumDepth
  }

  /// Parses UTF-8 bytes holding one TOML document; an empty text is an empty mapping.
  ///
  /// - Parameters:
  ///   - bytes: The TOML text.
  ///   - path: The file's path as diagnostics should show it.
  ///   - lineOffset: Lines in the file before `bytes` (1 for front matter after a `+++` line).
  public func parse(_ bytes: some Collection<UInt8>, path: String, lineOffset: Int = 0) throws -> YAMLValue {
    try parse(bytes, path: path, lineOffset: lineOffset, tagsDates: false)
  }

  /// Parses as ``parse(_:path:lineOffset:)``, but with `tagsDates` each date or time becomes a
  /// mapping `{type: datetime | datetime-local | date-local | time-local, value: …}`, as the
  /// toml-test suite writes them, so that its conformance adapter can tell them from strings.
  package func parse(
    _ bytes: some Collection<UInt8>, path: String, lineOffset: Int, tagsDates: Bool
  ) throws -> YAMLValue {
    let input = Array(bytes)
    // A level of nesting takes at least two bytes of input (`a.`), and toml++ spends under
    // 600 bytes of stack a level in a debug build; 1 KiB a byte leaves room for both.
    let stackBytes = 1 << 20 + input.count * 1024
    var result = input.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { text in
        folio_toml_parse(text.baseAddress, text.count, UInt32(clamping: maximumDepth), stackBytes)
      }
    }
    defer { folio_toml_result_free(&result) }
    if let message = result.message {
      let location = SourceLocation(
        path: path, line: Int(result.line) + lineOffset, column: max(1, Int(result.column)))
      throw TOMLProblem(description: String(cString: message)).error(at: location)
    }
    guard let tree = result.tree else {
      throw TOMLProblem(description: "out of memory").error(
        at: SourceLocation(path: path, line: 1, column: 1))
    }
    var reader = TOMLRecordReader(
      records: UnsafeRawBufferPointer(start: tree, count: result.tree_length), path: path,
      lineOffset: lineOffset,
      tagsDates: tagsDates)
    return reader.node()
  }
}
