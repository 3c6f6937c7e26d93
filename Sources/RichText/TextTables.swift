/// The tables of an ``AttributedText`` opened for editing in place, for rewriters in this
/// repository that change a few blocks, containers and runs of a page and would otherwise copy
/// the whole document through an ``AttributedTextBuilder`` once per rewriter.
///
/// Edits may leave the tables out of their usual order: records appended at the end, records no
/// run points at any more, runs whose bytes are not in document order. ``text()`` puts them back
/// into the order a builder would have produced (identities handed out again in opening order,
/// records no run reaches dropped, bytes laid out run after run), so an edited text equals, and
/// dumps exactly as, the copy a rewriter would have built. ``intermediateText()`` skips that, for
/// the next rewriter in a row to read.
package struct TextTables: Sendable {
  /// All run text; edits append to it, runs may point anywhere in it.
  package var bytes: [UInt8]
  /// The block table.
  package var blocks: [BlockRecord]
  /// The inline-container table.
  package var inlines: [InlineRecord]
  /// The runs, in document order.
  package var runs: [RunRecord]
  /// The footnote-reference table.
  package var footnoteReferences: [FootnoteReference]
  /// Whether anything but a kind or a footnote number changed, so that ``text()`` must put the
  /// tables in order again.
  package var isReordered = false
  private var nextIdentity: Int32

  /// The tables of `text`. Handed a text no other value shares (a parser's fresh result), the
  /// tables are its own afterwards, so the first edit of each changes it where it is instead of
  /// copying it.
  package init(_ text: consuming AttributedText) {
    let storage = text.storage
    bytes = storage.bytes
    blocks = storage.blocks
    inlines = storage.inlines
    runs = storage.runs
    footnoteReferences = storage.footnoteReferences
    let highest = max(blocks.lazy.map(\.identity).max() ?? 0, inlines.lazy.map(\.identity).max() ?? 0)
    nextIdentity = highest + 1
  }

  /// Adds a block record (its runs are added by the caller) and returns its index.
  package mutating func addBlock(_ kind: PresentationIntent.Kind, parent: Int32, span: SourceSpan) -> Int32 {
    let depth = parent < 0 ? 0 : blocks[Int(parent)].depth + 1
    blocks.append(BlockRecord(kind: kind, identity: nextIdentity, parent: parent, depth: depth, span: span))
    nextIdentity += 1
    isReordered = true
    return Int32(blocks.count - 1)
  }

  /// Adds an inline-container record inside `parent` (-1: directly in its block) and returns
  /// its index.
  package mutating func addInline(_ kind: InlineIntent.Kind, parent: Int32, span: SourceSpan) -> Int32 {
    let depth = parent < 0 ? 0 : inlines[Int(parent)].depth + 1
    inlines.append(InlineRecord(kind: kind, identity: nextIdentity, parent: parent, depth: depth, span: span))
    nextIdentity += 1
    isReordered = true
    return Int32(inlines.count - 1)
  }

  /// Takes out the runs at `positions` (in any order).
  package mutating func removeRuns(at positions: [Int]) {
    guard !positions.isEmpty else { return }
    isReordered = true
    // Most pages take out a run or two: moved over in place, no mask or second table.
    if positions.count <= 4 {
      var previous = -1
      for position in positions.sorted(by: >) where position != previous {
        runs.remove(at: position)
        previous = position
      }
      return
    }
    var marked = [Bool](repeating: false, count: runs.count)
    for position in positions { marked[position] = true }
    var kept: [RunRecord] = []
    kept.reserveCapacity(runs.count - positions.count)
    for position in runs.indices where !marked[position] { kept.append(runs[position]) }
    runs = kept
    isReordered = true
  }

  /// Appends bytes for a new run's text and returns their range.
  package mutating func addBytes(_ text: some Collection<UInt8>) -> Range<Int> {
    let start = bytes.count
    bytes.append(contentsOf: text)
    return start..<bytes.count
  }

  /// The text as edited, without putting the tables in order: for the next rewriter to read,
  /// never to hand out.
  package func intermediateText() -> AttributedText {
    AttributedText(
      storage: TextStorage(
        bytes: bytes, blocks: blocks, inlines: inlines, runs: runs, footnoteReferences: footnoteReferences))
  }

  /// The finished text, in the order an ``AttributedTextBuilder`` gives.
  package func text() -> AttributedText {
    guard isReordered else { return intermediateText() }
    var order = TableOrder(blockCount: blocks.count, inlineCount: inlines.count)
    // Built by appending, not as a copy of `runs` changed in place (which copied the table
    // first, as `runs` is still shared).
    var newRuns: [RunRecord] = []
    newRuns.reserveCapacity(runs.count)
    var newBytes: [UInt8] = []
    newBytes.reserveCapacity(bytes.count)
    bytes.withUnsafeBufferPointer { all in
      for var run in runs {
        run.block = order.place(block: run.block, from: blocks)
        run.inline = order.place(inline: run.inline, from: inlines)
        let start = newBytes.count
        newBytes.append(contentsOf: UnsafeBufferPointer(rebasing: all[run.start..<run.end]))
        run.start = start
        run.end = newBytes.count
        newRuns.append(run)
      }
    }
    return AttributedText(
      storage: TextStorage(
        bytes: newBytes, blocks: order.blocks, inlines: order.inlines, runs: newRuns,
        footnoteReferences: footnoteReferences))
  }
}

