import RichText

/// The tree events of an ``AttributedText`` turned into cmark-gfm's HTML, element by element.
///
/// Each case mirrors what cmark-gfm's `html.c` and its extensions write for the same node, so
/// that rendering from the model loses nothing; the spec and corpus tests hold it to that.
struct CMarkHTMLHandler: TreeEventHandler {
  let text: AttributedText
  let options: HTMLRenderOptions
  var writer: HTMLWriter
  private let blocks: [BlockRecord]
  private let inlines: [InlineRecord]
  private let runs: [RunRecord]
  private let bytes: [UInt8]
  /// How many images enclose the current position: inside one, only text is written (alt).
  private var imageDepth = 0
  private var footnotesOpened = 0
  private var footnoteBackrefsWritten = 0
  private var inTableHeader = false
  private var tableBodyOpen = false
  private let decorations: RenderDecorations
  /// A block whose whole content is left out (hidden, or replaced by the override); everything
  /// inside it is skipped.
  private var suppressedBlock: Int32 = -1
  /// Writes some blocks in its own way; nil renders cmark-gfm's HTML only.
  private var blockOverride: (any HTMLBlockOverride)?
  /// The blocks the override wrapped and must close, innermost last.
  private var wrappedBlocks: [Int32] = []

  init(
    text: AttributedText, options: HTMLRenderOptions, decorations: RenderDecorations,
    blockOverride: (any HTMLBlockOverride)?, writer: HTMLWriter
  ) {
    self.text = text
    self.options = options
    self.decorations = decorations
    self.blockOverride = blockOverride
    self.writer = writer
    self.blocks = text.blockRecords
    self.inlines = text.inlineRecords
    self.runs = text.runRecords
    self.bytes = text.bytes
  }

  // MARK: Blocks

  mutating func enterBlock(_ index: Int32) {
    guard suppressedBlock < 0 else { return }
    let block = blocks[Int(index)]
    if enterOverride(index, block) { return }
    switch block.kind {
    case .blockQuote:
      writer.newlineIfNeeded()
      writer.raw("<blockquote")
      sourcePosition(block)
      writer.raw(">\n")
    case .unorderedList:
      writer.newlineIfNeeded()
      writer.raw("<ul")
      sourcePosition(block)
      writer.raw(">\n")
    case .orderedList(let start, _, _):
      writer.newlineIfNeeded()
      if start == 1 {
        writer.raw("<ol")
      } else {
        writer.raw("<ol start=\"")
        writer.number(start)
        writer.raw("\"")
      }
      sourcePosition(block)
      writer.raw(">\n")
    case .listItem(_, let task):
      writer.newlineIfNeeded()
      writer.raw("<li")
      sourcePosition(block)
      writer.raw(">")
      switch task {
      case .checked?: writer.raw("<input type=\"checkbox\" checked=\"\" disabled=\"\" /> ")
      case .unchecked?: writer.raw("<input type=\"checkbox\" disabled=\"\" /> ")
      case nil: break
      }
    case .header(let level):
      writer.newlineIfNeeded()
      writer.raw("<h")
      writer.number(level)
      if let id = decorations.headingIDs[Int(block.identity)] {
        writer.raw(" id=\"")
        writer.text(id)
        writer.raw("\"")
      }
      sourcePosition(block)
      writer.raw(">")
    case .codeBlock(_, let info, _):
      writer.newlineIfNeeded()
      openCodeBlock(block, info: info)
    case .htmlBlock:
      writer.newlineIfNeeded()
    case .thematicBreak:
      writer.newlineIfNeeded()
      writer.raw("<hr")
      sourcePosition(block)
      writer.raw(" />\n")
    case .paragraph:
      if !isTight(paragraph: block) {
        writer.newlineIfNeeded()
        writer.raw("<p")
        sourcePosition(block)
        writer.raw(">")
      }
    case .table:
      writer.newlineIfNeeded()
      writer.raw("<table")
      sourcePosition(block)
      writer.raw(">")
      tableBodyOpen = false
    case .tableHeaderRow:
      writer.newlineIfNeeded()
      inTableHeader = true
      writer.raw("<thead>")
      writer.newlineIfNeeded()
      writer.raw("<tr")
      sourcePosition(block)
      writer.raw(">")
    case .tableRow:
      writer.newlineIfNeeded()
      if !tableBodyOpen {
        writer.raw("<tbody>")
        writer.newlineIfNeeded()
        tableBodyOpen = true
      }
      writer.raw("<tr")
      sourcePosition(block)
      writer.raw(">")
    case .tableCell(let column):
      writer.newlineIfNeeded()
      writer.raw(inTableHeader ? "<th" : "<td")
      alignment(ofColumn: column, inCell: block)
      sourcePosition(block)
      writer.raw(">")
    case .footnoteDefinition(let label, _, _):
      if footnotesOpened == 0 { writer.raw("<section class=\"footnotes\" data-footnotes>\n<ol>\n") }
      footnotesOpened += 1
      writer.raw("<li id=\"fn-")
      writer.url(bytes: label.utf8)
      writer.raw("\">\n")
    }
  }

