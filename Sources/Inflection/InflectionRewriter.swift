import RichText

/// Writes the inflected forms into a copy of the text: new text for some runs, some runs
/// dropped (an alternative replaces the whole span), and the agreement keys taken off the
/// spans that were inflected (the span unwrapped when no attribute is left).
struct InflectionRewriter: AttributedTextRewriter {
  /// New text by run index.
  var texts: [Int: String] = [:]
  /// Runs to drop, by index.
  var removed: Set<Int> = []
  /// The attributes to keep, by the identity of each inflected span.
  var containers: [Int: CustomAttributes] = [:]

  mutating func rewriteInline(_ container: InlineIntent.Component) -> Rewrite<InlineIntent.Kind> {
    guard let remaining = containers[container.identity] else { return .keep }
    return remaining.entries.isEmpty ? .unwrap : .replace(.attributes(remaining))
  }

  mutating func rewriteRun(_ run: Run) -> RunRewrite {
    if removed.contains(run.index) { return .remove }
    guard let text = texts[run.index] else { return .keep }
    return .replace(run.kind, text: text)
  }
}
