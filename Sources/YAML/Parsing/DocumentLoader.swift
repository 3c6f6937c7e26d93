import Diagnostics

/// Runs one parse: feeds libyaml's events to a `TreeBuilder` and turns libyaml's failures into
/// diagnostics, retrying once when the text holds JSON surrogate-pair escapes.
struct DocumentLoader {
  let limits: YAMLParser.Limits
  let path: String
  let lineOffset: Int
  /// ``YAMLParser/ignoresApplicationTags``.
  var ignoresApplicationTags = false

  func load(_ input: [UInt8], singleDocument: Bool) throws -> [YAMLValue] {
    // libyaml would count a byte order mark as a character of the first line.
    let bytes = input.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(input.dropFirst(3)) : input
    // The plainest mappings (nearly all front matter) are read without libyaml; a mapping
    // holding a sequence is two levels deep.
    if limits.maximumDepth >= 2,
      let value = SimpleMappingReader.read(bytes, path: path, lineOffset: lineOffset)
    {
      return [value]
    }
    return try loadThroughEvents(bytes, singleDocument: singleDocument)
  }

  /// ``load(_:singleDocument:)`` through libyaml's events, for any text (without its byte order
  /// mark).
  func loadThroughEvents(_ text: [UInt8], singleDocument: Bool) throws -> [YAMLValue] {
    var bytes = text
    var shifts: [SourceMapper.ColumnShift] = []
    var rewroteSurrogatePairs = false
    while true {
      var mapper = SourceMapper(bytes: bytes, path: path, lineOffset: lineOffset, shifts: shifts)
      var builder = TreeBuilder(
        limits: limits, singleDocument: singleDocument, ignoresApplicationTags: ignoresApplicationTags)
      do {
        try EventReader.read(bytes) { event in try builder.consume(event, mapper: &mapper) }
      } catch let error as LibYAMLError {
        // At most one retry: the rewrite handles every pair in the text at once.
        if !rewroteSurrogatePairs, error.problem == "found invalid Unicode character escape code",
          let rewritten = SurrogatePairs.rewrite(bytes)
        {
          bytes = rewritten.bytes
          shifts = rewritten.shifts
          rewroteSurrogatePairs = true
          continue
        }
        throw diagnose(error, mapper: &mapper)
      }
      if singleDocument && builder.documents.isEmpty {
        return [YAMLValue(.null, at: SourceLocation(path: path, line: 1 + lineOffset, column: 1))]
      }
      return builder.documents
    }
  }

  private func diagnose(_ error: LibYAMLError, mapper: inout SourceMapper) -> DiagnosticError {
    switch error.stage {
    case .memory:
      return YAMLProblem.outOfMemory.error(at: nil)
    case .reader:
      return YAMLProblem.unreadable(problem: error.problem).error(at: mapper.location(ofByte: error.offset))
    case .scanner, .parser:
      let location = mapper.location(of: error.problemMark)
      let contextLocation = mapper.location(of: error.contextMark)
      if error.problem == "found unexpected end of stream"
        && error.context == "while scanning a quoted scalar"
      {
        return YAMLProblem.unclosedQuote(endOfFile: location).error(at: contextLocation)
      }
      let hint = SyntaxHints.hint(
        problem: error.problem, context: error.context, character: mapper.byte(at: error.problemMark),
        lineStartsWithTab: lineStartsWithTab(error.problemMark, mapper: &mapper))
      let problem = YAMLProblem.syntax(
        problem: error.problem, context: error.context,
        contextLocation: error.context == nil || contextLocation == location ? nil : contextLocation,
        hint: hint)
      return problem.error(at: location)
    }
  }

  /// Whether the indentation of the line holding `mark` contains a tab.
  private func lineStartsWithTab(_ mark: Mark, mapper: inout SourceMapper) -> Bool {
    let lineStart = Mark(index: mark.index - mark.column, line: mark.line, column: 0)
    var offset = mapper.byteOffset(of: lineStart)
    while offset < mapper.bytes.count {
      switch mapper.bytes[offset] {
      case UInt8(ascii: "\t"): return true
      case UInt8(ascii: " "): offset += 1
      default: return false
      }
    }
    return false
  }
}