  mutating func exitBlock(_ index: Int32, isLastChild: Bool) {
    if suppressedBlock >= 0 {
      if suppressedBlock == index { suppressedBlock = -1 }
      return
    }
    if wrappedBlocks.last == index, blockOverride != nil {
      wrappedBlocks.removeLast()
      blockOverride!.closeBlock(HTMLBlockContext(text: text, index: index), into: &writer)
      return
    }
    let block = blocks[Int(index)]
    switch block.kind {
    case .blockQuote:
      writer.newlineIfNeeded()
      writer.raw("</blockquote>\n")
    case .unorderedList: writer.raw("</ul>\n")
    case .orderedList: writer.raw("</ol>\n")
    case .listItem: writer.raw("</li>\n")
    case .header(let level):
      writer.raw("</h")
      writer.number(level)
      writer.raw(">\n")
    case .codeBlock: writer.raw("</code></pre>\n")
    case .htmlBlock: writer.newlineIfNeeded()
    case .thematicBreak: break
    case .paragraph:
      if !isTight(paragraph: block) {
        if isLastChild, block.parent >= 0,
          case .footnoteDefinition(let label, _, let count) = blocks[Int(block.parent)].kind
        {
          writer.raw(" ")
          writeBackReferences(label: label, count: count)
        }
        writer.raw("</p>\n")
      }
    case .table:
      if tableBodyOpen {
        writer.newlineIfNeeded()
        writer.raw("</tbody>")
        writer.newlineIfNeeded()
      }
      tableBodyOpen = false
      writer.newlineIfNeeded()
      writer.raw("</table>")
      writer.newlineIfNeeded()
    case .tableHeaderRow:
      writer.newlineIfNeeded()
      writer.raw("</tr>")
      writer.newlineIfNeeded()
      writer.raw("</thead>")
      inTableHeader = false
    case .tableRow:
      writer.newlineIfNeeded()
      writer.raw("</tr>")
    case .tableCell:
      writer.raw(inTableHeader ? "</th>" : "</td>")
    case .footnoteDefinition(let label, _, let count):
      if writeBackReferences(label: label, count: count) { writer.raw("\n") }
      writer.raw("</li>\n")
    }
  }

  mutating func finish() {
    blockOverride?.finish(into: &writer)
    if footnotesOpened > 0 { writer.raw("</ol>\n</section>\n") }
  }

  // MARK: Inlines

