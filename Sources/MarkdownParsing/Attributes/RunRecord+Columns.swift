import RichText

extension RunRecord {
  /// The source column of the byte at `position` in this run's text (or just past the run for
  /// `position == end`).
  ///
  /// Exact when the run's text is as long as its span, which holds unless cmark-gfm decoded an
  /// escape or entity in it; then we cannot know where the lengths differ, and count from the
  /// nearer end of the run, which is exact for syntax next to that end.
  func column(at position: Int) -> Int {
    let count = end - start
    let width = span.endColumn - span.startColumn + 1
    guard span.startLine > 0, span.startLine == span.endLine else { return span.startColumn }
    if width == count || position - start <= end - position {
      return span.startColumn + (position - start)
    }
    return span.endColumn + 1 - (end - position)
  }

  /// The span of the bytes `range` of this run.
  func span(of range: Range<Int>) -> SourceSpan {
    guard range != start..<end, span.startLine > 0, span.startLine == span.endLine else { return span }
    return SourceSpan(
      startLine: span.startLine, startColumn: column(at: range.lowerBound),
      endLine: span.endLine, endColumn: column(at: range.upperBound) - 1)
  }
}
