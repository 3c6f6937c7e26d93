/// A span of a source file, from `start` up to and including `end`.
public struct SourceRange: Hashable, Sendable, CustomStringConvertible {
  /// The first position of the span.
  public var start: SourceLocation
  /// The last position of the span (inclusive, like cmark-gfm's source positions).
  public var end: SourceLocation

  /// Creates a span from `start` through `end`.
  public init(start: SourceLocation, end: SourceLocation) {
    self.start = start
    self.end = end
  }

  /// A span that covers a single position.
  public init(at location: SourceLocation) {
    self.init(start: location, end: location)
  }

  /// `path:line:column-line:column`.
  public var description: String { "\(start)-\(end.line):\(end.column)" }
}
