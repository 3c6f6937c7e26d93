internal import CCmarkGFM
import RichText

/// Fenced containers (`:::message`, `:::note info`, `:::details Summary`): cmark-gfm's tree has
/// their nesting and positions (Sources/CCmarkGFM/Containers.c); what they are is read back from
/// the opening line.
extension CMarkTreeWalker {
  /// The extension to attach for `syntax` (one for all the kinds it reads, so cmark-gfm asks
  /// one callback per line), or none.
  static func containerExtensions(for syntax: Set<WriterSyntax>) -> [OpaquePointer] {
    let kinds: [(WriterSyntax, Int32)] = [(.messages, 1), (.notes, 2), (.details, 4)]
    let set = kinds.reduce(Int32(0)) { syntax.contains($1.0) ? $0 | $1.1 : $0 }
    return folio_container_extension(set).map { [$0] } ?? []
  }

  /// How many containers may hold one another (Containers.c, `FOLIO_CONTAINER_MAX_DEPTH`).
  static let maximumContainerDepth = Int(FOLIO_CONTAINER_MAX_DEPTH)

  /// The steps the container extensions have taken on this thread (Containers.c), a count of work.
  static var containerSteps: Int { Int(folio_container_steps()) }

  /// The first line of the parse of `document` that would have opened a container too deep, if any.
  static func tooDeepContainer(in document: OpaquePointer, lineOffset: Int) -> TooDeepContainer? {
    var position = folio_container_position()
    guard folio_container_too_deep(document, &position) else { return nil }
    let name =
      switch position.kind {
      case 2: "note"
      case 4: "details"
      default: "message"
      }
    let line = Int(position.line) + lineOffset
    let column = Int(position.column)
    return TooDeepContainer(
      name: name,
      span: SourceSpan(
        startLine: line, startColumn: column, endLine: line, endColumn: column + Int(position.colons) - 1))
  }

  mutating func visitContainer(_ node: OpaquePointer, entering: Bool) {
    guard entering else { return closeBlock(node) }
    var nodeSpan = span(node)
    var isClosed = false
    if let fence = cmark_node_last_child(node), folio_node_is_closing_fence(fence) {
      // The fence's own end is where cmark-gfm closed it, often the next line; the container
      // ends at the fence's last colon.
      let fenceSpan = span(fence)
      let colons = colonCount(line: Int(cmark_node_get_start_line(fence)), column: fenceSpan.startColumn)
      nodeSpan = SourceSpan(
        startLine: nodeSpan.startLine, startColumn: nodeSpan.startColumn, endLine: fenceSpan.startLine,
        endColumn: fenceSpan.startColumn + max(colons, 1) - 1)
      isClosed = true
    }
    let opening = openingLine(of: node)
    container(Self.containerKind(opening: opening, isClosed: isClosed), node, true, spanning: nodeSpan)
  }

  /// How many colons start at a position of the source (cmark-gfm's line, without the offset).
  private mutating func colonCount(line: Int, column: Int) -> Int {
    guard let start = byteOffset(line: line, column: column) else { return 0 }
    var end = start
    while end < source.count, source[end] == UInt8(ascii: ":") { end += 1 }
    return end - start
  }

  /// The bytes after the colons of the container's first line, up to the line's end.
  private mutating func openingLine(of node: OpaquePointer) -> [UInt8] {
    let line = Int(cmark_node_get_start_line(node))
    let column = Int(cmark_node_get_start_column(node))
    guard var index = byteOffset(line: line, column: column) else { return [] }
    while index < source.count, source[index] == UInt8(ascii: ":") { index += 1 }
    var end = index
    while end < source.count, source[end] != 0x0A, source[end] != 0x0D { end += 1 }
    return Array(source[index..<end])
  }

