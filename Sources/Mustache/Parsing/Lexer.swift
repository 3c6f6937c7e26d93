import Diagnostics

/// Splits template source into tokens, following `{{=…=}}` delimiter changes as it goes.
struct Lexer {
  private let source: [UInt8]
  private let path: String
  private var delimiters: Delimiters
  private var tokens: [Token] = []
  private var line = 1
  private var lineStart = 0

  /// Prepares to read `source`; `path` names the template in error locations.
  init(source: [UInt8], path: String, delimiters: Delimiters = .standard) {
    self.source = source
    self.path = path
    self.delimiters = delimiters
  }

  /// Every token of the source, in order.
  mutating func tokenize() throws(TemplateError) -> [Token] {
    var position = 0
    while position < source.count {
      let tagStart = readText(from: position)
      guard tagStart < source.count else { break }
      position = try readTag(at: tagStart)
    }
    return tokens
  }

  /// Emits text and line-break tokens up to the next opening delimiter; returns where it is.
  private mutating func readText(from start: Int) -> Int {
    let open = delimiters.open
    var runStart = start
    var index = start
    while index < source.count {
      let byte = source[index]
      if byte == UInt8(ascii: "\n") {
        let breakStart = index > runStart && source[index - 1] == UInt8(ascii: "\r") ? index - 1 : index
        emitText(runStart..<breakStart)
        tokens.append(makeToken(.newline, breakStart..<index + 1))
        index += 1
        line += 1
        lineStart = index
        runStart = index
      } else if byte == open[0] && matches(open, at: index) {
        break
      } else {
        index += 1
      }
    }
    emitText(runStart..<index)
    return index
  }

  private mutating func emitText(_ range: Range<Int>) {
    if !range.isEmpty {
      tokens.append(makeToken(.text, range))
    }
  }

  /// Reads the tag whose opening delimiter starts at `start`; returns the index after it.
  private mutating func readTag(at start: Int) throws(TemplateError) -> Int {
    let location = SourceLocation(path: path, line: line, column: start - lineStart + 1)
    let contentStart = start + delimiters.open.count
    let sigil: UInt8? = contentStart < source.count ? source[contentStart] : nil
    let (kind, closing) = classify(sigil)
    let nameStart = kind == .variable ? contentStart : contentStart + 1
    guard let closeStart = firstIndex(of: closing, from: nameStart) else {
      throw TemplateError(
        location: location, reason: .unclosedTag(expected: String(decoding: closing, as: UTF8.self)))
    }
    let content = source[nameStart..<closeStart]
    if kind != .comment && firstIndex(of: delimiters.open, from: nameStart, before: closeStart) != nil {
      // A tag cannot contain the opening delimiter; this one ran into the next tag.
      throw TemplateError(
        location: location, reason: .unclosedTag(expected: String(decoding: closing, as: UTF8.self)))
    }
    let end = closeStart + closing.count
    let name = try name(of: kind, content: content, at: location)
    tokens.append(
      Token(
        kind: kind, range: start..<end, name: name, line: location.line, column: location.column,
        delimiters: delimiters))
    if kind == .delimiters {
      delimiters = try parseDelimiters(content, at: location)
    }
    countLineBreaks(in: start..<end)
    return end
  }

  /// The tag kind a sigil selects, and the byte sequence that closes such a tag.
  private func classify(_ sigil: UInt8?) -> (Token.Kind, [UInt8]) {
    switch sigil {
    case UInt8(ascii: "{"): (.unescapedVariable, [UInt8(ascii: "}")] + delimiters.close)
    case UInt8(ascii: "&"): (.unescapedVariable, delimiters.close)
    case UInt8(ascii: "#"): (.section, delimiters.close)
    case UInt8(ascii: "^"): (.invertedSection, delimiters.close)
    case UInt8(ascii: "/"): (.close, delimiters.close)
    case UInt8(ascii: "!"): (.comment, delimiters.close)
    case UInt8(ascii: ">"): (.partial, delimiters.close)
    case UInt8(ascii: "<"): (.parent, delimiters.close)
    case UInt8(ascii: "$"): (.block, delimiters.close)
    case UInt8(ascii: "="): (.delimiters, [UInt8(ascii: "=")] + delimiters.close)
    default: (.variable, delimiters.close)
    }
  }

