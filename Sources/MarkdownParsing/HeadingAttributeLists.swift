import RichText

/// Reads attribute lists, `{#id .class key=value}` (kramdown's `{: …}` too), written at the end of
/// a heading, or as the last line of a paragraph or under a table (Hugo's and kramdown's block
/// attributes, which cmark-gfm reads as that paragraph's lazy last line, or as the table's last
/// row, the list in its first cell): the list's text is taken out and an empty
/// run inside a ``InlineIntent/Kind/headingAttributes(_:)`` container marks where it was, so the
/// table of contents and the page show the heading without the braces, and the site can use the
/// id, write the classes, or warn.
///
/// A list is plain text runs at the very end of the block (cmark-gfm may cut text at `_` or
/// `*`), and every word in it is `#id`, `.class` or `key=value` (value bare or quoted, straight or,
/// after smart punctuation, curly); anything else stays as it was written.
enum HeadingAttributeLists {
  /// Takes the attribute lists out of `tables`.
  static func rewrite(_ tables: inout TextTables) {
    var position = tables.runs.count - 1
    while position >= 0 {
      let block = tables.runs[position].block
      // The rewrite changes only the runs of this block, which start at `start`.
      var start = position
      while start > 0, tables.runs[start - 1].block == block { start -= 1 }
      // `position` is the last run of its block: is it a heading or a paragraph ending in `}`?
      if block >= 0, endsWithBrace(tables.runs[position], in: tables) {
        switch tables.blocks[Int(block)].kind {
        case .header, .paragraph, .tableCell(columnIndex: 0): rewriteBlock(endingAt: position, in: &tables)
        default: break
        }
      }
      if block >= 0, case .paragraph = tables.blocks[Int(block)].kind {
        rewriteFirstLine(startingAt: start, in: &tables)
      }
      if block >= 0, case .htmlBlock = tables.blocks[Int(block)].kind,
        tables.runs[position].kind == .blockHTML
      {
        rewriteLastHTMLLine(at: position, in: &tables)
      }
      position = start - 1
    }
  }

  private static func endsWithBrace(_ run: RunRecord, in tables: TextTables) -> Bool {
    run.kind == .text && run.inline < 0 && run.end > run.start
      && tables.bytes[run.end - 1] == UInt8(ascii: "}")
  }

  private static func rewriteBlock(endingAt last: Int, in tables: inout TextTables) {
    let block = tables.runs[last].block
    let isHeading = if case .header = tables.blocks[Int(block)].kind { true } else { false }
    let isCell = if case .tableCell = tables.blocks[Int(block)].kind { true } else { false }
    // The plain text runs at the block's end, and the `{` in them.
    var first = last
    while first > 0, tables.runs[first - 1].block == block, tables.runs[first - 1].kind == .text,
      tables.runs[first - 1].inline < 0
    {
      first -= 1
    }
    var bytes: [UInt8] = []
    var owners: [(run: Int, offset: Int)] = []
    for index in first...last {
      let run = tables.runs[index]
      for offset in run.start..<run.end {
        bytes.append(tables.bytes[offset])
        owners.append((index, offset))
      }
    }
    guard let open = bytes.lastIndex(of: UInt8(ascii: "{")),
      let attributes = parse(bytes[(open + 1)..<(bytes.count - 1)])
    else { return }
    // A paragraph's list stands on its own line: after a line break, or as the whole paragraph.
    let openRun = owners[open].run
    if isCell {
      // A table's attribute line is read as a last row whose first cell is the list.
      guard openRun == first, owners[open].offset == tables.runs[openRun].start,
        first == 0 || tables.runs[first - 1].block != block
      else { return }
    } else if !isHeading {
      let startsLine =
        owners[open].offset == tables.runs[openRun].start
        && (openRun == 0 || tables.runs[openRun - 1].block != block
          || [.softBreak, .lineBreak].contains(tables.runs[openRun - 1].kind))
      guard startsLine else { return }
    } else {
      // A heading's list follows its text after a space.
      guard open > 0 || first > 0, open == 0 || bytes[open - 1] == UInt8(ascii: " ") else { return }
    }
    var cut = owners[open].offset
    while cut > tables.runs[openRun].start, tables.bytes[cut - 1] == UInt8(ascii: " ") { cut -= 1 }
    var marker = tables.runs[openRun]
    let span = listSpan(run: marker, from: owners[open].offset, to: tables.runs[last])
    let inline = tables.addInline(.headingAttributes(attributes), parent: -1, span: span)
    marker = RunRecord(
      start: cut, end: cut, block: block, inline: inline, kind: .empty, payload: -1, span: span)
    // The runs after the `{` go; the run it is in keeps what comes before it, or goes when
    // nothing does, with a paragraph's line break before it.
    var removed = last > openRun ? Array((openRun + 1)...last) : []
    tables.runs[openRun].end = cut
    if cut == tables.runs[openRun].start {
      removed.append(openRun)
      if !isHeading, openRun > 0, tables.runs[openRun - 1].block == block,
        [.softBreak, .lineBreak].contains(tables.runs[openRun - 1].kind)
      {
        removed.append(openRun - 1)
      }
    }
    // A paragraph that is only the list, on the line under a heading (kramdown's `## Title`
    // then `{:.no_toc}`), is the heading's: the marker goes into the heading and the paragraph
    // is left with no runs, so it is not written at all.
    if !isHeading, !isCell, openRun == first, cut == tables.runs[openRun].start,
      first == 0 || tables.runs[first - 1].block != block, let heading = headingAbove(first, in: tables)
    {
      marker.block = heading
      tables.runs.insert(marker, at: first)
      tables.removeRuns(at: removed.map { $0 + 1 })
      tables.isReordered = true
      return
    }
    tables.runs.insert(marker, at: last + 1)
    tables.removeRuns(at: removed)
    tables.isReordered = true
  }

