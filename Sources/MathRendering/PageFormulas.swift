import Diagnostics
import HTMLRendering
import RichText

/// A page's formulas rendered for ``RenderDecorations/formulas``: KaTeX's MathML by the identity
/// of each `.math` inline container and block, a warning for each formula KaTeX cannot read, at
/// the place in the file where it stopped reading, and one at each `$$` that nothing closed. Such a formula is written as its TeX,
/// escaped, in `<code class="folio-math-error">`, and the rest of the page renders as usual.
///
/// Each formula is KaTeX's `<span class="katex">` around `<math>` (`display="block"` for display
/// math); a displayed block sits in `<div class="folio-math">`, which the theme styles.
///
/// A formula past a limit of ``MathLimits`` is an error at its place: its macro expansions or
/// tokens, or the page's MathML bytes (at the formula that passes them; it and the formulas
/// after it are written as their TeX, so no part of a blow-up is kept). KaTeX taking longer
/// than the page's time, or running out of memory, is an error at the page's first formula.
public struct PageFormulas: Sendable {
  /// HTML by formula identity.
  public private(set) var html: [Int: String] = [:]
  /// One per formula KaTeX could not read.
  public private(set) var warnings: [Diagnostic] = []
  /// One per limit of ``MathLimits`` a formula or the page went past; the page is not to be
  /// published.
  public private(set) var errors: [Diagnostic] = []

  /// Whether the page had no formula.
  public var isEmpty: Bool { html.isEmpty }

  /// Whether `text` holds a formula: most pages hold none, and their tables say so without a
  /// look at each run's chains.
  public static func holdsFormulas(_ text: AttributedText) -> Bool {
    text.inlineRecords.contains(where: { if case .math = $0.kind { true } else { false } })
      || text.blockRecords.contains(where: { if case .math = $0.kind { true } else { false } })
  }

  /// Renders the formulas of `text`, the content of the file at `path`, with `renderer`.
  public init(text: AttributedText, path: String, renderer: MathRenderer) throws(MathRenderingError) {
    var found: [(identity: Int, formula: Formula, span: SourceSpan, isBlock: Bool)] = []
    guard Self.holdsFormulas(text) else { return }
    for run in text.runs {
      if let inline = run.inlineIntent?.innermost, case .math(let display) = inline.kind {
        found.append((inline.identity, Formula(tex: run.text, display: display), run.sourceSpan, false))
      } else if run.inlineIntent == nil, let block = run.presentationIntent?.innermost,
        case .math(let isClosed) = block.kind
      {
        if !isClosed {
          warnings.append(
            .warning(
              "'$$' block without a closing '$$': the formula runs to the end of the block around it",
              at: run.sourceSpan.start(in: path)))
        }
        // A block's TeX is its lines; the last one's line end is not part of the formula.
        var tex = run.text
        if tex.hasSuffix("\n") { tex.removeLast() }
        found.append((block.identity, Formula(tex: tex, display: true), run.sourceSpan, true))
      }
    }
    guard !found.isEmpty else { return }
    let results: [RenderedFormula]
    do throws(MathRenderingError) {
      results = try renderer.render(found.map(\.formula))
    } catch {
      guard let limit = error.exceededLimit else { throw error }
      errors.append(limit.diagnostic(at: found[0].span.start(in: path)))
      for entry in found { html[entry.identity] = Self.source(of: entry.formula, isBlock: entry.isBlock) }
      return
    }
    let pageBytes = renderer.budget.pageMathMLBytes
    var bytes = 0
    var isFull = false
    for (entry, result) in zip(found, results) {
      var writer = HTMLWriter()
      if case .mathML(let mathML, _) = result { bytes += mathML.utf8.count }
      if !isFull, bytes > pageBytes || result == .pageFull {
        isFull = true
        errors.append(MathLimitExceeded.pageMathMLBytes(pageBytes).diagnostic(at: entry.span.start(in: path)))
      }
      switch result {
      case .mathML where isFull, .pageFull:
        writer.raw(Self.source(of: entry.formula, isBlock: entry.isBlock))
      case .overLimit(let limit):
        errors.append(limit.diagnostic(at: entry.span.start(in: path)))
        writer.raw(Self.source(of: entry.formula, isBlock: entry.isBlock))
      case .mathML(let mathML, let refused):
        for command in Set(refused).sorted() {
          warnings.append(
            .warning(
              "'\(command)' is not allowed in formulas (KaTeX runs without trust); it is shown as its name",
              at: entry.span.start(in: path)))
        }
        if entry.isBlock { writer.raw("<div class=\"folio-math\">") }
        writer.raw(mathML)
        if entry.isBlock { writer.raw("</div>") }
      case .texError(let message, let position):
        writer.raw(Self.source(of: entry.formula, isBlock: entry.isBlock))
        let location = Self.location(
          of: position, in: entry.formula.tex, span: entry.span, isBlock: entry.isBlock)
        warnings.append(
          .warning(
            "TeX error in formula: \(message); the formula is shown as TeX",
            at: SourceLocation(path: path, line: location.line, column: location.column)))
      }
      html[entry.identity] = writer.string
    }
  }

  /// A formula not rendered, as its TeX, escaped, in `<code class="folio-math-error">` (in
  /// `<pre>` for a block).
  private static func source(of formula: Formula, isBlock: Bool) -> String {
    var writer = HTMLWriter()
    writer.raw(isBlock ? "<pre class=\"folio-math-error\"><code>" : "<code class=\"folio-math-error\">")
    writer.text(formula.tex)
    writer.raw(isBlock ? "</code></pre>" : "</code>")
    return writer.string
  }

  /// Where KaTeX's `position` (UTF-16 code units into `tex`) is in the file. Inline TeX starts
  /// at `span`'s start; a block's on the line after it (the `$$` or fence line), each line at the
  /// block's column.
  static func location(of position: Int?, in tex: String, span: SourceSpan, isBlock: Bool) -> (
    line: Int, column: Int
  ) {
    let utf16 = tex.utf16
    let end = utf16.index(utf16.startIndex, offsetBy: min(max(position ?? 0, 0), utf16.count))
    let before = tex[..<(end.samePosition(in: tex) ?? tex.endIndex)]
    guard isBlock else { return (span.startLine, span.startColumn + before.utf8.count) }
    let lines = before.split(separator: "\n", omittingEmptySubsequences: false)
    return (span.startLine + lines.count, span.startColumn + (lines.last?.utf8.count ?? 0))
  }
}
