import RichText

/// Turns headings into paragraphs and drops images: a rewriter answers only for what it changes.
struct HeadingsAsParagraphs: AttributedTextRewriter {
  mutating func rewriteBlock(_ block: PresentationIntent.Component) -> Rewrite<PresentationIntent.Kind> {
    if case .header = block.kind { .replace(.paragraph) } else { .keep }
  }

  mutating func rewriteInline(_ container: InlineIntent.Component) -> Rewrite<InlineIntent.Kind> {
    if case .image = container.kind { .remove } else { .keep }
  }
}
