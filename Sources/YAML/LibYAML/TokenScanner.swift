internal import CYAML

/// Runs libyaml's scanner (tokens, not events) to find where double-quoted scalars are.
enum TokenScanner {
  /// The start and end marks of every double-quoted scalar in `bytes`, in order, and the end of
  /// the last token scanned when an error stopped the scan (`nil` when the whole text was scanned).
  ///
  /// libyaml looks ahead up to a line for simple keys, so an error also hides the tokens before it
  /// on its line: nothing is known about the text after `stoppedAfter`.
  static func doubleQuotedScalars(in bytes: [UInt8]) -> (
    ranges: [(start: Mark, end: Mark)], stoppedAfter: Mark?
  ) {
    let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
    defer { parser.deallocate() }
    guard yaml_parser_initialize(parser) != 0 else { return ([], Mark(index: 0, line: 0, column: 0)) }
    defer { yaml_parser_delete(parser) }
    yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)

    let input = bytes.isEmpty ? [0] : bytes
    return input.withUnsafeBufferPointer { buffer in
      yaml_parser_set_input_string(parser, buffer.baseAddress, bytes.count)
      var ranges: [(start: Mark, end: Mark)] = []
      var scanned = Mark(index: 0, line: 0, column: 0)
      var token = yaml_token_t()
      while yaml_parser_scan(parser, &token) != 0 {
        defer { yaml_token_delete(&token) }
        scanned = Mark(token.end_mark)
        switch token.type {
        case YAML_STREAM_END_TOKEN, YAML_NO_TOKEN:
          return (ranges, nil)
        case YAML_SCALAR_TOKEN where token.data.scalar.style == YAML_DOUBLE_QUOTED_SCALAR_STYLE:
          ranges.append((Mark(token.start_mark), Mark(token.end_mark)))
        default:
          break
        }
      }
      return (ranges, scanned)
    }
  }
}
