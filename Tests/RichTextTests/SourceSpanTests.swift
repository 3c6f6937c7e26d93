import RichText
import Testing

/// Spans read and write as `Int`, whatever they are stored as.
@Suite struct SourceSpanTests {
  @Test func fieldsAreIntsAndRoundTrip() {
    var span = SourceSpan(startLine: 3, startColumn: 1, endLine: 4, endColumn: 12)
    let line: Int = span.startLine
    #expect(line == 3)
    #expect(span.description == "3:1-4:12")
    span.endColumn += 1
    #expect(span.endColumn == 13)
    #expect(span == SourceSpan(startLine: 3, startColumn: 1, endLine: 4, endColumn: 13))
    #expect(span.start(in: "a.md").line == 3)
  }

  @Test func unknownIsAllZeros() {
    #expect(SourceSpan.unknown.description == "0:0-0:0")
    #expect(SourceSpan.unknown.startLine == 0)
  }
}
