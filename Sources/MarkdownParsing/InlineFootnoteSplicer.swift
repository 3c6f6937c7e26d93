import RichText

/// Puts a footnote reference in the tables in place of each inline footnote and its definition
/// among the others, and numbers every footnote again in the order of the references in the
/// source.
///
/// The `[^label]` footnotes keep their order among themselves, so their definitions (which come
/// after the body in the order of their numbers) stay in their order, with the inline ones put in
/// between by number.
struct InlineFootnoteSplicer {
  /// The matches in run order (as ``InlineFootnotes`` finds them), walked with a cursor while
  /// splicing rather than looked up per run.
  private var matches: [InlineFootnotes.Match]
  /// Each inline footnote's label and new number, in match order.
  private var inline: [(match: InlineFootnotes.Match, label: String, number: Int)] = []
  /// The new number of each labelled footnote.
  private var numbers: [String: Int] = [:]
  /// The inline footnotes by number: their positions in `inline`.
  private var inlineByNumber: [(number: Int, offset: Int)] = []
  /// Inline footnotes whose definitions are written, counted from the lowest number.
  private var definitionsWritten = 0

  init(text: AttributedText, matches: [InlineFootnotes.Match]) {
    self.matches = matches
    // Every reference, old and inline, in source order; numbers go by first appearance. A
    // reference is keyed by its label's position in `labels` (a `[^label]`) or, below zero, by
    // its match: strings are hashed only for the labelled footnotes, which may repeat.
    let labels = text.footnoteReferenceRecords
    var references: [(span: SourceSpan, key: Int)] = []
    references.reserveCapacity(labels.count + matches.count)
    var mayCollide = false
    for record in text.runRecords where record.kind == .footnoteReference && record.payload >= 0 {
      if labels[Int(record.payload)].label.utf8.starts(with: "inline-".utf8) { mayCollide = true }
      references.append((record.span, Int(record.payload)))
    }
    // A written label such as `[^inline-1]` is skipped over; most pages have none.
    let taken = mayCollide ? Set(references.map { labels[$0.key].label }) : []
    var inlineLabels: [String] = []
    inlineLabels.reserveCapacity(matches.count)
    var counter = 0
    for (offset, match) in matches.enumerated() {
      var label: String
      repeat {
        counter += 1
        label = "inline-\(counter)"
      } while taken.contains(label)
      inlineLabels.append(label)
      references.append((match.span, -1 - offset))
    }
    references.sort { ($0.span.startLine, $0.span.startColumn) < ($1.span.startLine, $1.span.startColumn) }
    var inlineNumbers = [Int](repeating: 0, count: matches.count)
    var next = 1
    for reference in references {
      if reference.key < 0 {
        inlineNumbers[-1 - reference.key] = next
        next += 1
      } else {
        let label = labels[reference.key].label
        guard numbers[label] == nil else { continue }
        numbers[label] = next
        next += 1
      }
    }
    inline.reserveCapacity(matches.count)
    for (offset, match) in matches.enumerated() {
      inline.append((match, inlineLabels[offset], inlineNumbers[offset]))
    }
    inlineByNumber = inline.enumerated().map { ($0.element.number, $0.offset) }.sorted {
      $0.number < $1.number
    }
  }

  /// Makes the changes in `tables`.
  mutating func splice(into tables: inout TextTables) {
    renumberDefinitions(in: &tables)
    var runs: [RunRecord] = []
    runs.reserveCapacity(tables.runs.count + inline.count * 3)
    var topBlock: Int32 = -1
    var next = 0
    for (position, run) in tables.runs.enumerated() {
      let top = Self.topLevelBlock(of: run.block, in: tables.blocks)
      if top != topBlock {
        topBlock = top
        if top >= 0, case .footnoteDefinition(_, let number, _) = tables.blocks[Int(top)].kind {
          writeInlineDefinitions(before: number, into: &runs, &tables)
        }
      }
      if run.kind == .footnoteReference, run.payload >= 0 {
        runs.append(renumbered(run, in: &tables))
      } else if next < matches.count, matches[next].run == position {
        var end = next + 1
        while end < matches.count, matches[end].run == position { end += 1 }
        split(run, at: matches[next..<end], into: &runs, &tables)
        next = end
      } else {
        runs.append(run)
      }
    }
    writeInlineDefinitions(before: Int.max, into: &runs, &tables)
    tables.runs = runs
    tables.isReordered = true
  }