/// The new tables ``TextTables/text()`` builds: each record placed when the first run inside
/// it is, outermost first, with identities in that order (the builder's opening order).
private struct TableOrder {
  var blocks: [BlockRecord] = []
  var inlines: [InlineRecord] = []
  /// For each old record, its new index, or -1 while it is not placed.
  private var blockIndex: [Int32]
  private var inlineIndex: [Int32]
  private var identity: Int32 = 1
  private var pending: [Int32] = []

  init(blockCount: Int, inlineCount: Int) {
    blockIndex = Array(repeating: -1, count: blockCount)
    inlineIndex = Array(repeating: -1, count: inlineCount)
    blocks.reserveCapacity(blockCount)
    inlines.reserveCapacity(inlineCount)
  }

  /// The new index of block `old`, placing it and the ancestors not yet placed.
  mutating func place(block old: Int32, from table: [BlockRecord]) -> Int32 {
    // Most runs are in a block an earlier run placed: answered without the generic call.
    guard old >= 0 else { return -1 }
    let known = blockIndex[Int(old)]
    if known >= 0 { return known }
    return TableOrder.place(old, from: table, index: &blockIndex, into: &blocks, &pending, &identity)
  }

  /// The new index of inline container `old`, placing it and the ancestors not yet placed.
  mutating func place(inline old: Int32, from table: [InlineRecord]) -> Int32 {
    guard old >= 0 else { return -1 }
    let known = inlineIndex[Int(old)]
    if known >= 0 { return known }
    return TableOrder.place(old, from: table, index: &inlineIndex, into: &inlines, &pending, &identity)
  }

  /// Places record `old` of `table` and its ancestors not yet placed (`index[old] < 0`) at the
  /// end of `placed`, outermost first, each linked to its new parent and numbered from
  /// `identity`; `pending` is scratch space kept between calls.
  // Inlined into the two callers, so each works on its own record type directly.
  @inline(__always)
  private static func place<Record: ChainRecord>(
    _ old: Int32, from table: [Record], index: inout [Int32], into placed: inout [Record],
    _ pending: inout [Int32], _ identity: inout Int32
  ) -> Int32 {
    guard old >= 0 else { return -1 }
    if index[Int(old)] >= 0 { return index[Int(old)] }
    // `pending` is reused by count: `removeAll(keepingCapacity:)` goes through a generic range
    // replacement that cost more than the placing.
    var count = 0
    var cursor = old
    while cursor >= 0, index[Int(cursor)] < 0 {
      if count < pending.count { pending[count] = cursor } else { pending.append(cursor) }
      count += 1
      cursor = table[Int(cursor)].parent
    }
    for offset in stride(from: count - 1, through: 0, by: -1) {
      let position = pending[offset]
      // Copied once, into place, and changed there.
      let new = placed.count
      placed.append(table[Int(position)])
      let parent = placed[new].parent < 0 ? -1 : index[Int(placed[new].parent)]
      placed[new].parent = parent
      placed[new].depth = parent < 0 ? 0 : placed[Int(parent)].depth + 1
      placed[new].identity = identity
      identity += 1
      index[Int(position)] = Int32(new)
    }
    return index[Int(old)]
  }
}

/// A block or inline-container record: each links to its parent and knows its depth and identity.
private protocol ChainRecord {
  var identity: Int32 { get set }
  var parent: Int32 { get set }
  var depth: Int32 { get set }
}

extension BlockRecord: ChainRecord {}
extension InlineRecord: ChainRecord {}
