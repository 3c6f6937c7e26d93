/// A point in a source file: a path, a 1-based line and a 1-based column counted in UTF-8 bytes.
///
/// Columns count bytes, as cmark-gfm and libyaml do, so a position reported by either library
/// maps to a location without re-reading the file.
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The file's path as the user named it (relative paths stay relative for readable messages).
  public var path: String
  /// The 1-based line number.
  public var line: Int
  /// The 1-based column, in UTF-8 bytes from the start of the line.
  public var column: Int

  /// Creates a location at `line`:`column` of `path`.
  public init(path: String, line: Int, column: Int) {
    self.path = path
    self.line = line
    self.column = column
  }

  /// `path:line:column`, the form compilers and editors understand.
  public var description: String { "\(path):\(line):\(column)" }

  /// Orders locations by path, then line, then column.
  public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
    (lhs.path, lhs.line, lhs.column) < (rhs.path, rhs.line, rhs.column)
  }
}
