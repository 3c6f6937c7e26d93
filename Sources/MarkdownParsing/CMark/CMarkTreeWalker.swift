internal import CCmarkGFM
import RichText

#if canImport(Glibc)
  internal import Glibc
#endif

/// Copies a cmark-gfm tree into an ``AttributedTextBuilder`` in one pass of `cmark_iter`.
///
/// Iterative by construction (cmark's iterator keeps no stack), so nesting depth costs heap,
/// never stack.
struct CMarkTreeWalker {
  let source: UnsafeBufferPointer<UInt8>
  let lineOffset: Int32
  /// Whether a ```` ```math ```` fence is a formula (``WriterSyntax/math``).
  private let mathFences: Bool
  var builder: AttributedTextBuilder
  /// For each open container: the run count when it opened, to spot containers left empty.
  private var runCountAtOpen: [Int] = []
  /// For each open group of content tabs: whether each tab still to come is the one shown first,
  /// the last tab's first.
  var tabSelections: [[Bool]] = []
  /// For each open list: items seen so far.
  private var itemCounts: [Int] = []
  /// For each open table: body rows seen so far, then cells in the current row.
  private var tableRowCounts: [Int] = []
  private var cellCounts: [Int] = []
  private var footnoteDefinitions: [(block: Int32, label: String, referenceCount: Int)] = []
  private var footnoteReferenceSpans: [SourceSpan] = []
  private var runCount = 0
  /// The byte offset where each source line starts, built on the first footnote definition.
  private var lineStarts: [Int] = []

  private let tableType = folio_node_type_table()
  private let tableRowType = folio_node_type_table_row()
  private let tableCellType = folio_node_type_table_cell()
  private let strikethroughType = folio_node_type_strikethrough()
  private let containerType = folio_node_type_container()
  private let indentedType = folio_node_type_indented()

  init(source: UnsafeBufferPointer<UInt8>, lineOffset: Int32, mathFences: Bool = false) {
    self.source = source
    self.lineOffset = lineOffset
    self.mathFences = mathFences
    self.builder = AttributedTextBuilder(estimatedBytes: source.count)
  }

  mutating func walk(_ document: OpaquePointer) {
    guard let iterator = cmark_iter_new(document) else { return }
    defer { cmark_iter_free(iterator) }
    while true {
      let event = cmark_iter_next(iterator)
      if event == CMARK_EVENT_DONE { break }
      guard let node = cmark_iter_get_node(iterator) else { continue }
      visit(node, entering: event == CMARK_EVENT_ENTER)
    }
  }

