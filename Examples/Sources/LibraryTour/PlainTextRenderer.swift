import RichText

/// Renders a text as plain text for a terminal, written on the public walking API as any
/// renderer can be: headings in capitals, bullets for list items, link destinations in
/// parentheses, and a blank line between blocks — but not after the last one, which is what
/// `isLastChild` tells.
struct PlainTextRenderer: AttributedTextVisitor {
  private(set) var output = ""
  private var headingDepth = 0

  mutating func enterBlock(_ block: PresentationIntent) {
    switch block.innermost.kind {
    case .header: headingDepth += 1
    case .listItem(let ordinal, _):
      if case .orderedList(let start, _, _)? = block.parent?.innermost.kind {
        output += "\(start + ordinal - 1). "
      } else {
        output += "• "
      }
    default: break
    }
  }

  mutating func exitBlock(_ block: PresentationIntent, isLastChild: Bool) {
    let inItem = if case .listItem? = block.parent?.innermost.kind { true } else { false }
    switch block.innermost.kind {
    case .header, .paragraph:
      if case .header = block.innermost.kind { headingDepth -= 1 }
      output += "\n"
      if !isLastChild, !inItem { output += "\n" }
    case .unorderedList, .orderedList:
      if !isLastChild { output += "\n" }
    default: break
    }
  }

  mutating func exitInline(_ container: InlineIntent.Component) {
    if case .link(let link) = container.kind { output += " (\(link.url))" }
  }

  mutating func visitRun(_ run: Run) {
    switch run.kind {
    case .text, .code: output += headingDepth > 0 ? run.text.uppercased() : run.text
    case .softBreak, .lineBreak: output += " "
    default: break
    }
  }

  /// `text` as plain text.
  static func render(_ text: AttributedText) -> String {
    var renderer = PlainTextRenderer()
    text.walk(&renderer)
    return renderer.output
  }
}
