import RichText

/// What search reads of a page: its title, its headings and its body text, block by block,
/// taken from the model (never from HTML), without code blocks unless asked, raw HTML or
/// footnote numbers.
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

  /// The page's title.
  public var title: String
  /// The headings and body blocks in document order.
  public var blocks: [Block]

  /// Search text from parts.
  public init(title: String, blocks: [Block]) {
    self.title = title
    self.blocks = blocks
  }

  /// The searchable text of `text`: each leaf block's text runs and inline code, soft and hard
  /// breaks as spaces; code blocks only when `includesCode`; blocks whose identity is in
  /// `hidden` (directives, refused raw HTML) left out.
  public init(title: String, text: AttributedText, includesCode: Bool = false, hidden: Set<Int> = []) {
    self.title = title
    var blocks: [Block] = []
    let records = text.blockRecords
    let bytes = text.bytes
    var current: Int32 = -2
    var buffer: [UInt8] = []
    var isHeading = false
    var skipped = false
    func flush() {
      if !skipped, buffer.contains(where: { $0 > 0x20 }) {
        blocks.append(Block(text: String(decoding: buffer, as: UTF8.self), isHeading: isHeading))
      }
      buffer.removeAll(keepingCapacity: true)
    }
    for run in text.runRecords {
      if run.block != current {
        flush()
        current = run.block
        (isHeading, skipped) = SearchText.classify(block: run.block, records, includesCode, hidden)
      }
      guard !skipped else { continue }
      switch run.kind {
      case .text, .code: buffer += bytes[run.start..<run.end]
      case .softBreak, .lineBreak: buffer.append(0x20)
      case .inlineHTML, .blockHTML, .footnoteReference, .empty: break
      }
    }
    flush()
    self.blocks = blocks
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