  /// The kind for an opening line's words: `message alert`, `note warn`, `details 概要`.
  ///
  /// The words are read as bytes, split at spaces and tabs (the names and styles are ASCII, as
  /// Sources/CCmarkGFM/Containers.c reads them); only a disclosure's summary becomes a string.
  static func containerKind(opening: [UInt8], isClosed: Bool) -> PresentationIntent.Kind {
    let isSpace: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    var cursor = opening.startIndex
    func word() -> ArraySlice<UInt8> {
      while cursor < opening.endIndex, isSpace(opening[cursor]) { cursor += 1 }
      let start = cursor
      while cursor < opening.endIndex, !isSpace(opening[cursor]) { cursor += 1 }
      return opening[start..<cursor]
    }
    let name = word()
    let argument = word()
    if Self.equals(name, "message") {
      let style: PresentationIntent.Callout.Style = Self.equals(argument, "alert") ? .caution : .note
      return .callout(.init(style: style, syntax: .zennMessage, isClosed: isClosed))
    }
    if Self.equals(name, "note") {
      let style: PresentationIntent.Callout.Style =
        if Self.equals(argument, "warn") {
          .warning
        } else if Self.equals(argument, "alert") {
          .caution
        } else {
          .note
        }
      return .callout(.init(style: style, syntax: .qiitaNote, isClosed: isClosed))
    }
    if let summary = Self.asciiBoundedSummary(opening) {
      return .disclosure(.init(summary: summary, isClosed: isClosed))
    }
    let text = String(decoding: opening, as: UTF8.self)
    let summary = text.drop(while: { $0 == " " || $0 == "\t" }).dropFirst("details".count)
    return .disclosure(.init(summary: summary.trimmingSpaces(), isClosed: isClosed))
  }
}

extension CMarkTreeWalker {
  /// A disclosure's summary read from bytes, as the characters below give it, when no cut falls
  /// inside a character: each cut is before an ASCII byte, a kana or a CJK ideograph (none of
  /// which joins the character before it) and after an ASCII byte; else nil.
  fileprivate static func asciiBoundedSummary(_ opening: [UInt8]) -> String? {
    let isSpace: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    func startsCharacter(at index: Int) -> Bool {
      guard index < opening.endIndex else { return true }
      if opening[index] < 0x80 { return true }
      guard index + 2 < opening.endIndex, opening[index] & 0xF0 == 0xE0, opening[index + 1] & 0xC0 == 0x80,
        opening[index + 2] & 0xC0 == 0x80
      else { return false }
      let scalar =
        UInt32(opening[index] & 0x0F) << 12 | UInt32(opening[index + 1] & 0x3F) << 6
        | UInt32(opening[index + 2] & 0x3F)
      return (0x3041...0x3096).contains(scalar) || (0x30A1...0x30FA).contains(scalar)
        || (0x4E00...0x9FFF).contains(scalar)
    }
    var start = opening.startIndex
    while start < opening.endIndex, isSpace(opening[start]) { start += 1 }
    guard startsCharacter(at: start), opening[start...].starts(with: "details".utf8) else { return nil }
    start += 7
    guard startsCharacter(at: start) else { return nil }
    while start < opening.endIndex, isSpace(opening[start]) { start += 1 }
    guard startsCharacter(at: start) else { return nil }
    var end = opening.endIndex
    while end > start, isSpace(opening[end - 1]) { end -= 1 }
    guard end == opening.endIndex || end == start || opening[end - 1] < 0x80 else { return nil }
    return String(decoding: opening[start..<end], as: UTF8.self)
  }

  /// Whether `bytes` are the ASCII word `word`, compared byte by byte (the generic
  /// `elementsEqual` of a slice and a string's UTF-8 view cost more than the rest of the kind).
  fileprivate static func equals(_ bytes: ArraySlice<UInt8>, _ word: StaticString) -> Bool {
    guard bytes.count == word.utf8CodeUnitCount else { return false }
    return word.withUTF8Buffer { letters in
      var position = bytes.startIndex
      for letter in letters {
        if bytes[position] != letter { return false }
        position += 1
      }
      return true
    }
  }
}

extension Substring {
  /// The text without leading and trailing spaces and tabs.
  fileprivate func trimmingSpaces() -> String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) })
    else {
      return ""
    }
    return String(self[first...last])
  }
}