  /// The checked, trimmed name of a tag; `*path` for a dynamic partial or parent name.
  private func name(of kind: Token.Kind, content: ArraySlice<UInt8>, at location: SourceLocation)
    throws(TemplateError) -> String
  {
    switch kind {
    case .comment, .delimiters:
      return ""
    case .partial, .parent:
      let trimmed = content.trimmingWhitespace()
      if trimmed.first == UInt8(ascii: "*") {
        // `{{> * name }}` is as valid as `{{>*name}}`; the name after the star is a dotted path.
        let path = try checkedName(trimmed.dropFirst().trimmingWhitespace(), at: location)
        try checkPath(path, at: location)
        return "*" + path
      }
      return try checkedName(trimmed, at: location)
    case .block, .close:
      return try checkedName(content.trimmingWhitespace(), at: location)
    default:
      let name = try checkedName(content.trimmingWhitespace(), at: location)
      try checkPath(name, at: location)
      return name
    }
  }

  private func checkedName(_ bytes: ArraySlice<UInt8>, at location: SourceLocation) throws(TemplateError)
    -> String
  {
    guard !bytes.isEmpty else {
      throw TemplateError(location: location, reason: .emptyTagName)
    }
    if bytes.contains(where: \.isLineBreak) {
      // A name cannot span lines: the tag most likely lacks its closing delimiter.
      throw TemplateError(
        location: location, reason: .unclosedTag(expected: String(decoding: delimiters.close, as: UTF8.self)))
    }
    let name = String(decoding: bytes, as: UTF8.self)
    guard !bytes.contains(where: \.isWhitespace) else {
      throw TemplateError(location: location, reason: .invalidName(name))
    }
    return name
  }

  /// Rejects dotted names with an empty part, such as `a..b` or `.a`.
  private func checkPath(_ name: String, at location: SourceLocation) throws(TemplateError) {
    guard name != "." else { return }
    if name.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).contains(
      where: \.isEmpty)
    {
      throw TemplateError(location: location, reason: .invalidName(name))
    }
  }

  private func parseDelimiters(_ content: ArraySlice<UInt8>, at location: SourceLocation)
    throws(TemplateError)
    -> Delimiters
  {
    let parts = content.split(whereSeparator: \.isWhitespace)
    guard parts.count == 2, !parts.contains(where: { $0.contains(UInt8(ascii: "=")) }) else {
      throw TemplateError(
        location: location, reason: .invalidDelimiters(String(decoding: content, as: UTF8.self)))
    }
    return Delimiters(open: Array(parts[0]), close: Array(parts[1]))
  }

  /// Keeps line numbers right after a tag that spans lines, such as a multi-line comment.
  private mutating func countLineBreaks(in range: Range<Int>) {
    for index in range where source[index] == UInt8(ascii: "\n") {
      line += 1
      lineStart = index + 1
    }
  }

  private func makeToken(_ kind: Token.Kind, _ range: Range<Int>) -> Token {
    Token(
      kind: kind, range: range, name: "", line: line, column: range.lowerBound - lineStart + 1,
      delimiters: delimiters)
  }

  private func matches(_ pattern: [UInt8], at index: Int) -> Bool {
    guard index + pattern.count <= source.count else { return false }
    for offset in pattern.indices where source[index + offset] != pattern[offset] {
      return false
    }
    return true
  }

  private func firstIndex(of pattern: [UInt8], from start: Int, before end: Int? = nil) -> Int? {
    let limit = end ?? source.count
    var index = start
    while index + pattern.count <= limit {
      if source[index] == pattern[0] && matches(pattern, at: index) {
        return index
      }
      index += 1
    }
    return nil
  }
}
