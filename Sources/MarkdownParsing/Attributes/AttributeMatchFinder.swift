import RichText

/// Finds every `^[text](attributes)` in a parsed text, in both shapes cmark-gfm leaves it in
/// (see ``AttributeMatch/Shape``), and keeps only those that nest properly.
///
/// Linear in the text: brackets are paired with one stack per inline container in a single
/// pass, and each candidate's attribute list is read once.
struct AttributeMatchFinder {
  private let bytes: UnsafeBufferPointer<UInt8>
  private let runs: [RunRecord]
  private let blocks: [BlockRecord]
  private let inlines: [InlineRecord]
  /// For each run, the end of the stretch of text-like runs it starts in the same container;
  /// -1 until asked for.
  private var stretchEnds: [Int] = []

  init(text: AttributedText, bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
    self.runs = text.runRecords
    self.blocks = text.blockRecords
    self.inlines = text.inlineRecords
  }

  /// The matches, ordered by the position of their `^`, each nested in the text of the one
  /// before it or after its end.
  mutating func find() -> [AttributeMatch] {
    let candidates = (literalMatches() + linkMatches()).sorted { $0.caret < $1.caret }
    return Self.properlyNested(candidates)
  }

  // MARK: - Literal shape

  /// `^[` … `](…)` left as text: pairs brackets in each container, then reads the attribute
  /// list after every `]` whose `[` follows a `^`.
  private mutating func literalMatches() -> [AttributeMatch] {
    var matches: [AttributeMatch] = []
    var openBrackets: [Int32: [(position: Int, run: Int)]] = [:]
    var currentBlock: Int32 = -2
    for index in runs.indices {
      let run = runs[index]
      guard run.kind == .text, run.start < run.end, holdsInlineContent(run.block), !isFormula(run) else {
        continue
      }
      if run.block != currentBlock {
        openBrackets.removeAll(keepingCapacity: true)
        currentBlock = run.block
      }
      for position in run.start..<run.end {
        switch bytes[position] {
        case UInt8(ascii: "["):
          openBrackets[run.inline, default: []].append((position, index))
        case UInt8(ascii: "]"):
          guard let open = openBrackets[run.inline]?.popLast(), open.position > runs[open.run].start,
            bytes[open.position - 1] == UInt8(ascii: "^")
          else { continue }
          if let match = literalMatch(
            caretRun: open.run, caret: open.position - 1, closeRun: index, at: position)
          {
            matches.append(match)
          }
        default:
          continue
        }
      }
    }
    return matches
  }

  private mutating func literalMatch(caretRun: Int, caret: Int, closeRun: Int, at closeBracket: Int)
    -> AttributeMatch?
  {
    // The text may not be empty, and `(` must follow `]` directly.
    let close = runs[closeRun]
    guard closeBracket > caret + 2, closeBracket + 1 < close.end,
      bytes[closeBracket + 1] == UInt8(ascii: "(")
    else { return nil }
    guard
      let (attributes, end) = AttributeListParser.parseParenthesised(
        bytes, from: closeBracket + 2, limit: stretchEnd(from: closeRun))
    else { return nil }
    var parenRun = closeRun
    while runs[parenRun].end < end { parenRun += 1 }
    let start = runs[caretRun]
    let finish = runs[parenRun]
    let span = SourceSpan(
      startLine: start.span.startLine, startColumn: start.column(at: caret),
      endLine: finish.span.endLine, endColumn: finish.column(at: end - 1))
    return AttributeMatch(
      attributes: attributes, shape: .literal(closeRun: closeRun, closeBracket: closeBracket, end: end),
      caretRun: caretRun, caret: caret, textEnd: closeBracket, end: end, span: span)
  }

  /// Where the attribute list after a `]` in `run` must end at the latest: the end of the
  /// consecutive text, soft-break and line-break runs of the same container. Anything else
  /// (code, emphasis, an autolink) means the parentheses were not plain text.
  private mutating func stretchEnd(from run: Int) -> Int {
    if stretchEnds.isEmpty { stretchEnds = Array(repeating: -1, count: runs.count) }
    if stretchEnds[run] >= 0 { return stretchEnds[run] }
    var last = run
    while last + 1 < runs.count, isTextLike(runs[last + 1]), runs[last + 1].block == runs[run].block,
      runs[last + 1].inline == runs[run].inline
    {
      last += 1
    }
    // Every run of the stretch ends where it ends, so each run is walked only once.
    for index in run...last { stretchEnds[index] = runs[last].end }
    return runs[last].end
  }

  private func isTextLike(_ run: RunRecord) -> Bool {
    run.kind == .text || run.kind == .softBreak || run.kind == .lineBreak
  }

  // MARK: - Link shape

