import RichText

/// Zenn's and Pandoc's inline footnotes, `^[脚注の内容]`: each becomes a footnote reference where
/// it stands and a definition with its text, numbered together with the `[^label]` footnotes in
/// the order of the references in the source (as cmark-gfm numbers its own), so the HTML is
/// cmark-gfm's footnote markup.
///
/// cmark-gfm reads the syntax as plain text (`^[…]` is no link); a footnote is found inside one
/// text run: `^[`, text with balanced brackets and no markup, `]`, and no `(` right after it (that
/// is Apple's `^[text](attributes)`, which ``ExtendedAttributeRewriter`` reads). Not inside links
/// or images; only with the footnotes extension on.
enum InlineFootnotes {
  /// One inline footnote: where its pieces are in a run's bytes and in the source.
  struct Match {
    /// The run that holds it.
    var run: Int
    /// `^` to `]` inclusive, in the run's bytes.
    var range: Range<Int>
    /// Where it is in the source (the whole `^[…]`), and where its text is.
    var span: SourceSpan
    var contentSpan: SourceSpan
    /// The footnote's text.
    var content: [UInt8]
  }

  /// Turns the inline footnotes of `tables` into footnotes (``InlineFootnoteSplicer``).
  static func rewrite(_ tables: inout TextTables) {
    var splicer: InlineFootnoteSplicer
    do {
      let text = tables.intermediateText()
      let runs = text.runs
      let bytes = text.bytes
      var matches: [Match] = []
      // The bytes first (a footnote needs a `^`), then the chains, for the few runs left.
      for (index, record) in text.runRecords.enumerated()
      where record.kind == .text && ByteScan.contains(UInt8(ascii: "^"), in: bytes, record.start..<record.end)
      {
        let run = runs[index]
        guard run.image == nil, run.link == nil, !isCode(run), !isFormula(run) else { continue }
        matches += find(in: run, next: index + 1 < runs.count ? runs[index + 1] : nil)
      }
      guard !matches.isEmpty else { return }
      splicer = InlineFootnoteSplicer(text: text, matches: matches)
    }
    splicer.splice(into: &tables)
  }

  /// Whether a run is a code block's content (a `.text` run too).
  static func isCode(_ run: Run) -> Bool {
    if case .codeBlock? = run.presentationIntent?.innermost.kind { true } else { false }
  }

  /// Whether a run is a formula's TeX (`$x^[a]$`, a `$$` block), which is never Markdown.
  static func isFormula(_ run: Run) -> Bool {
    if case .math? = run.presentationIntent?.innermost.kind { return true }
    return run.inlineIntent?.components.contains { if case .math = $0.kind { true } else { false } } ?? false
  }

  /// The inline footnotes in one text run.
  static func find(in run: Run, next: Run?) -> [Match] {
    let bytes = Array(run.utf8)
    var matches: [Match] = []
    var index = 0
    while index + 1 < bytes.count {
      guard bytes[index] == UInt8(ascii: "^"), bytes[index + 1] == UInt8(ascii: "[") else {
        index += 1
        continue
      }
      guard let close = closingBracket(in: bytes, from: index + 2) else { break }
      let followedByParenthesis =
        close + 1 < bytes.count
        ? bytes[close + 1] == UInt8(ascii: "(")
        : next?.utf8.first == UInt8(ascii: "(") && next?.sourceSpan.startLine == run.sourceSpan.endLine
      if close > index + 2, !followedByParenthesis {
        matches.append(match(run, bytes, index...close))
      }
      index = close + 1
    }
    return matches
  }

  /// The `]` that closes the bracket opened before `start`, counting nested brackets.
  private static func closingBracket(in bytes: [UInt8], from start: Int) -> Int? {
    var depth = 0
    for position in start..<bytes.count {
      switch bytes[position] {
      case UInt8(ascii: "["): depth += 1
      case UInt8(ascii: "]"):
        if depth == 0 { return position }
        depth -= 1
      default: break
      }
    }
    return nil
  }

  private static func match(_ run: Run, _ bytes: [UInt8], _ range: ClosedRange<Int>) -> Match {
    let whole = range.lowerBound..<(range.upperBound + 1)
    return Match(
      run: run.index, range: whole, span: span(of: whole, in: run),
      contentSpan: span(of: (range.lowerBound + 2)..<range.upperBound, in: run),
      content: Array(bytes[(range.lowerBound + 2)..<range.upperBound]))
  }

  /// Where bytes `range` of a run are in the source, when the run is its source byte for byte
  /// on one line (no escapes or entities); otherwise the run's own span.
  static func span(of range: Range<Int>, in run: Run) -> SourceSpan {
    span(of: range, runSpan: run.sourceSpan, count: run.utf8.count)
  }

  /// ``span(of:in:)`` for a run of the tables.
  static func span(of range: Range<Int>, in run: RunRecord) -> SourceSpan {
    span(of: range, runSpan: run.span, count: run.end - run.start)
  }

  private static func span(of range: Range<Int>, runSpan span: SourceSpan, count: Int) -> SourceSpan {
    guard span.startLine == span.endLine, span.endColumn - span.startColumn + 1 == count, !range.isEmpty
    else { return span }
    return SourceSpan(
      startLine: span.startLine, startColumn: span.startColumn + range.lowerBound, endLine: span.startLine,
      endColumn: span.startColumn + range.upperBound - 1)
  }
}