  private mutating func visit(_ node: OpaquePointer, entering: Bool) {
    let type = cmark_node_get_type(node)
    switch type {
    case CMARK_NODE_DOCUMENT:
      break
    case CMARK_NODE_TEXT:
      appendLiteral(of: node, as: .text)
    case CMARK_NODE_SOFTBREAK:
      appendRun(.softBreak, text: " ", node)
    case CMARK_NODE_LINEBREAK:
      appendRun(.lineBreak, text: "\n", node)
    case CMARK_NODE_CODE:
      if folio_node_is_math(node) { return appendFormula(node) }
      appendLiteral(of: node, as: .code)
    case CMARK_NODE_HTML_INLINE:
      appendLiteral(of: node, as: .inlineHTML)
    case CMARK_NODE_EMPH:
      inline(.emphasized, node, entering)
    case CMARK_NODE_STRONG:
      inline(.stronglyEmphasized, node, entering)
    case CMARK_NODE_LINK:
      if entering {
        inline(
          .link(
            Link(urlBytes: bytes(cmark_node_get_url(node)), titleBytes: bytes(cmark_node_get_title(node)))),
          node, true)
      } else {
        closeInline(node)
      }
    case CMARK_NODE_IMAGE:
      if entering {
        inline(
          .image(
            Image(sourceBytes: bytes(cmark_node_get_url(node)), titleBytes: bytes(cmark_node_get_title(node)))
          ), node, true)
      } else {
        closeInline(node)
      }
    case CMARK_NODE_FOOTNOTE_REFERENCE:
      if entering { appendFootnoteReference(node) }
    case CMARK_NODE_PARAGRAPH:
      container(.paragraph, node, entering)
    case CMARK_NODE_HEADING:
      container(.header(level: Int(cmark_node_get_heading_level(node))), node, entering)
    case CMARK_NODE_BLOCK_QUOTE:
      container(.blockQuote, node, entering)
    case CMARK_NODE_LIST:
      if entering {
        let isTight = cmark_node_get_list_tight(node) != 0
        if cmark_node_get_list_type(node) == CMARK_ORDERED_LIST {
          let delimiter: PresentationIntent.ListDelimiter =
            cmark_node_get_list_delim(node) == CMARK_PAREN_DELIM ? .parenthesis : .period
          container(
            .orderedList(start: Int(cmark_node_get_list_start(node)), delimiter: delimiter, isTight: isTight),
            node, true)
        } else {
          container(.unorderedList(isTight: isTight), node, true)
        }
        itemCounts.append(0)
      } else {
        itemCounts.removeLast()
        closeBlock(node)
      }
    case CMARK_NODE_ITEM:
      if entering {
        itemCounts[itemCounts.count - 1] += 1
        var task: PresentationIntent.TaskState? = nil
        if isTaskItem(node) {
          task = cmark_gfm_extensions_get_tasklist_item_checked(node) ? .checked : .unchecked
        }
        container(.listItem(ordinal: itemCounts[itemCounts.count - 1], task: task), node, true)
      } else {
        closeBlock(node)
      }
    case CMARK_NODE_CODE_BLOCK:
      if folio_node_is_math_block(node) { return appendMathBlock(node) }
      let info = string(cmark_node_get_fence_info(node))
      let hint = Self.firstWord(of: info)
      if mathFences, hint == "math" {
        return appendFormulaBlock(node, kind: .math(isClosed: true), span: span(node))
      }
      var fenceLength: Int32 = 0
      var fenceOffset: Int32 = 0
      var fenceCharacter: CChar = 0
      // cmark-gfm writes through all three pointers, so none may be nil.
      let isFenced = cmark_node_get_fenced(node, &fenceLength, &fenceOffset, &fenceCharacter) != 0
      builder.openBlock(
        .codeBlock(languageHint: hint, infoString: info, isFenced: isFenced), span: span(node))
      appendLiteral(of: node, as: .text)
      builder.closeBlock()
    case CMARK_NODE_HTML_BLOCK:
      builder.openBlock(.htmlBlock, span: span(node))
      appendLiteral(of: node, as: .blockHTML)
      builder.closeBlock()
    case CMARK_NODE_THEMATIC_BREAK:
      // A fenced container's closing fence gave the container its end; it is not content.
      if folio_node_is_closing_fence(node) { break }
      builder.openBlock(.thematicBreak, span: span(node))
      appendRun(.empty, text: "", node)
      builder.closeBlock()
    case CMARK_NODE_FOOTNOTE_DEFINITION:
      if entering {
        let label = footnoteLabel(before: span(node, offset: 0))
        let index = footnoteDefinitions.count + 1
        container(.footnoteDefinition(label: label, index: index, referenceCount: 0), node, true)
        let references = CMarkFootnoteCounts.referenceCount(of: node)
        footnoteDefinitions.append((builder.openBlockIndex, label, references))
      } else {
        closeBlock(node)
      }
    default:
      visitExtensionNode(node, type: type, entering: entering)
    }
  }

  private mutating func visitExtensionNode(_ node: OpaquePointer, type: cmark_node_type, entering: Bool) {
    switch type {
    case strikethroughType:
      inline(.strikethrough, node, entering)
    case tableType:
      if entering {
        let count = Int(cmark_gfm_extensions_get_table_columns(node))
        let alignments = cmark_gfm_extensions_get_table_alignments(node)
        let columns = (0..<count).map { column -> PresentationIntent.TableColumn in
          switch alignments?[column] {
          case UInt8(ascii: "l"): .init(alignment: .left)
          case UInt8(ascii: "c"): .init(alignment: .center)
          case UInt8(ascii: "r"): .init(alignment: .right)
          default: .init(alignment: .none)
          }
        }
        container(.table(columns: columns), node, true)
        tableRowCounts.append(0)
      } else {
        tableRowCounts.removeLast()
        closeBlock(node)
      }
    case tableRowType:
      if entering {
        if cmark_gfm_extensions_get_table_row_is_header(node) != 0 {
          container(.tableHeaderRow, node, true)
        } else {
          tableRowCounts[tableRowCounts.count - 1] += 1
          container(.tableRow(rowIndex: tableRowCounts[tableRowCounts.count - 1]), node, true)
        }
        cellCounts.append(0)
      } else {
        cellCounts.removeLast()
        closeBlock(node)
      }
    case tableCellType:
      if entering {
        container(.tableCell(columnIndex: cellCounts[cellCounts.count - 1]), node, true)
        cellCounts[cellCounts.count - 1] += 1
      } else {
        closeBlock(node)
      }
    case containerType:
      visitContainer(node, entering: entering)
    case indentedType:
      visitIndented(node, entering: entering)
    default:
      // Custom blocks and inlines are never produced by parsing Markdown.
      break
    }
  }