  /// The heading whose block ends on the line right above the paragraph whose first run is at
  /// `position`, in the same container: kramdown applies an attribute line written there to
  /// that heading, and it then names the heading's id or classes (`{:.no_toc}` keeps it out of
  /// the table of contents).
  private static func headingAbove(_ position: Int, in tables: TextTables) -> Int32? {
    guard position > 0 else { return nil }
    let paragraph = tables.runs[position].block
    let previous = tables.runs[position - 1].block
    guard previous >= 0, paragraph >= 0, case .header = tables.blocks[Int(previous)].kind,
      tables.blocks[Int(previous)].parent == tables.blocks[Int(paragraph)].parent
    else { return nil }
    let headingEnd = tables.blocks[Int(previous)].span.endLine
    let paragraphStart = tables.blocks[Int(paragraph)].span.startLine
    guard tables.blocks[Int(previous)].span != .unknown, paragraphStart == headingEnd + 1 else { return nil }
    return previous
  }

  /// A paragraph whose first line is only a list, with more lines after it (kramdown's block
  /// attributes under a heading, `## Title` then `{:.no_toc}` then text): the list is taken out
  /// as at a paragraph's end, the marker put where the line was.
  private static func rewriteFirstLine(startingAt start: Int, in tables: inout TextTables) {
    let block = tables.runs[start].block
    var end = start
    var bytes: [UInt8] = []
    while end < tables.runs.count, tables.runs[end].block == block, tables.runs[end].kind == .text,
      tables.runs[end].inline < 0
    {
      bytes += tables.bytes[tables.runs[end].start..<tables.runs[end].end]
      end += 1
    }
    guard end > start, end < tables.runs.count, tables.runs[end].block == block,
      [.softBreak, .lineBreak].contains(tables.runs[end].kind), bytes.first == UInt8(ascii: "{"),
      bytes.last == UInt8(ascii: "}"), let attributes = parse(bytes[1..<(bytes.count - 1)])
    else { return }
    let first = tables.runs[start]
    let span = listSpan(run: first, from: first.start, to: tables.runs[end - 1])
    let inline = tables.addInline(.headingAttributes(attributes), parent: -1, span: span)
    let marker = RunRecord(
      start: first.start, end: first.start, block: headingAbove(start, in: tables) ?? block, inline: inline,
      kind: .empty, payload: -1, span: span)
    tables.runs.insert(marker, at: start)
    tables.removeRuns(at: Array((start + 1)...(end + 1)))
    tables.isReordered = true
  }

