import HTMLRendering

/// Writes bulleted lists with a class of its own: a block override wraps the blocks it wants
/// and leaves the rest to cmark-gfm's HTML.
struct CardLists: HTMLBlockOverride {
  mutating func openBlock(_ block: HTMLBlockContext, into writer: inout HTMLWriter) -> HTMLBlockOverrideAction
  {
    guard case .unorderedList = block.component.kind else { return .render }
    writer.newlineIfNeeded()
    writer.raw("<ul class=\"cards\">\n")
    return .wrap
  }

  mutating func closeBlock(_ block: HTMLBlockContext, into writer: inout HTMLWriter) {
    writer.raw("</ul>\n")
  }
}
