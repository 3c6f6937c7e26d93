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
  /// The first line of the span.
  public var startLine: Int32
  /// The first column of the span.
  public var startColumn: Int32
  /// The last line of the span.
  public var endLine: Int32
  /// The last column of the span (inclusive).
  public var endColumn: Int32

  /// Creates a span from its four numbers.
  public init(startLine: Int32, startColumn: Int32, endLine: Int32, endColumn: Int32) {
    self.startLine = startLine
    self.startColumn = startColumn
    self.endLine = endLine
    self.endColumn = endColumn
  }

  /// A span that knows no position (cmark-gfm reports 0:0-0:0 for nodes it synthesises).
  public static let unknown = SourceSpan(startLine: 0, startColumn: 0, endLine: 0, endColumn: 0)

  /// `line:column-line:column`, the format of cmark-gfm's `data-sourcepos` attribute.
  public var description: String { "\(startLine):\(startColumn)-\(endLine):\(endColumn)" }

  /// The span's start as a diagnostic location in `path`.
  public func start(in path: String) -> SourceLocation {
    SourceLocation(path: path, line: Int(startLine), column: Int(startColumn))
  }
}
