/// Receives the tree that an ``AttributedText`` flattens, as enter/exit events over table
/// indices: the replay under ``AttributedText/walk(_:)`` (whose adapter turns indices into
/// public values), the rewriter, `dump()` and the extended-attribute rewriter. Renderers,
/// including HTMLRendering's, use ``AttributedTextVisitor``.
package protocol TreeEventHandler {
  /// A block opens.
  mutating func enterBlock(_ index: Int32)
  /// A block closes; `isLastChild` tells whether nothing follows it inside its parent.
  mutating func exitBlock(_ index: Int32, isLastChild: Bool)
  /// An inline container opens.
  mutating func enterInline(_ index: Int32)
  /// An inline container closes.
  mutating func exitInline(_ index: Int32)
  /// A run.
  mutating func visitRun(_ index: Int)
}

extension AttributedText {
  /// Replays the tree: for each run, closes the blocks and containers the previous run was in
  /// and this one is not, opens the new ones outermost first, then visits the run.
  ///
  /// Iterative, so documents nested 100,000 levels deep cannot overflow the stack.
  package func replayTree(into handler: inout some TreeEventHandler) {
    var replay = TreeReplay(storage: storage)
    let runs = storage.runs
    var previousBlock: Int32 = -1
    var previousInline: Int32 = -1
    for position in runs.indices {
      let run = runs[position]
      if run.block == previousBlock {
        if run.inline != previousInline {
          let common = replay.commonInline(previousInline, run.inline)
          replay.closeInlines(from: previousInline, to: common, &handler)
          replay.openInlines(from: run.inline, to: common, &handler)
        }
      } else {
        replay.closeInlines(from: previousInline, to: -1, &handler)
        replay.moveBlocks(from: previousBlock, to: run.block, atEnd: false, &handler)
        replay.openInlines(from: run.inline, to: -1, &handler)
      }
      previousBlock = run.block
      previousInline = run.inline
      handler.visitRun(position)
    }
    replay.closeInlines(from: previousInline, to: -1, &handler)
    replay.moveBlocks(from: previousBlock, to: -1, atEnd: true, &handler)
  }
}

/// The steps of ``AttributedText/replayTree(into:)`` between two runs, with the scratch stacks
/// they share.
private struct TreeReplay {
  let blocks: [BlockRecord]
  let inlines: [InlineRecord]
  // Scratch stacks for the general case, reused across runs; `removeAll(keepingCapacity:)`
  // goes through a generic range replacement that cost more than the events themselves.
  var closing: [Int32] = []
  var closingCount = 0
  var opening: [Int32] = []
  var openingCount = 0

  init(storage: TextStorage) {
    blocks = storage.blocks
    inlines = storage.inlines
  }

  private static func push(_ index: Int32, onto stack: inout [Int32], count: inout Int) {
    if count < stack.count { stack[count] = index } else { stack.append(index) }
    count += 1
  }

  func closeInlines(from start: Int32, to stop: Int32, _ handler: inout some TreeEventHandler) {
    var cursor = start
    while cursor != stop {
      handler.exitInline(cursor)
      cursor = inlines[Int(cursor)].parent
    }
  }

  mutating func openInlines(from start: Int32, to stop: Int32, _ handler: inout some TreeEventHandler) {
    if start == stop { return }
    // Most often a single container opens.
    if inlines[Int(start)].parent == stop {
      handler.enterInline(start)
      return
    }
    openingCount = 0
    var cursor = start
    while cursor != stop {
      Self.push(cursor, onto: &opening, count: &openingCount)
      cursor = inlines[Int(cursor)].parent
    }
    for position in stride(from: openingCount - 1, through: 0, by: -1) {
      handler.enterInline(opening[position])
    }
  }

  mutating func moveBlocks(
    from old: Int32, to new: Int32, atEnd: Bool, _ handler: inout some TreeEventHandler
  ) {
    // Most often the next run is in a sibling of the previous run's block.
    if old >= 0, new >= 0, blocks[Int(old)].parent == blocks[Int(new)].parent {
      handler.exitBlock(old, isLastChild: atEnd)
      handler.enterBlock(new)
      return
    }
    closingCount = 0
    openingCount = 0
    var from = old
    var to = new
    func depth(_ index: Int32) -> Int32 { index < 0 ? -1 : blocks[Int(index)].depth }
    while depth(from) > depth(to) {
      Self.push(from, onto: &closing, count: &closingCount)
      from = blocks[Int(from)].parent
    }
    while depth(to) > depth(from) {
      Self.push(to, onto: &opening, count: &openingCount)
      to = blocks[Int(to)].parent
    }
    while from != to {
      Self.push(from, onto: &closing, count: &closingCount)
      from = blocks[Int(from)].parent
      Self.push(to, onto: &opening, count: &openingCount)
      to = blocks[Int(to)].parent
    }
    let common = from
    for position in 0..<closingCount {
      let index = closing[position]
      handler.exitBlock(index, isLastChild: atEnd || blocks[Int(index)].parent != common)
    }
    for position in stride(from: openingCount - 1, through: 0, by: -1) {
      handler.enterBlock(opening[position])
    }
  }

  /// The nearest container both chains share.
  func commonInline(_ a: Int32, _ b: Int32) -> Int32 {
    func depth(_ index: Int32) -> Int32 { index < 0 ? -1 : inlines[Int(index)].depth }
    var x = a
    var y = b
    while depth(x) > depth(y) { x = inlines[Int(x)].parent }
    while depth(y) > depth(x) { y = inlines[Int(y)].parent }
    while x != y {
      x = inlines[Int(x)].parent
      y = inlines[Int(y)].parent
    }
    return x
  }
}