  /// `^` at the end of a text run followed directly by a link whose destination and title,
  /// put back together, read as an attribute list.
  private func linkMatches() -> [AttributeMatch] {
    var firstRuns = Array(repeating: -1, count: inlines.count)
    for index in runs.indices {
      // Parents open no later than their children, so the walk stops at the first container
      // already seen, and each container is visited once.
      var container = runs[index].inline
      while container >= 0, firstRuns[Int(container)] < 0 {
        firstRuns[Int(container)] = index
        container = inlines[Int(container)].parent
      }
    }
    var matches: [AttributeMatch] = []
    for (container, first) in firstRuns.enumerated() where first > 0 {
      guard case .link(let link) = inlines[container].kind,
        let match = linkMatch(Int32(container), link: link, firstRun: first)
      else { continue }
      matches.append(match)
    }
    return matches
  }

  private func linkMatch(_ container: Int32, link: Link, firstRun: Int) -> AttributeMatch? {
    let record = inlines[Int(container)]
    let caretRun = firstRun - 1
    let before = runs[caretRun]
    guard before.kind == .text, before.block == runs[firstRun].block, before.inline == record.parent,
      before.end > before.start, bytes[before.end - 1] == UInt8(ascii: "^"), holdsInlineContent(before.block)
    else { return nil }
    let lastRun = lastRun(of: container, from: firstRun)
    guard runs[lastRun].end > runs[firstRun].start else { return nil }

    // After the link text come at least `](`, the destination, `)` and, with a title, a
    // space and two quotes: decoding only shortens text, so a shorter tail is a reference link
    // (`^[t]` or `^[t][ref]`) whose definition happens to look like attributes.
    let lastSpan = runs[lastRun].span
    let tail: Int? =
      lastSpan.endLine == record.span.endLine && lastSpan.endLine > 0
      ? Int(record.span.endColumn - lastSpan.endColumn) : nil
    let minimumTail = 3 + link.urlBytes.count + (link.titleBytes.isEmpty ? 0 : 3 + link.titleBytes.count)
    if let tail, tail < minimumTail { return nil }

    var attributes = AttributeListParser.parseComplete(Self.source(link.urlBytes, title: link.titleBytes))
    if attributes == nil, link.titleBytes.isEmpty, let tail, tail >= minimumTail + 3 {
      // cmark-gfm reports an empty title (`key: ''`) as no title; the tail shows one was there.
      attributes = AttributeListParser.parseComplete(link.urlBytes + Array(" ''".utf8))
    }
    guard let attributes else { return nil }
    let caret = before.end - 1
    let span = SourceSpan(
      startLine: before.span.endLine, startColumn: before.column(at: caret),
      endLine: record.span.endLine, endColumn: record.span.endColumn)
    let textEnd = runs[lastRun].end
    return AttributeMatch(
      attributes: attributes, shape: .link(container), caretRun: caretRun, caret: caret, textEnd: textEnd,
      end: textEnd, span: span)
  }

  /// The attribute source a link stands for: its destination, then its title as a quoted
  /// string (cmark-gfm has already removed the quotes and decoded escapes in it).
  private static func source(_ url: [UInt8], title: [UInt8]) -> [UInt8] {
    guard !title.isEmpty else { return url }
    var source = url + Array(" \"".utf8)
    for byte in title {
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { source.append(UInt8(ascii: "\\")) }
      source.append(byte)
    }
    source.append(UInt8(ascii: "\""))
    return source
  }

  /// The last run inside `container`: containers are stored in opening order, so its
  /// descendants are the records after it that are deeper than it.
  private func lastRun(of container: Int32, from firstRun: Int) -> Int {
    let depth = inlines[Int(container)].depth
    var subtreeEnd = Int(container) + 1
    while subtreeEnd < inlines.count, inlines[subtreeEnd].depth > depth { subtreeEnd += 1 }
    var last = firstRun
    while last + 1 < runs.count, runs[last + 1].inline >= container, runs[last + 1].inline < subtreeEnd {
      last += 1
    }
    return last
  }

  // MARK: - Filtering

  /// Whether `run` is a formula's TeX (`$x^[a](b)$`), which is never Markdown.
  private func isFormula(_ run: RunRecord) -> Bool {
    guard run.inline >= 0, case .math = inlines[Int(run.inline)].kind else { return false }
    return true
  }

  /// Paragraphs, headings and table cells hold inline content; code and HTML blocks do not.
  private func holdsInlineContent(_ block: Int32) -> Bool {
    guard block >= 0 else { return false }
    switch blocks[Int(block)].kind {
    case .paragraph, .header, .tableCell: return true
    default: return false
    }
  }

  /// Drops a match that starts inside the attribute list of another or reaches past the text
  /// of one it starts in, so every kept match is a well-formed container.
  private static func properlyNested(_ candidates: [AttributeMatch]) -> [AttributeMatch] {
    var kept: [AttributeMatch] = []
    var enclosing: [AttributeMatch] = []
    for candidate in candidates {
      while let last = enclosing.last, last.end <= candidate.caret { enclosing.removeLast() }
      if let parent = enclosing.last, candidate.caret >= parent.textEnd || candidate.end > parent.textEnd {
        continue
      }
      kept.append(candidate)
      enclosing.append(candidate)
    }
    return kept
  }
}
