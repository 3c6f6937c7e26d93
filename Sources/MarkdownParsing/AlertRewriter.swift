import RichText

/// Turns GitHub's alerts into callouts: a block quote whose first line is `[!NOTE]`, `[!TIP]`,
/// `[!IMPORTANT]`, `[!WARNING]` or `[!CAUTION]` (any case, nothing else on the line) becomes a
/// ``PresentationIntent/Callout`` with its span, without the marker and the line break after it.
///
/// cmark-gfm reads the marker as text (`[!NOTE]` is no link), the first run of the quote's first
/// paragraph. A marker written with escapes (`\[!NOTE]`) is longer in the source than its text and
/// stays a quote, as does one inside emphasis or a link, or one followed by more text on its line.
///
/// The change is made in the page's own tables (``TextTables``): the quote's kind, and the marker
/// run (with the line break after it) taken out.
enum AlertRewriter {
  /// One alert: the quote (a block-table index), its style, and the runs to take out.
  struct Match {
    var quote: Int32
    var style: PresentationIntent.Callout.Style
    /// The marker run, and the line break after it when the paragraph goes on.
    var removedRuns: [Int]
    /// Whether the marker was the quote's only run, so the callout needs an empty run to render.
    var leavesQuoteEmpty: Bool
  }

  /// Turns the alerts of `tables` into callouts.
  static func rewrite(_ tables: inout TextTables) {
    let matches = find(in: tables.intermediateText())
    guard !matches.isEmpty else { return }
    var removed: [Int] = []
    for match in matches {
      tables.blocks[Int(match.quote)].kind = .callout(.init(style: match.style, syntax: .gitHubAlert))
      if match.leavesQuoteEmpty, let marker = match.removedRuns.first {
        // What a rewriting copy does for a block left without runs (`<blockquote></blockquote>`).
        let at = tables.runs[marker].start
        tables.runs[marker] = RunRecord(
          start: at, end: at, block: match.quote, inline: -1, kind: .empty, payload: -1, span: .unknown)
      } else {
        removed += match.removedRuns
      }
    }
    tables.removeRuns(at: removed)
    tables.isReordered = true
  }

  private static func find(in text: AttributedText) -> [Match] {
    // The records first: a marker is a text run that starts with `[!`, which few runs do.
    let bytes = text.bytes
    var matches: [Match] = []
    for (index, record) in text.runRecords.enumerated()
    where record.kind == .text && record.end - record.start > 2 && bytes[record.start] == UInt8(ascii: "[")
      && bytes[record.start + 1] == UInt8(ascii: "!")
    {
      if let match = match(text.runs[index], in: text) { matches.append(match) }
    }
    return matches
  }

  private static func match(_ run: Run, in text: AttributedText) -> Match? {
    guard let style = Self.style(ofMarker: run.text), run.inlineIntent == nil,
      let paragraph = run.presentationIntent, case .paragraph = paragraph.innermost.kind,
      let quote = paragraph.parent, case .blockQuote = quote.innermost.kind
    else { return nil }
    let span = run.sourceSpan
    guard span.startLine == span.endLine, span.endColumn - span.startColumn + 1 == run.utf8.count else {
      return nil
    }
    let runs = text.runs
    // The first run of the quote: the run before it lies outside the quote.
    if run.index > 0,
      runs[run.index - 1].presentationIntent?.first(where: { $0.identity == quote.innermost.identity }) != nil
    {
      return nil
    }
    let records = text.runRecords
    let quoteIndex = text.blockRecords[Int(records[run.index].block)].parent
    let next = run.index + 1 < runs.count ? runs[run.index + 1] : nil
    let nextInParagraph = next.flatMap { $0.presentationIntent == paragraph ? $0 : nil }
    switch nextInParagraph?.kind {
    case nil:
      let quoteGoesOn = next?.presentationIntent?.first { $0.identity == quote.innermost.identity } != nil
      return Match(quote: quoteIndex, style: style, removedRuns: [run.index], leavesQuoteEmpty: !quoteGoesOn)
    case .softBreak?, .lineBreak?:
      return Match(
        quote: quoteIndex, style: style, removedRuns: [run.index, run.index + 1], leavesQuoteEmpty: false)
    default: return nil
    }
  }

  /// The style a marker names, or nil when `text` is no marker.
  static func style(ofMarker text: String) -> PresentationIntent.Callout.Style? {
    guard text.hasPrefix("[!"), text.hasSuffix("]") else { return nil }
    return PresentationIntent.Callout.Style(rawValue: text.dropFirst(2).dropLast().lowercased())
  }
}
