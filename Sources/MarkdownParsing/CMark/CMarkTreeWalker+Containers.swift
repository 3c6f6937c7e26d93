internal import CCmarkGFM
import RichText

/// Fenced containers (`:::message`, `:::note info`, `:::details Summary`): cmark-gfm's tree has
/// their nesting and positions (Sources/CCmarkGFM/Containers.c); what they are is read back from
/// the opening line.
extension CMarkTreeWalker {
  /// The extensions to attach for `syntax`, in a fixed order.
  static func containerExtensions(for syntax: Set<WriterSyntax>) -> [OpaquePointer] {
    let kinds: [(WriterSyntax, Int32)] = [(.messages, 0), (.notes, 1), (.details, 2)]
    return kinds.compactMap { syntax.contains($0.0) ? folio_container_extension($0.1) : nil }
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
    let text = String(decoding: opening, as: UTF8.self)
    let summary = text.drop(while: { $0 == " " || $0 == "\t" }).dropFirst("details".count)
    return .disclosure(.init(summary: summary.trimmingSpaces(), isClosed: isClosed))
  }
}

extension CMarkTreeWalker {
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
