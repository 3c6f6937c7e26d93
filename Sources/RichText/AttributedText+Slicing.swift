// A slice shares its document's tables and keeps only a range of its runs: block identities and
// the indices of block and inline records stay those of the document, so decorations computed for
// the whole page (keyed by block identity and inline index) apply to its summary unchanged.
extension AttributedText {
  /// The text up to, not including, run `end`: the blocks and containers those runs sit in
  /// close where the cut is. Used for summaries (`<!--more-->`) and read-more cuts.
  public func prefix(upToRun end: Int) -> AttributedText {
    AttributedText(
      storage: TextStorage(
        bytes: storage.bytes, blocks: storage.blocks, inlines: storage.inlines,
        runs: Array(storage.runs[..<min(end, storage.runs.count)]),
        footnoteReferences: storage.footnoteReferences))
  }

  /// Only the runs in `range`, with the blocks and containers they sit in.
  public func slice(runs range: Range<Int>) -> AttributedText {
    let clamped = range.clamped(to: 0..<storage.runs.count)
    return AttributedText(
      storage: TextStorage(
        bytes: storage.bytes, blocks: storage.blocks, inlines: storage.inlines,
        runs: Array(storage.runs[clamped]),
        footnoteReferences: storage.footnoteReferences))
  }

  /// The runs whose outermost block is one of the first `count` top-level blocks.
  ///
  /// ```swift
  /// let text = MarkdownParser().parse("# Title\n\nBody\n")
  /// text.prefix(topLevelBlocks: 1).characters  // "Title"
  /// ```
  public func prefix(topLevelBlocks count: Int) -> AttributedText {
    var seen = 0
    var lastTop: Int32 = -2
    for (position, run) in storage.runs.enumerated() {
      var top = run.block
      while top >= 0, storage.blocks[Int(top)].parent >= 0 { top = storage.blocks[Int(top)].parent }
      if top != lastTop {
        if seen == count { return prefix(upToRun: position) }
        seen += 1
        lastTop = top
      }
    }
    return self
  }
}
