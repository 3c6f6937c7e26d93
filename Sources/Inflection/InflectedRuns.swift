import RichText

/// One `inflect: true` span of a text: its container, the runs it holds and their text.
struct InflectedRuns {
  /// The container's identity.
  var identity: Int
  /// What its attributes ask.
  var request: InflectedSpan
  /// Where it is.
  var sourceSpan: SourceSpan
  /// Its runs (indices in the text), in order.
  var runs: [Run] = []

  /// The span's text: its runs' text joined.
  var text: String { runs.map(\.text).joined() }

  /// Every inflected span of `text`, in order; a span inside another belongs to the inner one.
  static func find(in text: AttributedText) -> [InflectedRuns] {
    // Most pages have no inflected span: one look at the containers' kinds skips them.
    let hasSpan = text.inlineRecords.contains { record in
      if case .attributes(let attributes) = record.kind { attributes["inflect"] != nil } else { false }
    }
    guard hasSpan else { return [] }
    var spans: [InflectedRuns] = []
    var byIdentity: [Int: Int] = [:]
    for run in text.runs {
      guard let intent = run.inlineIntent else { continue }
      for component in intent.components {
        guard case .attributes(let attributes) = component.kind, let request = InflectedSpan(attributes)
        else { continue }
        if byIdentity[component.identity] == nil {
          byIdentity[component.identity] = spans.count
          spans.append(
            InflectedRuns(identity: component.identity, request: request, sourceSpan: component.sourceSpan))
        }
        spans[byIdentity[component.identity]!].runs.append(run)
        break
      }
    }
    return spans
  }

  /// Records in `rewriter` what `outcome` asks of this span, returning the problem to report.
  func apply(_ outcome: PhraseAgreement.Outcome, into rewriter: inout InflectionRewriter)
    -> InflectionProblem?
  {
    switch outcome {
    case .agreed(let replacements):
      // Each replacement must fall inside one run: map span offsets to runs.
      var newTexts: [Int: String] = [:]
      var start = 0
      var pending = replacements[...]
      for run in runs {
        let end = start + run.utf8.count
        var text = Array(run.utf8)
        // Right to left, so earlier offsets stay valid.
        let inRun = pending.prefix { $0.range.lowerBound < end }
        for replacement in inRun.reversed() {
          guard replacement.range.upperBound <= end else {
            let word = String(
              decoding: Array(self.text.utf8)[replacement.range.clamped(to: 0..<self.text.utf8.count)],
              as: UTF8.self)
            return fallback(.wordAcrossFormatting(word), into: &rewriter)
          }
          text.replaceSubrange(
            (replacement.range.lowerBound - start)..<(replacement.range.upperBound - start),
            with: Array(replacement.text.utf8))
        }
        pending = pending.dropFirst(inRun.count)
        if !inRun.isEmpty { newTexts[run.index] = String(decoding: text, as: UTF8.self) }
        start = end
      }
      rewriter.texts.merge(newTexts) { $1 }
      rewriter.containers[identity] = request.remaining
      return nil
    case .undecided(let reason):
      return fallback(reason, into: &rewriter)
    }
  }

  /// The alternative in the span's place when it gives one (no problem then); else the span
  /// as written, and the problem.
  private func fallback(_ reason: InflectionProblem.Reason, into rewriter: inout InflectionRewriter)
    -> InflectionProblem?
  {
    guard let alternative = request.alternative, let first = runs.first else {
      return InflectionProblem(span: sourceSpan, reason: reason)
    }
    rewriter.texts[first.index] = alternative
    for run in runs.dropFirst() { rewriter.removed.insert(run.index) }
    rewriter.containers[identity] = request.remaining
    return nil
  }
}