  // MARK: - Building

  /// Opens a block on entry, closes it on exit.
  mutating func container(
    _ kind: PresentationIntent.Kind, _ node: OpaquePointer, _ entering: Bool,
    spanning given: SourceSpan? = nil
  ) {
    guard entering else { return closeBlock(node) }
    builder.openBlock(kind, span: given ?? span(node))
    runCountAtOpen.append(runCount)
  }

  /// Closes the innermost block, first giving it an empty run if nothing was put in it.
  mutating func closeBlock(_ node: OpaquePointer) {
    if runCountAtOpen.removeLast() == runCount { appendRun(.empty, text: "", node) }
    builder.closeBlock()
  }

  private mutating func inline(_ kind: InlineIntent.Kind, _ node: OpaquePointer, _ entering: Bool) {
    guard entering else { return closeInline(node) }
    builder.openInline(kind, span: span(node))
    runCountAtOpen.append(runCount)
  }

  /// Closes the innermost inline container, first giving it an empty run if it has none.
  private mutating func closeInline(_ node: OpaquePointer) {
    if runCountAtOpen.removeLast() == runCount { appendRun(.empty, text: "", node) }
    builder.closeInline()
  }

  private mutating func appendLiteral(of node: OpaquePointer, as kind: RunKind) {
    // The span is read before the closure: reading `self` inside it while `builder` is being
    // mutated made Swift copy the whole walker for every run.
    let nodeSpan = span(node)
    let literal = cmark_node_get_literal(node)
    let count = literal.map { strlen($0) } ?? 0
    literal.withMemoryRebound(count) { buffer in
      builder.appendRun(kind, bytes: buffer, span: nodeSpan)
    }
    runCount += 1
  }

  /// Counts a run appended straight to the builder, for ``closeBlock(_:)``'s empty check.
  mutating func countRun() { runCount += 1 }

  private mutating func appendRun(_ kind: RunKind, text: String, _ node: OpaquePointer) {
    builder.appendRun(kind, text: text, span: span(node))
    runCount += 1
  }

  private mutating func appendFootnoteReference(_ node: OpaquePointer) {
    let index = Int(string(cmark_node_get_literal(node))) ?? 0
    let nodeSpan = span(node)
    let ordinal = CMarkFootnoteCounts.ordinal(of: node)
    builder.appendFootnoteReference(
      FootnoteReference(label: "", index: index, ordinal: ordinal), span: nodeSpan)
    footnoteReferenceSpans.append(nodeSpan)
    runCount += 1
  }

  private func isTaskItem(_ node: OpaquePointer) -> Bool {
    guard cmark_node_get_syntax_extension(node) != nil, let name = cmark_node_get_type_string(node) else {
      return false
    }
    return strcmp(name, "tasklist") == 0
  }

  // MARK: - Finishing

  /// Fills in what cmark-gfm knows only after the whole document: each reference's definition
  /// label, and the ordinals and counts that ``CMarkFootnoteCounts`` could not read.
  mutating func finish() -> AttributedText {
    var countsByIndex: [Int: Int] = [:]
    if builder.footnoteReferenceCount > 0 {
      // cmark-gfm numbers references in document order before it moves the definitions to
      // the end, so order them by source position, which is that original order.
      let order = footnoteReferenceSpans.indices.sorted {
        let a = footnoteReferenceSpans[$0]
        let b = footnoteReferenceSpans[$1]
        return (a.startLine, a.startColumn, $0) < (b.startLine, b.startColumn, $1)
      }
      for position in order {
        builder.updateFootnoteReference(position) { reference in
          countsByIndex[reference.index, default: 0] += 1
          if reference.ordinal == 0 { reference.ordinal = countsByIndex[reference.index]! }
          if reference.index >= 1, reference.index <= footnoteDefinitions.count {
            reference.label = footnoteDefinitions[reference.index - 1].label
          }
        }
      }
    }
    // Also when no reference is left in the document: a definition referred to only from
    // definitions that nothing refers to (cmark-gfm drops those) keeps its back-links.
    for (offset, definition) in footnoteDefinitions.enumerated() {
      builder.setKind(
        .footnoteDefinition(
          label: definition.label, index: offset + 1,
          referenceCount: max(definition.referenceCount, countsByIndex[offset + 1] ?? 0)),
        ofBlock: definition.block)
    }
    return builder.build()
  }