  mutating func enterInline(_ index: Int32) {
    guard suppressedBlock < 0 else { return }
    let container = inlines[Int(index)]
    if imageDepth > 0 {
      if case .image = container.kind { imageDepth += 1 }
      return
    }
    switch container.kind {
    case .emphasized: writer.raw("<em>")
    case .stronglyEmphasized: writer.raw("<strong>")
    case .strikethrough: writer.raw("<del>")
    case .link(let link):
      writer.raw("<a href=\"")
      if let replacement = decorations.destinations[Int(container.identity)] {
        if options.allowsUnsafeURLs || !URLSafety.isDangerous(replacement) { writer.url(replacement) }
      } else if options.allowsUnsafeURLs || !URLSafety.isDangerous(link.urlBytes) {
        writer.url(bytes: link.urlBytes)
      }
      if !link.titleBytes.isEmpty {
        writer.raw("\" title=\"")
        writer.text(bytes: link.titleBytes)
      }
      writer.raw("\">")
    case .image(let image):
      writer.raw("<img src=\"")
      if let replacement = decorations.destinations[Int(container.identity)] {
        if options.allowsUnsafeURLs || !URLSafety.isDangerous(replacement) { writer.url(replacement) }
      } else if options.allowsUnsafeURLs || !URLSafety.isDangerous(image.sourceBytes) {
        writer.url(bytes: image.sourceBytes)
      }
      writer.raw("\" alt=\"")
      imageDepth = 1
    case .attributes(let attributes):
      CustomAttributeSpan.open(attributes, into: &writer)
    }
  }

  mutating func exitInline(_ index: Int32) {
    guard suppressedBlock < 0 else { return }
    let container = inlines[Int(index)]
    if imageDepth > 0 {
      guard case .image(let image) = container.kind else { return }
      imageDepth -= 1
      if imageDepth > 0 { return }
      if !image.titleBytes.isEmpty {
        writer.raw("\" title=\"")
        writer.text(bytes: image.titleBytes)
      }
      writer.raw("\" />")
      return
    }
    switch container.kind {
    case .emphasized: writer.raw("</em>")
    case .stronglyEmphasized: writer.raw("</strong>")
    case .strikethrough: writer.raw("</del>")
    case .link: writer.raw("</a>")
    case .image: break
    case .attributes: writer.raw("</span>")
    }
  }

  // MARK: Runs

  mutating func visitRun(_ index: Int) {
    guard suppressedBlock < 0 else { return }
    let run = runs[index]
    bytes.withUnsafeBufferPointer { all in
      let content = UnsafeBufferPointer(rebasing: all[run.start..<run.end])
      if imageDepth > 0 {
        switch run.kind {
        case .text, .code, .inlineHTML: writer.text(bytes: content)
        case .softBreak, .lineBreak: writer.raw(" ")
        case .blockHTML, .footnoteReference, .empty: break
        }
        return
      }
      switch run.kind {
      case .text:
        writer.text(bytes: content)
      case .code:
        writer.raw("<code>")
        writer.text(bytes: content)
        writer.raw("</code>")
      case .softBreak:
        softBreak(at: index, in: all)
      case .lineBreak:
        writer.raw("<br />\n")
      case .inlineHTML:
        if !options.allowsRawHTML {
          writer.raw("<!-- raw HTML omitted -->")
        } else if options.filtersTags, TagFilter.isDisallowed(content) {
          writer.raw("&lt;")
          writer.raw(bytes: content.dropFirst())
        } else {
          writer.raw(bytes: content)
        }
      case .blockHTML:
        if !options.allowsRawHTML {
          writer.raw("<!-- raw HTML omitted -->")
        } else if options.filtersTags {
          TagFilter.write(content, into: &writer)
        } else {
          writer.raw(bytes: content)
        }
      case .footnoteReference:
        let reference = text.footnoteReferenceRecords[Int(run.payload)]
        writer.raw("<sup class=\"footnote-ref\"><a href=\"#fn-")
        writer.url(bytes: reference.label.utf8)
        writer.raw("\" id=\"fnref-")
        writer.url(bytes: reference.label.utf8)
        if reference.ordinal > 1 {
          writer.raw("-")
          writer.number(reference.ordinal)
        }
        writer.raw("\" data-footnote-ref>")
        writer.url(bytes: content)
        writer.raw("</a></sup>")
      case .empty:
        break
      }
    }
  }

  // MARK: Overrides

  /// Leaves `block` out, or lets the override write it; returns whether the block's own
  /// opening is done.
  private mutating func enterOverride(_ index: Int32, _ block: BlockRecord) -> Bool {
    if blockOverride != nil {
      switch blockOverride!.openBlock(HTMLBlockContext(text: text, index: index), into: &writer) {
      case .render: break
      case .replace:
        suppressedBlock = index
        return true
      case .wrap:
        wrappedBlocks.append(index)
        return true
      }
    }
    if case .htmlBlock = block.kind, decorations.hiddenBlocks.contains(Int(block.identity)) {
      suppressedBlock = index
      return true
    }
    return false
  }

