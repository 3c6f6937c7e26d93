import Diagnostics

/// Where a run or a block came from in the Markdown source: 1-based lines, 1-based UTF-8 byte
/// columns, end inclusive, exactly as cmark-gfm counts them (`--sourcepos` prints these numbers).
///
/// Lines already include any offset the caller gave the parser (for example the lines taken by
/// front matter), so a span points into the file the writer edits.
///
/// ```swift
/// let run = MarkdownParser().parse("# Hi *you*\n").runs[0]
/// run.sourceSpan.description      // "1:3-1:5"
/// run.sourceSpan.start(in: "a.md")  // a.md:1:3
/// ```
public struct SourceSpan: Hashable, Sendable, CustomStringConvertible {
  // Stored as cmark-gfm's `Int32`s, so a run record stays small; read and written as `Int`.
  @usableFromInline var storedStartLine: Int32
  @usableFromInline var storedStartColumn: Int32
  @usableFromInline var storedEndLine: Int32
  @usableFromInline var storedEndColumn: Int32

  /// The first line of the span.
  @inlinable public var startLine: Int {
    get { Int(storedStartLine) }
    set { storedStartLine = Int32(truncatingIfNeeded: newValue) }
  }
  /// The first column of the span.
  @inlinable public var startColumn: Int {
    get { Int(storedStartColumn) }
    set { storedStartColumn = Int32(truncatingIfNeeded: newValue) }
  }
  /// The last line of the span.
  @inlinable public var endLine: Int {
    get { Int(storedEndLine) }
    set { storedEndLine = Int32(truncatingIfNeeded: newValue) }
  }
  /// The last column of the span (inclusive).
  @inlinable public var endColumn: Int {
    get { Int(storedEndColumn) }
    set { storedEndColumn = Int32(truncatingIfNeeded: newValue) }
  }

  /// Creates a span from its four numbers.
  ///
  /// ```swift
  /// SourceSpan(startLine: 3, startColumn: 1, endLine: 4, endColumn: 12).description  // "3:1-4:12"
  /// ```
  @inlinable public init(startLine: Int, startColumn: Int, endLine: Int, endColumn: Int) {
    self.init(
      cmarkStartLine: Int32(truncatingIfNeeded: startLine),
      startColumn: Int32(truncatingIfNeeded: startColumn),
      endLine: Int32(truncatingIfNeeded: endLine), endColumn: Int32(truncatingIfNeeded: endColumn))
  }

  /// Creates a span from the four numbers cmark-gfm reports, without converting them.
  @inlinable package init(
    cmarkStartLine startLine: Int32, startColumn: Int32, endLine: Int32, endColumn: Int32
  ) {
    storedStartLine = startLine
    storedStartColumn = startColumn
    storedEndLine = endLine
    storedEndColumn = endColumn
  }

  /// A span that knows no position (cmark-gfm reports 0:0-0:0 for nodes it synthesises).
  public static let unknown = SourceSpan(startLine: 0, startColumn: 0, endLine: 0, endColumn: 0)

  /// `line:column-line:column`, the format of cmark-gfm's `data-sourcepos` attribute.
  public var description: String {
    "\(storedStartLine):\(storedStartColumn)-\(storedEndLine):\(storedEndColumn)"
  }

  /// The span's start as a diagnostic location in `path`.
  public func start(in path: String) -> SourceLocation {
    SourceLocation(path: path, line: startLine, column: startColumn)
  }
}
