import RichText

/// What search reads of a page: its title, its headings and its body text, block by block,
/// taken from the model (never from HTML), without code blocks unless asked, raw HTML or
/// footnote numbers.
///
/// The blocks' text is kept as one run of UTF-8, the blocks one a line, with each block's
/// range: the tokeniser reads each range where it lies, and the page's snippet text is a
/// prefix of the same bytes, so a page makes no `String` per block (making and then reading
/// back a few dozen strings a page was a tenth of what the index cost).
public struct SearchText: Hashable, Sendable {
  /// One block's text and whether it is a heading.
  public struct Block: Hashable, Sendable {
    /// The block's text, its line breaks as spaces.
    public var text: String
    /// Whether the block is a heading (weighted up).
    public var isHeading: Bool

    /// A block.
    public init(text: String, isHeading: Bool) {
      self.text = text
      self.isHeading = isHeading
    }
  }

  /// Where one block's text lies in ``bytes``.
  struct Span: Hashable, Sendable {
    var start: Int32
    var end: Int32
    var isHeading: Bool
  }

  /// The page's title.
  public var title: String
  /// Every block's UTF-8, in document order, a line feed between one block and the next.
  private(set) var bytes: [UInt8]
  /// Each block's range in ``bytes``.
  private(set) var spans: [Span]

  /// The headings and body blocks in document order.
  public var blocks: [Block] {
    spans.map { span in
      Block(
        text: String(decoding: bytes[Int(span.start)..<Int(span.end)], as: UTF8.self),
        isHeading: span.isHeading)
    }
  }

  /// Search text from parts.
  public init(title: String, blocks: [Block]) {
    self.title = title
    var text = Accumulator()
    for block in blocks {
      text.bytes += block.text.utf8
      text.close(isHeading: block.isHeading, keepingBlank: true)
    }
    (bytes, spans) = (text.bytes, text.spans)
  }

  /// The searchable text of `text`: each leaf block's text runs and inline code, soft and hard
  /// breaks as spaces; code blocks only when `includesCode`; blocks whose identity is in
  /// `hidden` (directives, refused raw HTML) left out.
  public init(title: String, text: AttributedText, includesCode: Bool = false, hidden: Set<Int> = []) {
    self.title = title
    let records = text.blockRecords
    let source = text.bytes
    var current: Int32 = -2
    var isHeading = false
    var skipped = false
    var accumulated = Accumulator()
    accumulated.bytes.reserveCapacity(source.count)
    for run in text.runRecords {
      if run.block != current {
        if !skipped { accumulated.close(isHeading: isHeading) }
        current = run.block
        (isHeading, skipped) = SearchText.classify(block: run.block, records, includesCode, hidden)
      }
      guard !skipped else { continue }
      switch run.kind {
      case .text, .code: accumulated.bytes += source[run.start..<run.end]
      case .softBreak, .lineBreak: accumulated.bytes.append(0x20)
      case .inlineHTML, .blockHTML, .footnoteReference, .empty: break
      }
    }
    if !skipped { accumulated.close(isHeading: isHeading) }
    (bytes, spans) = (accumulated.bytes, accumulated.spans)
  }

  /// Calls `body` with each block's UTF-8 and whether it is a heading, in order.
  func forEachBlock(_ body: (UnsafeBufferPointer<UInt8>, Bool) -> Void) {
    bytes.withUnsafeBufferPointer { bytes in
      for span in spans {
        body(UnsafeBufferPointer(rebasing: bytes[Int(span.start)..<Int(span.end)]), span.isHeading)
      }
    }
  }

  /// The blocks' bytes as one text, one a line, for snippets.
  func withJoinedBlocks<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    bytes.withUnsafeBufferPointer { bytes in
      body(UnsafeBufferPointer(rebasing: bytes[0..<Int(spans.last?.end ?? 0)]))
    }
  }

  /// The blocks as they are read: bytes appended after the last block's line feed make the
  /// next block, kept when they hold anything but spaces and controls (or when told).
  private struct Accumulator {
    var bytes: [UInt8] = []
    var spans: [Span] = []
    private var start = 0

    mutating func close(isHeading: Bool, keepingBlank: Bool = false) {
      if keepingBlank || bytes[start...].contains(where: { $0 > 0x20 }) {
        spans.append(Span(start: Int32(start), end: Int32(bytes.count), isHeading: isHeading))
        bytes.append(0x0A)
      } else {
        bytes.removeSubrange(start...)
      }
      start = bytes.count
    }
  }

  /// Whether the leaf block at `index` is a heading, and whether it is left out (code, raw
  /// HTML, hidden, or inside a hidden block).
  private static func classify(
    block index: Int32, _ records: [BlockRecord], _ includesCode: Bool, _ hidden: Set<Int>
  ) -> (isHeading: Bool, skipped: Bool) {
    guard index >= 0 else { return (false, false) }
    var isHeading = false
    if case .header = records[Int(index)].kind { isHeading = true }
    var cursor = index
    while cursor >= 0 {
      let record = records[Int(cursor)]
      if !hidden.isEmpty, hidden.contains(Int(record.identity)) { return (isHeading, true) }
      switch record.kind {
      case .codeBlock where !includesCode, .htmlBlock: return (isHeading, true)
      default: break
      }
      cursor = record.parent
    }
    return (isHeading, false)
  }
}
