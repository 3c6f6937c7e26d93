import RichText

/// Zenn's captioned images: a paragraph that is one image, a line break and one emphasis
///
/// ```markdown
/// ![構成図](arch.png)
/// *全体の構成*
/// ```
///
/// becomes a `.figure` block holding the image's runs and a `.figureCaption` with what the
/// emphasis held (HTML: `<figure>`, `<img>`, `<figcaption>`). Anything else in the paragraph,
/// before, between or after, leaves it a paragraph.
enum Figures {
  /// A paragraph that is a figure: its block, the runs after the soft break (the caption), and
  /// the emphasis around them (inline-table indices).
  struct Match {
    var paragraph: Int32
    var softBreak: Int
    var captionEnd: Int
    var emphasis: Int32
    var captionSpan: SourceSpan
  }

  /// Turns the figures of `tables` into `.figure` blocks in place: the paragraph's kind, a
  /// caption block for the runs after the line break, the emphasis around them taken out.
  static func rewrite(_ tables: inout TextTables) {
    // Most pages have no image, or none followed by anything: skip them after one look.
    guard tables.inlines.contains(where: { if case .image = $0.kind { true } else { false } }) else { return }
    let matches = find(in: tables.intermediateText())
    guard !matches.isEmpty else { return }
    var removed: [Int] = []
    for match in matches {
      tables.blocks[Int(match.paragraph)].kind = .figure
      let caption = tables.addBlock(.figureCaption, parent: match.paragraph, span: match.captionSpan)
      var lifted: [Int32] = []
      for position in (match.softBreak + 1)..<match.captionEnd {
        tables.runs[position].block = caption
        // The emphasis is outermost: what it held moves up to the block, one level less deep.
        var cursor = tables.runs[position].inline
        if cursor == match.emphasis { tables.runs[position].inline = -1 }
        while cursor >= 0, cursor != match.emphasis, !lifted.contains(cursor) {
          lifted.append(cursor)
          tables.inlines[Int(cursor)].depth -= 1
          if tables.inlines[Int(cursor)].parent == match.emphasis { tables.inlines[Int(cursor)].parent = -1 }
          cursor = tables.inlines[Int(cursor)].parent
        }
      }
      removed.append(match.softBreak)
    }
    tables.removeRuns(at: removed)
  }

  private static func find(in text: AttributedText) -> [Match] {
    let runs = text.runRecords
    let blocks = text.blockRecords
    let inlines = text.inlineRecords
    var matches: [Match] = []
    var start = 0
    while start < runs.count {
      let block = runs[start].block
      guard block >= 0 else { break }
      var end = start + 1
      while end < runs.count, runs[end].block == block { end += 1 }
      if case .paragraph = blocks[Int(block)].kind, let match = match(runs, inlines, start..<end) {
        matches.append(match)
      }
      start = end
    }
    return matches
  }

  /// The outermost container around a run (an inline-table index), or -1.
  private static func outermost(_ run: Int, _ runs: [RunRecord], _ inlines: [InlineRecord]) -> Int32 {
    var cursor = runs[run].inline
    while cursor >= 0, inlines[Int(cursor)].parent >= 0 { cursor = inlines[Int(cursor)].parent }
    return cursor
  }

  private static func match(_ runs: [RunRecord], _ inlines: [InlineRecord], _ range: Range<Int>) -> Match? {
    func outermost(_ run: Int) -> Int32 { Self.outermost(run, runs, inlines) }
    let image = outermost(range.lowerBound)
    guard image >= 0, case .image = inlines[Int(image)].kind,
      let breakIndex = range.first(where: { runs[$0].kind == .softBreak && runs[$0].inline < 0 }),
      breakIndex + 1 < range.upperBound
    else { return nil }
    let emphasis = outermost(breakIndex + 1)
    guard emphasis >= 0, case .emphasized = inlines[Int(emphasis)].kind else { return nil }
    for index in range.lowerBound..<breakIndex where outermost(index) != image { return nil }
    for index in (breakIndex + 1)..<range.upperBound where outermost(index) != emphasis {
      return nil
    }
    return Match(
      paragraph: runs[range.lowerBound].block, softBreak: breakIndex, captionEnd: range.upperBound,
      emphasis: emphasis, captionSpan: inlines[Int(emphasis)].span)
  }
}
