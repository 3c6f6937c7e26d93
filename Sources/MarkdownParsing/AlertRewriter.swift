import RichText

/// Turns GitHub's alerts into callouts: a block quote whose first line is `[!NOTE]`, `[!TIP]`,
/// `[!IMPORTANT]`, `[!WARNING]` or `[!CAUTION]` (any case, nothing else on the line) becomes a
/// ``PresentationIntent/Callout`` with its span, without the marker and the line break after it.
///
/// cmark-gfm reads the marker as text (`[!NOTE]` is no link), the first run of the quote's first
/// paragraph. A marker written with escapes (`\[!NOTE]`) is longer in the source than its text and
/// stays a quote, as does one inside emphasis or a link, or one followed by more text on its line.
struct AlertRewriter: AttributedTextRewriter {
  /// The quotes that become callouts, by identity.
  private var alerts: [Int: PresentationIntent.Callout.Style] = [:]
  /// The marker runs and the line breaks after them, by position.
  private var removedRuns: Set<Int> = []
  /// The paragraphs that held nothing but a marker.
  private var removedParagraphs: Set<Int> = []

  /// `text` with its alerts as callouts; `text` itself when it has none.
  static func rewrite(_ text: AttributedText) -> AttributedText {
    guard Self.mayHoldMarker(text.bytes) else { return text }
    var rewriter = AlertRewriter()
    let runs = text.runs
    for run in runs where run.kind == .text && run.utf8.first == UInt8(ascii: "[") {
      rewriter.consider(run, in: runs)
    }
    return rewriter.alerts.isEmpty ? text : text.rewritten(with: &rewriter)
  }

  private mutating func consider(_ run: Run, in runs: AttributedText.Runs) {
    guard let style = Self.style(ofMarker: run.text), run.inlineIntent == nil,
      let paragraph = run.presentationIntent, case .paragraph = paragraph.innermost.kind,
      let quote = paragraph.parent, case .blockQuote = quote.innermost.kind
    else { return }
    let span = run.sourceSpan
    guard span.startLine == span.endLine, span.endColumn - span.startColumn + 1 == run.utf8.count else {
      return
    }
    // The first run of the quote: the run before it lies outside the quote.
    if run.index > 0,
      runs[run.index - 1].presentationIntent?.first(where: { $0.identity == quote.innermost.identity }) != nil
    {
      return
    }
    let next = run.index + 1 < runs.count ? runs[run.index + 1] : nil
    let nextInParagraph = next.flatMap { $0.presentationIntent == paragraph ? $0 : nil }
    switch nextInParagraph?.kind {
    case nil: removedParagraphs.insert(paragraph.innermost.identity)
    case .softBreak?, .lineBreak?: removedRuns.insert(run.index + 1)
    default: return
    }
    removedRuns.insert(run.index)
    alerts[quote.innermost.identity] = style
  }

  /// Whether `bytes` hold `[!` anywhere: most pages do not, and are let go after one pass over
  /// their bytes instead of a look at every run.
  private static func mayHoldMarker(_ bytes: [UInt8]) -> Bool {
    var previous: UInt8 = 0
    for byte in bytes {
      if byte == UInt8(ascii: "!"), previous == UInt8(ascii: "[") { return true }
      previous = byte
    }
    return false
  }

  /// The style a marker names, or nil when `text` is no marker.
  static func style(ofMarker text: String) -> PresentationIntent.Callout.Style? {
    guard text.hasPrefix("[!"), text.hasSuffix("]") else { return nil }
    return PresentationIntent.Callout.Style(rawValue: text.dropFirst(2).dropLast().lowercased())
  }

  mutating func rewriteBlock(_ block: PresentationIntent.Component) -> Rewrite<PresentationIntent.Kind> {
    if let style = alerts[block.identity] {
      return .replace(.callout(.init(style: style, syntax: .gitHubAlert)))
    }
    return removedParagraphs.contains(block.identity) ? .remove : .keep
  }

  mutating func rewriteRun(_ run: Run) -> RunRewrite {
    removedRuns.contains(run.index) ? .remove : .keep
  }
}
