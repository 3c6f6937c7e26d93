import RichText

// Lists and their items, as cmark-gfm's `html.c` and the tasklist extension write them.
extension CMarkHTMLHandler {
  mutating func openList(_ list: PresentationIntent.Component) {
    writer.newlineIfNeeded()
    if case .orderedList(let start, _, _) = list.kind {
      if start == 1 {
        writer.raw("<ol")
      } else {
        writer.raw("<ol start=\"")
        writer.number(start)
        writer.raw("\"")
      }
    } else {
      writer.raw("<ul")
    }
    sourcePosition(list)
    writer.raw(">\n")
  }

  mutating func openListItem(_ item: PresentationIntent.Component, task: PresentationIntent.TaskState?) {
    writer.newlineIfNeeded()
    writer.raw("<li")
    sourcePosition(item)
    writer.raw(">")
    switch task {
    case .checked?: writer.raw("<input type=\"checkbox\" checked=\"\" disabled=\"\" /> ")
    case .unchecked?: writer.raw("<input type=\"checkbox\" disabled=\"\" /> ")
    case nil: break
    }
  }

  /// Whether `paragraph` sits directly in an item of a tight list, where it gets no `<p>`.
  func isTight(paragraph: PresentationIntent) -> Bool {
    switch paragraph.parent?.parent?.innermost.kind {
    case .unorderedList(let isTight)?, .orderedList(_, _, let isTight)?: isTight
    default: false
    }
  }

  /// Closes a loose paragraph; the last one of a footnote ends with its back-links.
  mutating func closeParagraph(_ paragraph: PresentationIntent, isLastChild: Bool) {
    if isLastChild, case .footnoteDefinition(let label, _, let count)? = paragraph.parent?.innermost.kind {
      writer.raw(" ")
      writeBackReferences(label: label, count: count)
    }
    writer.raw("</p>\n")
  }
}