  /// An HTML block whose last line is only a list (Hugo's block attributes under a `<div>`, which
  /// CommonMark reads as part of the HTML until a blank line): the line is cut from the HTML, so
  /// that a browser does not show it as text, and the marker put after it.
  private static func rewriteLastHTMLLine(at position: Int, in tables: inout TextTables) {
    let run = tables.runs[position]
    var end = run.end
    while end > run.start, [0x0A, 0x0D, 0x20, 0x09].contains(tables.bytes[end - 1]) { end -= 1 }
    guard end > run.start, tables.bytes[end - 1] == UInt8(ascii: "}") else { return }
    var lineStart = end - 1
    while lineStart > run.start, tables.bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
    var open = lineStart
    while open < end, tables.bytes[open] == 0x20 || tables.bytes[open] == 0x09 { open += 1 }
    guard lineStart > run.start, open < end - 1, tables.bytes[open] == UInt8(ascii: "{"),
      let attributes = parse(tables.bytes[(open + 1)..<(end - 1)])
    else { return }
    let span =
      run.span == .unknown
      ? run.span
      : SourceSpan(
        startLine: run.span.endLine, startColumn: 1, endLine: run.span.endLine, endColumn: run.span.endColumn)
    let inline = tables.addInline(.headingAttributes(attributes), parent: -1, span: span)
    tables.runs[position].end = lineStart
    tables.runs.insert(
      RunRecord(
        start: lineStart, end: lineStart, block: run.block, inline: inline, kind: .empty, payload: -1,
        span: span),
      at: position + 1)
    tables.isReordered = true
  }

  /// Where the list is: from its `{` to the block's last byte, when the runs' positions allow.
  private static func listSpan(run: RunRecord, from offset: Int, to last: RunRecord) -> SourceSpan {
    guard run.span != .unknown, run.span.startLine == run.span.endLine else { return run.span }
    return SourceSpan(
      startLine: run.span.startLine, startColumn: run.span.startColumn + (offset - run.start),
      endLine: last.span.endLine, endColumn: last.span.endColumn)
  }

  /// The attributes of a list's inside (`#id .class key="value"`, an optional leading `:`), or
  /// nil when it is no attribute list.
  static func parse(_ inside: ArraySlice<UInt8>) -> HeadingAttributes? {
    var text = String(decoding: inside, as: UTF8.self)[...]
    // kramdown's lists (`{: …}`) may name references: `{:toc}`, `{: name}`.
    let isKramdown = text.first == ":"
    if isKramdown { text = text.dropFirst() }
    var attributes = HeadingAttributes()
    var index = text.startIndex
    let quotes: [Character: Character] = [
      "\"": "\"", "'": "'", "\u{201C}": "\u{201D}", "\u{2018}": "\u{2019}",
    ]
    func skipSpaces() {
      while index < text.endIndex, text[index] == " " || text[index] == "\t" {
        index = text.index(after: index)
      }
    }
    skipSpaces()
    var words = 0
    while index < text.endIndex {
      let start = index
      while index < text.endIndex, text[index] != " ", text[index] != "\t", text[index] != "=" {
        index = text.index(after: index)
      }
      let word = String(text[start..<index])
      if index < text.endIndex, text[index] == "=" {
        index = text.index(after: index)
        guard !word.isEmpty,
          word.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == ":" })
        else { return nil }
        var value = ""
        if index < text.endIndex, let close = quotes[text[index]] {
          index = text.index(after: index)
          while index < text.endIndex, text[index] != close {
            value.append(text[index])
            index = text.index(after: index)
          }
          guard index < text.endIndex else { return nil }
          index = text.index(after: index)
        } else {
          while index < text.endIndex, text[index] != " ", text[index] != "\t" {
            value.append(text[index])
            index = text.index(after: index)
          }
        }
        attributes.pairs.append(.init(key: word, value: value))
      } else if word.count > 1, word.hasPrefix("#"), !word.contains("{") {
        attributes.id = String(word.dropFirst())
      } else if word.count > 1, word.hasPrefix("."), !word.contains("{") {
        attributes.classes.append(String(word.dropFirst()))
      } else if isKramdown, let first = word.first, first.isLetter,
        word.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
      {
        attributes.references.append(word)
      } else {
        return nil
      }
      words += 1
      skipSpaces()
    }
    return words > 0 ? attributes : nil
  }
}