  // MARK: - Reading cmark values

  func span(_ node: OpaquePointer, offset: Int32? = nil) -> SourceSpan {
    let add = offset ?? lineOffset
    func line(_ value: Int32) -> Int32 { value > 0 ? value + add : value }
    return SourceSpan(
      cmarkStartLine: line(cmark_node_get_start_line(node)),
      startColumn: cmark_node_get_start_column(node),
      endLine: line(cmark_node_get_end_line(node)),
      endColumn: cmark_node_get_end_column(node))
  }

  private func bytes(_ pointer: UnsafePointer<CChar>?) -> [UInt8] {
    guard let pointer else { return [] }
    return pointer.withMemoryRebound(to: UInt8.self, capacity: strlen(pointer)) {
      Array(UnsafeBufferPointer(start: $0, count: strlen(pointer)))
    }
  }

  private func string(_ pointer: UnsafePointer<CChar>?) -> String {
    pointer.map { String(cString: $0) } ?? ""
  }

  /// The label of the footnote definition whose content starts at `span`, read back from the
  /// source: cmark-gfm keeps it in a field its API does not expose, and the definition's
  /// position points past `[^label]:`.
  private mutating func footnoteLabel(before span: SourceSpan) -> String {
    guard let offset = byteOffset(line: span.startLine, column: span.startColumn) else { return "" }
    var cursor = min(offset, source.count) - 1
    func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
    while cursor >= 0, isSpace(source[cursor]) { cursor -= 1 }
    guard cursor >= 1, source[cursor] == UInt8(ascii: ":"), source[cursor - 1] == UInt8(ascii: "]") else {
      return ""
    }
    let end = cursor - 1
    var start = end - 1
    while start >= 1, !(source[start] == UInt8(ascii: "^") && source[start - 1] == UInt8(ascii: "[")) {
      start -= 1
    }
    guard start >= 1 else { return "" }
    // cmark-gfm reads NUL bytes as U+FFFD, so the label it matched has one there.
    var label: [UInt8] = []
    for byte in source[(start + 1)..<end] {
      if byte == 0 { label += [0xEF, 0xBF, 0xBD] } else { label.append(byte) }
    }
    return String(decoding: label, as: UTF8.self)
  }

  /// Definitions arrive in reference order, not source order, so a table of line starts
  /// (built once) keeps finding each one constant-time; scanning from the top each time made
  /// documents with thousands of footnotes quadratic.
  mutating func byteOffset(line: Int, column: Int) -> Int? {
    guard line >= 1, column >= 1 else { return nil }
    if lineStarts.isEmpty {
      lineStarts.append(0)
      var index = 0
      // Line ends found a word at a time: a page's containers ask for this on every page.
      while let end = ByteScan.firstIndex(of: 0x0A, or: 0x0D, in: source, from: index) {
        index = end + 1
        if source[end] == 0x0D, index < source.count, source[index] == 0x0A { index += 1 }
        lineStarts.append(index)
      }
    }
    guard Int(line) <= lineStarts.count else { return nil }
    // cmark-gfm counts columns after replacing each NUL byte with U+FFFD (three bytes).
    var index = lineStarts[Int(line) - 1]
    var current = 1
    while current < column, index < source.count {
      current += source[index] == 0 ? 3 : 1
      index += 1
    }
    return index
  }

}

extension Optional where Wrapped == UnsafePointer<CChar> {
  /// Presents a C string of `count` bytes as a byte buffer (empty for nil).
  fileprivate func withMemoryRebound<R>(_ count: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    guard let pointer = self else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
    return pointer.withMemoryRebound(to: UInt8.self, capacity: count) {
      body(UnsafeBufferPointer(start: $0, count: count))
    }
  }
}
