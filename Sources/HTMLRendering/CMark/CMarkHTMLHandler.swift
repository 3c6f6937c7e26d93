import RichText

/// An ``AttributedText`` turned into cmark-gfm's HTML, element by element, by walking it with
/// the public ``AttributedTextVisitor`` API: what an outside package would write, and does no
/// more than it could (the walk's events, ``Run/utf8``, ``PresentationIntent/parent``, and
/// ``HTMLWriter``).
///
/// Each case mirrors what cmark-gfm's `html.c` and its extensions write for the same node, so
/// that rendering from the model loses nothing; the spec and corpus tests hold it to that.
/// Lists, code blocks, tables, footnotes, raw HTML and the block override live in extensions
/// named after them.
struct CMarkHTMLHandler: AttributedTextVisitor {
  let text: AttributedText
  let options: HTMLRenderOptions
  let decorations: RenderDecorations
  var writer: HTMLWriter
  /// How many images enclose the current position: inside one, only text is written (alt).
  var imageDepth = 0
  /// How many footnote definitions have opened, and after how many the back-links are written.
  var footnotesOpened = 0
  var footnoteBackrefsWritten = 0
  /// Where the walk is in the current table.
  var inTableHeader = false
  var tableBodyOpen = false
  var tableColumns: [PresentationIntent.TableColumn] = []
  /// The identity of a block left out (hidden, or replaced by the override), or -1: nothing
  /// inside it is written. (The renderer ignores those events rather than declining them with
  /// `shouldVisitChildren`, so that it sees every run and ``nextRun`` stays exact.)
  var suppressedBlock = -1
  /// The position of the run after the last one visited: the first run of a block that opens.
  var nextRun = 0
  /// Writes some blocks in its own way; nil renders cmark-gfm's HTML only.
  var blockOverride: (any HTMLBlockOverride)?
  /// Whether there is one: asked at every block, where `blockOverride != nil` copied the
  /// override (a boxed existential) in and out to compare it.
  let hasBlockOverride: Bool
  /// The identities of the blocks the override wrapped and must close, innermost last.
  var wrappedBlocks: [Int] = []
  /// The identity of the inline formula whose decoration was written, or -1: its TeX is not.
  var replacedInline = -1

  init(
    text: AttributedText, options: HTMLRenderOptions, decorations: RenderDecorations,
    blockOverride: (any HTMLBlockOverride)?, writer: HTMLWriter
  ) {
    self.text = text
    self.options = options
    self.decorations = decorations
    self.blockOverride = blockOverride
    hasBlockOverride = blockOverride != nil
    self.writer = writer
  }

  // MARK: Blocks

  mutating func enterBlock(_ block: PresentationIntent) {
    guard suppressedBlock < 0 else { return }
    if enterOverride(block) { return }
    let component = block.innermost
    switch component.kind {
    case .blockQuote:
      writer.newlineIfNeeded()
      writer.raw("<blockquote")
      sourcePosition(component)
      writer.raw(">\n")
    case .unorderedList, .orderedList:
      openList(component)
    case .listItem(_, let task):
      openListItem(component, task: task)
    case .header(let written):
      let level = decorations.headingLevels[component.identity] ?? written
      writer.newlineIfNeeded()
      writer.raw("<h")
      writer.number(level)
      if let id = decorations.headingIDs[component.identity] {
        writer.raw(" id=\"")
        writer.text(id)
        writer.raw("\"")
      }
      if let classes = decorations.headingClasses[component.identity], !classes.isEmpty {
        writer.raw(" class=\"")
        writer.text(classes.joined(separator: " "))
        writer.raw("\"")
      }
      sourcePosition(component)
      writer.raw(">")
    case .codeBlock(_, let info, _):
      writer.newlineIfNeeded()
      openCodeBlock(component, info: info)
    case .htmlBlock:
      writer.newlineIfNeeded()
    case .thematicBreak:
      writer.newlineIfNeeded()
      writer.raw("<hr")
      sourcePosition(component)
      writer.raw(" />\n")
    case .paragraph:
      if !isTight(paragraph: block) {
        writer.newlineIfNeeded()
        writer.raw("<p")
        sourcePosition(component)
        writer.raw(">")
      }
    case .table(let columns):
      openTable(component, columns: columns)
    case .tableHeaderRow:
      openTableHeaderRow(component)
    case .tableRow:
      openTableRow(component)
    case .tableCell(let column):
      openTableCell(component, column: column)
    case .footnoteDefinition(let label, _, _):
      openFootnoteDefinition(label: label)
    case .callout(let callout): openCallout(component, callout)
    case .disclosure(let disclosure): openDisclosure(component, disclosure)
    case .figure, .figureCaption: openFigure(component)
    case .math: openMathBlock(component)
    case .tabs, .tab: openTabs(component)
    }
  }

