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
  /// A paragraph that is a figure: its identity, its soft break's run, and the emphasis.
  struct Match {
    var softBreak: Int
    var emphasis: Int
    var captionSpan: SourceSpan
  }

  static func rewrite(_ text: AttributedText) -> AttributedText {
    // Most pages have no image, or none followed by anything: skip them after one look.
    guard text.inlineRecords.contains(where: { if case .image = $0.kind { true } else { false } }) else {
      return text
    }
    let runs = text.runs
    var matches: [Int: Match] = [:]
    var start = 0
    while start < runs.count {
      guard let paragraph = runs[start].presentationIntent else { break }
      var end = start + 1
      while end < runs.count, runs[end].presentationIntent == paragraph { end += 1 }
      if case .paragraph = paragraph.innermost.kind, let match = match(runs, start..<end) {
        matches[paragraph.innermost.identity] = match
      }
      start = end
    }
    guard !matches.isEmpty else { return text }
    var splicer = FigureSplicer(matches: matches)
    text.walk(&splicer)
    return splicer.builder.build()
  }

  /// The outermost container around a run, or nil.
  private static func outermost(_ run: Run) -> InlineIntent.Component? { run.inlineIntent?.components.last }

  private static func match(_ runs: AttributedText.Runs, _ range: Range<Int>) -> Match? {
    guard let image = outermost(runs[range.lowerBound]), case .image = image.kind,
      let breakIndex = range.first(where: { runs[$0].kind == .softBreak && runs[$0].inlineIntent == nil }),
      breakIndex + 1 < range.upperBound,
      let emphasis = outermost(runs[breakIndex + 1]), case .emphasized = emphasis.kind
    else { return nil }
    for index in range.lowerBound..<breakIndex where outermost(runs[index])?.identity != image.identity {
      return nil
    }
    for index in (breakIndex + 1)..<range.upperBound
    where outermost(runs[index])?.identity != emphasis.identity {
      return nil
    }
    return Match(softBreak: breakIndex, emphasis: emphasis.identity, captionSpan: emphasis.sourceSpan)
  }
}

/// Copies a text, turning the matched paragraphs into figures.
struct FigureSplicer: AttributedTextVisitor {
  let matches: [Int: Figures.Match]
  var builder = AttributedTextBuilder()
  /// The figure being written, if any.
  private var current: Figures.Match?

  init(matches: [Int: Figures.Match]) { self.matches = matches }

  mutating func enterBlock(_ block: PresentationIntent.Component) {
    if let match = matches[block.identity] {
      current = match
      builder.openBlock(.figure, span: block.sourceSpan)
    } else {
      builder.openBlock(block.kind, span: block.sourceSpan)
    }
  }

  mutating func exitBlock(_ block: PresentationIntent.Component) {
    if matches[block.identity] != nil {
      builder.closeBlock()
      current = nil
    }
    builder.closeBlock()
  }

  mutating func enterInline(_ container: InlineIntent.Component) {
    if container.identity == current?.emphasis { return }
    builder.openInline(container.kind, span: container.sourceSpan)
  }

  mutating func exitInline(_ container: InlineIntent.Component) {
    if container.identity == current?.emphasis { return }
    builder.closeInline()
  }

  mutating func visitRun(_ run: Run) {
    if let current, run.index == current.softBreak {
      builder.openBlock(.figureCaption, span: current.captionSpan)
      return
    }
    if run.kind == .footnoteReference, let reference = run.footnoteReference {
      builder.appendFootnoteReference(reference, span: run.sourceSpan)
    } else {
      builder.appendRun(run.kind, utf8: Array(run.utf8), span: run.sourceSpan)
    }
  }
}
