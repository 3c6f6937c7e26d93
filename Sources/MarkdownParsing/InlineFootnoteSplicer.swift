import RichText

/// Copies a text, putting a footnote reference in place of each inline footnote and its
/// definition among the others, and numbering every footnote again in the order of the
/// references in the source.
///
/// The `[^label]` footnotes keep their order among themselves, so their definitions (which come
/// after the body in the order of their numbers) are copied in their order, with the inline ones
/// put in between by number.
struct InlineFootnoteSplicer: AttributedTextVisitor {
  private let text: AttributedText
  private var builder = AttributedTextBuilder()
  /// The matches of each run, by run position.
  private var matchesByRun: [Int: [InlineFootnotes.Match]] = [:]
  /// Each inline footnote's label and new number, in match order.
  private var inline: [(match: InlineFootnotes.Match, label: String, number: Int)] = []
  /// The new number of each labelled footnote.
  private var numbers: [String: Int] = [:]
  /// Inline footnotes whose definitions are written, counted from the lowest number.
  private var definitionsWritten = 0
  private var inlineByNumber: [(number: Int, offset: Int)] = []
  private var depth = 0

  init(text: AttributedText, matches: [InlineFootnotes.Match]) {
    self.text = text
    for match in matches { matchesByRun[match.run, default: []].append(match) }
    // Every reference, old and inline, in source order; numbers go by first appearance.
    var taken = Set<String>()
    var references: [(span: SourceSpan, key: String)] = []
    for run in text.runs where run.kind == .footnoteReference {
      if let label = run.footnoteReference?.label {
        taken.insert(label)
        references.append((run.sourceSpan, label))
      }
    }
    var inlineLabels: [String] = []
    var counter = 0
    for match in matches {
      var label: String
      repeat {
        counter += 1
        label = "inline-\(counter)"
      } while taken.contains(label)
      inlineLabels.append(label)
      references.append((match.span, label))
    }
    references.sort { ($0.span.startLine, $0.span.startColumn) < ($1.span.startLine, $1.span.startColumn) }
    for reference in references where numbers[reference.key] == nil {
      numbers[reference.key] = numbers.count + 1
    }
    for (match, label) in zip(matches, inlineLabels) {
      inline.append((match, label, numbers[label] ?? 0))
    }
    inlineByNumber = inline.enumerated().map { ($0.element.number, $0.offset) }.sorted {
      $0.number < $1.number
    }
  }

  mutating func enterBlock(_ block: PresentationIntent.Component) {
    var kind = block.kind
    if depth == 0, case .footnoteDefinition(let label, _, let count) = kind {
      let number = numbers[label] ?? 0
      writeInlineDefinitions(before: number)
      kind = .footnoteDefinition(label: label, index: number, referenceCount: count)
    }
    depth += 1
    builder.openBlock(kind, span: block.sourceSpan)
  }

  mutating func exitBlock(_ block: PresentationIntent.Component) {
    depth -= 1
    builder.closeBlock()
  }

  mutating func enterInline(_ container: InlineIntent.Component) {
    builder.openInline(container.kind, span: container.sourceSpan)
  }

  mutating func exitInline(_ container: InlineIntent.Component) { builder.closeInline() }

  mutating func visitRun(_ run: Run) {
    if run.kind == .footnoteReference, var reference = run.footnoteReference {
      reference.index = numbers[reference.label] ?? reference.index
      builder.appendFootnoteReference(reference, span: run.sourceSpan)
      return
    }
    guard let matches = matchesByRun[run.index] else {
      builder.appendRun(run.kind, utf8: Array(run.utf8), span: run.sourceSpan)
      return
    }
    let bytes = Array(run.utf8)
    var position = 0
    for match in matches {
      if match.range.lowerBound > position {
        let piece = position..<match.range.lowerBound
        builder.appendRun(.text, utf8: Array(bytes[piece]), span: InlineFootnotes.span(of: piece, in: run))
      }
      let entry = inline.first { $0.match.range == match.range && $0.match.run == match.run }
      if let entry {
        builder.appendFootnoteReference(
          FootnoteReference(label: entry.label, index: entry.number, ordinal: 1), span: match.span)
      }
      position = match.range.upperBound
    }
    if position < bytes.count {
      let piece = position..<bytes.count
      builder.appendRun(.text, utf8: Array(bytes[piece]), span: InlineFootnotes.span(of: piece, in: run))
    }
  }

  /// Writes the definitions of the inline footnotes numbered below `number`, not yet written.
  private mutating func writeInlineDefinitions(before number: Int) {
    while definitionsWritten < inlineByNumber.count, inlineByNumber[definitionsWritten].number < number {
      let entry = inline[inlineByNumber[definitionsWritten].offset]
      builder.openBlock(
        .footnoteDefinition(label: entry.label, index: entry.number, referenceCount: 1),
        span: entry.match.span)
      builder.openBlock(.paragraph, span: entry.match.contentSpan)
      builder.appendRun(.text, utf8: entry.match.content, span: entry.match.contentSpan)
      builder.closeBlock()
      builder.closeBlock()
      definitionsWritten += 1
    }
  }

  /// The finished copy, with the inline definitions numbered after every other.
  mutating func finish() -> AttributedText {
    writeInlineDefinitions(before: Int.max)
    return builder.build()
  }
}