  /// Gives the top-level `[^label]` definitions their new numbers.
  private func renumberDefinitions(in tables: inout TextTables) {
    for index in tables.blocks.indices where tables.blocks[index].parent < 0 {
      guard case .footnoteDefinition(let label, _, let count) = tables.blocks[index].kind else { continue }
      tables.blocks[index].kind = .footnoteDefinition(
        label: label, index: numbers[label] ?? 0, referenceCount: count)
    }
  }

  private static func topLevelBlock(of block: Int32, in blocks: [BlockRecord]) -> Int32 {
    var cursor = block
    while cursor >= 0, blocks[Int(cursor)].parent >= 0 { cursor = blocks[Int(cursor)].parent }
    return cursor
  }

  /// A `[^label]` reference with its new number (which is also its text).
  private func renumbered(_ run: RunRecord, in tables: inout TextTables) -> RunRecord {
    let payload = Int(run.payload)
    let reference = tables.footnoteReferences[payload]
    guard let number = numbers[reference.label], number != reference.index else { return run }
    tables.footnoteReferences[payload].index = number
    var run = run
    let text = tables.addBytes(String(number).utf8)
    run.start = text.lowerBound
    run.end = text.upperBound
    return run
  }

  /// A text run cut around its inline footnotes, each a reference run.
  private func split(
    _ run: RunRecord, at matches: ArraySlice<InlineFootnotes.Match>, into runs: inout [RunRecord],
    _ tables: inout TextTables
  ) {
    var position = 0
    func piece(_ range: Range<Int>) {
      var piece = run
      piece.start = run.start + range.lowerBound
      piece.end = run.start + range.upperBound
      piece.span = InlineFootnotes.span(of: range, in: run)
      runs.append(piece)
    }
    for match in matches {
      if match.range.lowerBound > position { piece(position..<match.range.lowerBound) }
      if let entry = inline.first(where: { $0.match.range == match.range && $0.match.run == match.run }) {
        tables.footnoteReferences.append(
          FootnoteReference(label: entry.label, index: entry.number, ordinal: 1))
        let text = tables.addBytes(String(entry.number).utf8)
        runs.append(
          RunRecord(
            start: text.lowerBound, end: text.upperBound, block: run.block, inline: run.inline,
            kind: .footnoteReference, payload: Int32(tables.footnoteReferences.count - 1), span: match.span))
      }
      position = match.range.upperBound
    }
    if position < run.end - run.start { piece(position..<(run.end - run.start)) }
  }

  /// Writes the definitions of the inline footnotes numbered below `number`, not yet written:
  /// a definition holding a paragraph holding the footnote's text (the bytes it had in its run).
  private mutating func writeInlineDefinitions(
    before number: Int, into runs: inout [RunRecord], _ tables: inout TextTables
  ) {
    while definitionsWritten < inlineByNumber.count, inlineByNumber[definitionsWritten].number < number {
      let entry = inline[inlineByNumber[definitionsWritten].offset]
      let definition = tables.addBlock(
        .footnoteDefinition(label: entry.label, index: entry.number, referenceCount: 1), parent: -1,
        span: entry.match.span)
      let paragraph = tables.addBlock(.paragraph, parent: definition, span: entry.match.contentSpan)
      let start = tables.runs[entry.match.run].start + entry.match.range.lowerBound + 2
      runs.append(
        RunRecord(
          start: start, end: start + entry.match.content.count, block: paragraph, inline: -1, kind: .text,
          payload: -1, span: entry.match.contentSpan))
      definitionsWritten += 1
    }
  }
}
