import Diagnostics

/// What the browser's error overlay shows: where the error is, what it is, and the lines around
/// it.
public struct ErrorOverlay: Sendable, Hashable, Codable {
  /// One line of the source excerpt.
  public struct Line: Sendable, Hashable, Codable {
    /// The 1-based line number.
    public var number: Int
    /// The line's text, without its line break.
    public var text: String
    /// Whether this is the line the error points at.
    public var isHighlighted: Bool

    /// Creates an excerpt line.
    public init(number: Int, text: String, isHighlighted: Bool = false) {
      self.number = number
      self.text = text
      self.isHighlighted = isHighlighted
    }
  }

  /// The file's path as the user knows it.
  public var path: String
  /// The 1-based line, or 0 when unknown.
  public var line: Int
  /// The 1-based column in UTF-8 bytes, or 0 when unknown.
  public var column: Int
  /// The error message.
  public var message: String
  /// Source lines around the error, in order.
  public var excerpt: [Line]

  /// Creates an overlay from its parts.
  public init(path: String, line: Int, column: Int, message: String, excerpt: [Line] = []) {
    self.path = path
    self.line = line
    self.column = column
    self.message = message
    self.excerpt = excerpt
  }

  /// Creates an overlay for `diagnostic`, taking up to `context` lines either side of its
  /// location from `source` (the text of the file it points into) when given.
  public init(_ diagnostic: Diagnostic, source: String? = nil, context: Int = 2) {
    let location = diagnostic.location
    var message = diagnostic.message
    for note in diagnostic.notes { message += "\nnote: \(note)" }
    if let hint = diagnostic.hint { message += "\nhint: \(hint)" }
    var excerpt: [Line] = []
    if let source, let location, location.line > 0 {
      // "\r\n" is one Character in Swift, so split on both kinds of line end.
      let lines = source.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
      let first = max(1, location.line - context)
      let last = min(lines.count, location.line + context)
      if first <= last {
        for number in first...last {
          let text = String(lines[number - 1])
          excerpt.append(Line(number: number, text: text, isHighlighted: number == location.line))
        }
      }
    }
    self.init(
      path: location?.path ?? "", line: location?.line ?? 0, column: location?.column ?? 0,
      message: message, excerpt: excerpt)
  }
}
