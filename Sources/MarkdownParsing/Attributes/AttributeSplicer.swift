import RichText

/// Copies a text into a new ``AttributedTextBuilder``, replaying its tree, while turning the
/// matches into `.attributes` containers: the `^`, brackets and parenthesised list disappear,
/// an attributes container opens at the `^` and closes at the `]`, and a link that stood for
/// an attribute list becomes the attributes container itself.
struct AttributeSplicer: TreeEventHandler {
  /// A range of text bytes to drop, with what happens where it starts.
  private struct Deletion {
    enum Action {
      case none
      case open(CustomAttributes, SourceSpan)
      case close
    }
    var range: Range<Int>
    var action: Action
  }

  private let blocks: [BlockRecord]
  private let inlines: [InlineRecord]
  private let runs: [RunRecord]
  private let footnoteReferences: [FootnoteReference]
  private let bytes: UnsafeBufferPointer<UInt8>
  private var builder: AttributedTextBuilder
  /// Sorted and disjoint, because the matches nest properly.
  private let deletions: [Deletion]
  private var nextDeletion = 0
  private let replacedLinks: [Int32: AttributeMatch]

  /// Prepares the copy of `text` (whose bytes are `bytes`) with `matches` applied.
  init(text: AttributedText, bytes: UnsafeBufferPointer<UInt8>, matches: [AttributeMatch]) {
    self.blocks = text.blockRecords
    self.inlines = text.inlineRecords
    self.runs = text.runRecords
    self.footnoteReferences = text.footnoteReferenceRecords
    self.bytes = bytes
    self.builder = AttributedTextBuilder(estimatedBytes: bytes.count)
    var deletions: [Deletion] = []
    var replacedLinks: [Int32: AttributeMatch] = [:]
    for match in matches {
      switch match.shape {
      case .literal(_, let closeBracket, let end):
        deletions.append(
          Deletion(range: match.caret..<(match.caret + 2), action: .open(match.attributes, match.span)))
        deletions.append(Deletion(range: closeBracket..<end, action: .close))
      case .link(let container):
        deletions.append(Deletion(range: match.caret..<(match.caret + 1), action: .none))
        replacedLinks[container] = match
      }
    }
    self.deletions = deletions.sorted { $0.range.lowerBound < $1.range.lowerBound }
    self.replacedLinks = replacedLinks
  }

  /// The finished copy.
  func build() -> AttributedText { builder.build() }

  mutating func enterBlock(_ index: Int32) {
    let block = blocks[Int(index)]
    builder.openBlock(block.kind, span: block.span)
  }

  mutating func exitBlock(_ index: Int32, isLastChild: Bool) { builder.closeBlock() }

  mutating func enterInline(_ index: Int32) {
    if let match = replacedLinks[index] {
      builder.openInline(.attributes(match.attributes), span: match.span)
    } else {
      let container = inlines[Int(index)]
      builder.openInline(container.kind, span: container.span)
    }
  }

  mutating func exitInline(_ index: Int32) { builder.closeInline() }

  mutating func visitRun(_ index: Int) {
    let run = runs[index]
    if run.kind == .footnoteReference {
      builder.appendFootnoteReference(footnoteReferences[Int(run.payload)], span: run.span)
      return
    }
    var cursor = run.start
    while nextDeletion < deletions.count, deletions[nextDeletion].range.lowerBound < run.end {
      let deletion = deletions[nextDeletion]
      if deletion.range.lowerBound > cursor { append(run, cursor..<deletion.range.lowerBound) }
      if deletion.range.lowerBound >= run.start {
        switch deletion.action {
        case .none: break
        case .open(let attributes, let span): builder.openInline(.attributes(attributes), span: span)
        case .close: builder.closeInline()
        }
      }
      cursor = max(cursor, min(deletion.range.upperBound, run.end))
      // A deletion that goes on into the next run is finished there.
      guard deletion.range.upperBound <= run.end else { break }
      nextDeletion += 1
    }
    if cursor < run.end || run.start == run.end { append(run, cursor..<run.end) }
  }

  private mutating func append(_ run: RunRecord, _ range: Range<Int>) {
    builder.appendRun(run.kind, bytes: UnsafeBufferPointer(rebasing: bytes[range]), span: run.span(of: range))
  }
}
