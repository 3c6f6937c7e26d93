internal import CYAML

/// The only code that talks to libyaml: it runs the event parser and hands each event on as Swift
/// values, freeing the C event before the handler sees it.
enum EventReader {
  /// Parses `bytes` (UTF-8, without a byte order mark) and passes each event to `handle` until the
  /// stream ends or `handle` returns `false`.
  static func read(_ bytes: [UInt8], _ handle: (Event) throws -> Bool) throws {
    let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
    defer { parser.deallocate() }
    guard yaml_parser_initialize(parser) != 0 else {
      throw LibYAMLError(
        stage: .memory, problem: "out of memory", problemMark: Mark(index: 0, line: 0, column: 0), offset: 0,
        context: nil, contextMark: Mark(index: 0, line: 0, column: 0))
    }
    defer { yaml_parser_delete(parser) }
    yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)

    // libyaml asserts that the input pointer is not null, which an empty array's may be.
    let input = bytes.isEmpty ? [0] : bytes
    try input.withUnsafeBufferPointer { buffer in
      yaml_parser_set_input_string(parser, buffer.baseAddress, bytes.count)
      var event = yaml_event_t()
      while true {
        guard yaml_parser_parse(parser, &event) != 0 else {
          throw LibYAMLError(parser.pointee)
        }
        let converted: Event
        do {
          defer { yaml_event_delete(&event) }
          converted = Event(event)
        }
        if case .streamEnd = converted {
          _ = try handle(converted)
          return
        }
        guard try handle(converted) else { return }
      }
    }
  }
}

extension Event {
  fileprivate init(_ event: yaml_event_t) {
    let mark = Mark(event.start_mark)
    switch event.type {
    case YAML_STREAM_START_EVENT:
      self = .streamStart
    case YAML_DOCUMENT_START_EVENT:
      self = .documentStart(mark)
    case YAML_DOCUMENT_END_EVENT:
      self = .documentEnd
    case YAML_ALIAS_EVENT:
      self = .alias(anchor: String(optionalCString: event.data.alias.anchor) ?? "", mark: mark)
    case YAML_SCALAR_EVENT:
      let scalar = event.data.scalar
      // The length matters: a "\0" escape puts a NUL byte inside the value.
      let text = String(
        decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
      self = .scalar(
        text: text, isPlain: scalar.style == YAML_PLAIN_SCALAR_STYLE,
        properties: NodeProperties(
          anchor: String(optionalCString: scalar.anchor), tag: String(optionalCString: scalar.tag), mark: mark
        ))
    case YAML_SEQUENCE_START_EVENT:
      let start = event.data.sequence_start
      self = .sequenceStart(
        NodeProperties(
          anchor: String(optionalCString: start.anchor), tag: String(optionalCString: start.tag), mark: mark))
    case YAML_SEQUENCE_END_EVENT:
      self = .sequenceEnd
    case YAML_MAPPING_START_EVENT:
      let start = event.data.mapping_start
      self = .mappingStart(
        NodeProperties(
          anchor: String(optionalCString: start.anchor), tag: String(optionalCString: start.tag), mark: mark))
    case YAML_MAPPING_END_EVENT:
      self = .mappingEnd
    default:
      // YAML_NO_EVENT comes only after the stream has ended.
      self = .streamEnd
    }
  }
}

extension Mark {
  init(_ mark: yaml_mark_t) {
    self.init(index: Int(mark.index), line: Int(mark.line), column: Int(mark.column))
  }
}

extension LibYAMLError {
  fileprivate init(_ parser: yaml_parser_t) {
    let stage: Stage =
      switch parser.error {
      case YAML_READER_ERROR: .reader
      case YAML_SCANNER_ERROR: .scanner
      case YAML_MEMORY_ERROR: .memory
      default: .parser
      }
    self.init(
      stage: stage,
      problem: parser.problem.map { String(cString: $0) } ?? "invalid YAML",
      problemMark: Mark(parser.problem_mark),
      offset: Int(parser.problem_offset),
      context: parser.context.map { String(cString: $0) },
      contextMark: Mark(parser.context_mark))
  }
}

extension String {
  fileprivate init?(optionalCString pointer: UnsafeMutablePointer<yaml_char_t>?) {
    guard let pointer else { return nil }
    self = String(cString: pointer)
  }
}
