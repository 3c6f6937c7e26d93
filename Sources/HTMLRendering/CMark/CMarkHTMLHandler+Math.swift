import RichText

// Formulas: the site's rendering from ``RenderDecorations/formulas`` when it gave one, else the
// TeX escaped between the delimiters that client-side renderers (KaTeX's auto-render, MathJax)
// look for, in the classes Pandoc writes: `math inline` and `math display`.
extension CMarkHTMLHandler {
  mutating func openMathBlock(_ component: PresentationIntent.Component) {
    writer.newlineIfNeeded()
    if let html = decorations.formulas[component.identity] {
      writer.raw(html)
      writer.raw("\n")
      suppressedBlock = component.identity
      return
    }
    writer.raw("<div class=\"math display\"")
    sourcePosition(component)
    writer.raw(">\\[")
  }

  mutating func openFormula(_ container: InlineIntent.Component, display: Bool) {
    if let html = decorations.formulas[container.identity] {
      writer.raw(html)
      replacedInline = container.identity
      return
    }
    writer.raw(display ? "<span class=\"math display\">\\[" : "<span class=\"math inline\">\\(")
  }
}