  mutating func exitBlock(_ block: PresentationIntent, isLastChild: Bool) {
    if suppressedBlock >= 0 {
      if suppressedBlock == block.innermost.identity { suppressedBlock = -1 }
      return
    }
    if exitOverride(block) { return }
    switch block.innermost.kind {
    case .blockQuote:
      writer.newlineIfNeeded()
      writer.raw("</blockquote>\n")
    case .unorderedList: writer.raw("</ul>\n")
    case .orderedList: writer.raw("</ol>\n")
    case .listItem: writer.raw("</li>\n")
    case .header(let written):
      writer.raw("</h")
      writer.number(decorations.headingLevels[block.innermost.identity] ?? written)
      writer.raw(">\n")
    case .codeBlock: writer.raw("</code></pre>\n")
    case .htmlBlock: writer.newlineIfNeeded()
    case .thematicBreak: break
    case .paragraph:
      if !isTight(paragraph: block) { closeParagraph(block, isLastChild: isLastChild) }
    case .table: closeTable()
    case .tableHeaderRow: closeTableHeaderRow()
    case .tableRow:
      writer.newlineIfNeeded()
      writer.raw("</tr>")
    case .tableCell:
      writer.raw(inTableHeader ? "</th>" : "</td>")
    case .footnoteDefinition(let label, _, let count):
      closeFootnoteDefinition(label: label, referenceCount: count)
    case .callout:
      writer.newlineIfNeeded()
      writer.raw("</div>\n")
    case .disclosure:
      writer.newlineIfNeeded()
      writer.raw("</details>\n")
    case .figure:
      writer.newlineIfNeeded()
      writer.raw("</figure>\n")
    case .figureCaption: writer.raw("</figcaption>\n")
    case .math: writer.raw("\\]</div>\n")
    case .tabs:
      writer.newlineIfNeeded()
      writer.raw("</div>\n")
    case .tab:
      writer.newlineIfNeeded()
      writer.raw("</section>\n")
    }
  }

  mutating func finish() {
    blockOverride?.finish(into: &writer)
    closeFootnotes()
  }

  // MARK: Inlines

  mutating func enterInline(_ container: InlineIntent.Component) {
    guard suppressedBlock < 0, replacedInline < 0 else { return }
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
      destination(of: container, written: link.urlBytes)
      if !link.titleBytes.isEmpty {
        writer.raw("\" title=\"")
        writer.text(bytes: link.titleBytes)
      }
      writer.raw("\">")
    case .image(let image):
      if let picture = decorations.pictures[container.identity] { openPicture(picture) }
      writer.raw("<img src=\"")
      destination(of: container, written: image.sourceBytes)
      writer.raw("\" alt=\"")
      imageDepth = 1
    case .attributes(let attributes):
      CustomAttributeSpan.open(attributes, into: &writer)
    case .math(let display): openFormula(container, display: display)
    case .headingAttributes: break
    }
  }

  mutating func exitInline(_ container: InlineIntent.Component) {
    guard suppressedBlock < 0 else { return }
    if imageDepth > 0 {
      guard case .image(let image) = container.kind else { return }
      imageDepth -= 1
      if imageDepth > 0 { return }
      if !image.titleBytes.isEmpty {
        writer.raw("\" title=\"")
        writer.text(bytes: image.titleBytes)
      }
      writer.raw("\"")
      if let size = decorations.imageSizes[container.identity] ?? image.size { writeSize(size) }
      if decorations.lazyImages.contains(container.identity) {
        writer.raw(" loading=\"lazy\" decoding=\"async\"")
      }
      writer.raw(" />")
      if decorations.pictures[container.identity] != nil { writer.raw("</picture>") }
      return
    }
    if replacedInline >= 0 {
      if replacedInline == container.identity { replacedInline = -1 }
      return
    }
    switch container.kind {
    case .emphasized: writer.raw("</em>")
    case .stronglyEmphasized: writer.raw("</strong>")
    case .strikethrough: writer.raw("</del>")
    case .link: writer.raw("</a>")
    case .image: break
    case .attributes: writer.raw("</span>")
    case .math(let display): writer.raw(display ? "\\]</span>" : "\\)</span>")
    case .headingAttributes: break
    }
  }

  // MARK: Runs

  mutating func visitRun(_ run: Run) {
    nextRun = run.index + 1
    guard suppressedBlock < 0, replacedInline < 0 else { return }
    let content = run.utf8
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
      softBreak(at: run)
    case .lineBreak:
      writer.raw("<br />\n")
    case .inlineHTML:
      if let html = decorations.rawHTML[run.index] { writer.raw(html) } else { inlineHTML(content) }
    case .blockHTML:
      if let html = decorations.rawHTML[run.index] {
        writer.raw(html)
        writer.newlineIfNeeded()
      } else {
        blockHTML(content)
      }
    case .footnoteReference:
      if let reference = run.footnoteReference { footnoteReference(reference, number: content) }
    case .empty:
      break
    }
  }

  // MARK: Helpers

  /// A link's or image's destination: the decorations' replacement if there is one, else the
  /// written one, emptied when it is dangerous and unsafe URLs are not allowed.
  private mutating func destination(of container: InlineIntent.Component, written: [UInt8]) {
    if let replacement = decorations.destinations[container.identity] {
      if options.allowsUnsafeURLs || !URLSafety.isDangerous(replacement) { writer.url(replacement) }
    } else if options.allowsUnsafeURLs || !URLSafety.isDangerous(written) {
      writer.url(bytes: written)
    }
  }

  private mutating func softBreak(at run: Run) {
    switch options.softBreak {
    case .newline: writer.raw("\n")
    case .space: writer.raw(" ")
    case .lineBreak: writer.raw("<br />\n")
    case .cjkAware:
      if CJKBreaking.joinsWithoutSpace(at: run, in: text) { return }
      writer.raw("\n")
    }
  }

  mutating func sourcePosition(_ block: PresentationIntent.Component) {
    guard options.includesSourcePositions else { return }
    writer.raw(" data-sourcepos=\"")
    writer.raw(block.sourceSpan.description)
    writer.raw("\"")
  }
}