  // MARK: Helpers

  private mutating func softBreak(at index: Int, in all: UnsafeBufferPointer<UInt8>) {
    switch options.softBreak {
    case .newline: writer.raw("\n")
    case .space: writer.raw(" ")
    case .lineBreak: writer.raw("<br />\n")
    case .cjkAware:
      if CJKBreaking.joinsWithoutSpace(before: index, runs: runs, bytes: all) { return }
      writer.raw("\n")
    }
  }

  private func isTight(paragraph block: BlockRecord) -> Bool {
    guard block.parent >= 0 else { return false }
    let grandparent = blocks[Int(block.parent)].parent
    guard grandparent >= 0 else { return false }
    switch blocks[Int(grandparent)].kind {
    case .unorderedList(let isTight), .orderedList(_, _, let isTight): return isTight
    default: return false
    }
  }

  private mutating func sourcePosition(_ block: BlockRecord) {
    guard options.includesSourcePositions else { return }
    let span = block.span
    writer.raw(" data-sourcepos=\"")
    writer.raw(span.description)
    writer.raw("\"")
  }

  private mutating func openCodeBlock(_ block: BlockRecord, info: String) {
    guard !info.isEmpty else {
      writer.raw("<pre")
      sourcePosition(block)
      writer.raw("><code>")
      return
    }
    let infoBytes = Array(info.utf8)
    // cmark_isspace: tab, line feed, carriage return and space; not vertical tab or form feed.
    let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    let firstWordEnd = infoBytes.firstIndex(where: isSpace) ?? infoBytes.count
    let hasMeta = firstWordEnd < infoBytes.count && options.includesFullInfoString
    writer.raw("<pre")
    sourcePosition(block)
    writer.raw(options.usesGitHubPreLang ? " lang=\"" : "><code class=\"language-")
    writer.text(bytes: Array(infoBytes[..<firstWordEnd]))
    if hasMeta {
      writer.raw("\" data-meta=\"")
      writer.text(bytes: Array(infoBytes[(firstWordEnd + 1)...]))
    }
    writer.raw(options.usesGitHubPreLang ? "\"><code>" : "\">")
  }

  private mutating func alignment(ofColumn column: Int, inCell cell: BlockRecord) {
    guard cell.parent >= 0 else { return }
    let table = blocks[Int(cell.parent)].parent
    guard table >= 0, case .table(let columns) = blocks[Int(table)].kind, column < columns.count else {
      return
    }
    let name: StaticString
    switch columns[column].alignment {
    case .none: return
    case .left: name = "left"
    case .center: name = "center"
    case .right: name = "right"
    }
    if options.alignsTableCellsWithClasses {
      writer.raw(" class=\"align-")
    } else {
      writer.raw(options.prefersStyleAttributesInTables ? " style=\"text-align: " : " align=\"")
    }
    writer.raw(name)
    writer.raw("\"")
  }

  /// Writes the back-links of a footnote once, after its last paragraph or at its end.
  @discardableResult
  private mutating func writeBackReferences(label: String, count: Int) -> Bool {
    guard footnoteBackrefsWritten < footnotesOpened else { return false }
    footnoteBackrefsWritten = footnotesOpened
    writer.raw("<a href=\"#fnref-")
    writer.url(bytes: label.utf8)
    writer.raw("\" class=\"footnote-backref\" data-footnote-backref aria-label=\"Back to content\">↩</a>")
    if count > 1 {
      for ordinal in 2...count {
        writer.raw(" <a href=\"#fnref-")
        writer.url(bytes: label.utf8)
        writer.raw("-")
        writer.number(ordinal)
        writer.raw(
          "\" class=\"footnote-backref\" data-footnote-backref aria-label=\"Back to content\">↩<sup class=\"footnote-ref\">"
        )
        writer.number(ordinal)
        writer.raw("</sup></a>")
      }
    }
    return true
  }
}
