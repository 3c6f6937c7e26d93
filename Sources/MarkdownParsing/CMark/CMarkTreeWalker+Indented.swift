internal import CCmarkGFM
import RichText

/// Python-Markdown's indented blocks (`!!! note "Title"`, `??? tip`, `???+ bug`, `=== "Tab"`):
/// cmark-gfm's tree has their nesting and positions (Sources/CCmarkGFM/Indented.c); what they are
/// is read back from the opening line. Tabs that follow one another are put in one ``tabs`` block.
extension CMarkTreeWalker {
  /// The extension to attach for `syntax`, or none.
  static func indentedExtension(for syntax: Set<WriterSyntax>) -> OpaquePointer? {
    let kinds = (syntax.contains(.admonitions) ? 1 : 0) | (syntax.contains(.tabs) ? 2 : 0)
    return folio_indented_extension(Int32(kinds))
  }

  mutating func visitIndented(_ node: OpaquePointer, entering: Bool) {
    let kind = folio_indented_kind(node)
    guard kind == FOLIO_INDENTED_TAB else {
      guard entering else { return closeBlock(node) }
      let opening = IndentedOpening(openingLine(of: node))
      container(
        opening.kind(collapsible: kind == FOLIO_INDENTED_DETAILS), node, true, spanning: indentedSpan(node))
      return
    }
    let opening = IndentedOpening(openingLine(of: node))
    if entering {
      if startsTabGroup(node, opening: opening) { openTabGroup(at: node) }
      let isSelected = tabSelections[tabSelections.count - 1].removeLast()
      container(
        .tab(label: opening.title ?? "", isSelected: isSelected), node, true, spanning: indentedSpan(node))
    } else {
      closeBlock(node)
      if let next = cmark_node_next(node), continuesTabGroup(next) { return }
      tabSelections.removeLast()
      closeBlock(node)
    }
  }

  /// Whether `node` is a tab that joins the group of the tab before it (`===!` starts a new one).
  private mutating func continuesTabGroup(_ node: OpaquePointer) -> Bool {
    guard folio_indented_kind(node) == FOLIO_INDENTED_TAB else { return false }
    return !IndentedOpening(openingLine(of: node)).startsNewGroup
  }

  private mutating func startsTabGroup(_ node: OpaquePointer, opening: IndentedOpening) -> Bool {
    guard !opening.startsNewGroup, let previous = cmark_node_previous(node) else { return true }
    return folio_indented_kind(previous) != FOLIO_INDENTED_TAB
  }

  /// Opens the ``PresentationIntent/Kind/tabs`` block around `first` and the tabs after it, and
  /// notes which of them is shown first (the first written `===+`, else the first).
  private mutating func openTabGroup(at first: OpaquePointer) {
    var last = first
    var marked: [Bool] = [IndentedOpening(openingLine(of: first)).isSelected]
    while let next = cmark_node_next(last), continuesTabGroup(next) {
      marked.append(IndentedOpening(openingLine(of: next)).isSelected)
      last = next
    }
    let selected = marked.firstIndex(of: true) ?? 0
    // Last tab first, so each tab takes its flag from the end.
    tabSelections.append(marked.indices.reversed().map { $0 == selected })
    let start = span(first)
    let end = indentedSpan(last)
    container(
      .tabs, first, true,
      spanning: SourceSpan(
        startLine: start.startLine, startColumn: start.startColumn, endLine: end.endLine,
        endColumn: end.endColumn))
  }

  /// The block's span, ending where its last child ends: cmark-gfm ends a block that a blank
  /// line went into at column 0 of that line.
  private func indentedSpan(_ node: OpaquePointer) -> SourceSpan {
    let whole = span(node)
    guard whole.endColumn == 0, let last = cmark_node_last_child(node) else { return whole }
    let end = span(last)
    return SourceSpan(
      startLine: whole.startLine, startColumn: whole.startColumn, endLine: end.endLine,
      endColumn: end.endColumn)
  }

  /// The bytes of the block's first line from its marker, up to the line's end.
  private mutating func openingLine(of node: OpaquePointer) -> ArraySlice<UInt8> {
    let line = Int(cmark_node_get_start_line(node))
    let column = Int(cmark_node_get_start_column(node))
    guard let index = byteOffset(line: line, column: column) else { return [] }
    var end = index
    while end < source.count, source[end] != 0x0A, source[end] != 0x0D { end += 1 }
    return ArraySlice(source[index..<end])
  }
}

/// An indented block's opening line read: `!!! type extra "Title"`, `???+ type`, `===! "Label"`.
struct IndentedOpening {
  /// The first word after the marker, lowercased (`note`); empty for a tab or `??? "Title"`.
  var type = ""
  /// The text between the first and the last quote, nil when there is none.
  var title: String?
  /// `???+` or `===+`.
  var isSelected = false
  /// `===!`.
  var startsNewGroup = false

  init(_ line: ArraySlice<UInt8>) {
    var cursor = line.startIndex + min(3, line.count)
    while cursor < line.endIndex, line[cursor] == UInt8(ascii: "+") || line[cursor] == UInt8(ascii: "!") {
      if line[cursor] == UInt8(ascii: "+") { isSelected = true } else { startsNewGroup = true }
      cursor += 1
    }
    let rest = line[cursor...]
    if let open = rest.firstIndex(of: UInt8(ascii: "\"")) {
      let close = rest.lastIndex(of: UInt8(ascii: "\"")) ?? open
      title = close > open ? String(decoding: rest[(open + 1)..<close], as: UTF8.self) : ""
      type = Self.firstWord(rest[..<open])
    } else {
      type = Self.firstWord(rest)
    }
  }

  private static func firstWord(_ bytes: ArraySlice<UInt8>) -> String {
    let isSpace: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    let start = bytes.firstIndex { !isSpace($0) } ?? bytes.endIndex
    let end = bytes[start...].firstIndex(where: isSpace) ?? bytes.endIndex
    return String(decoding: bytes[start..<end], as: UTF8.self).lowercased()
  }

  /// The callout (`!!!`) or disclosure (`???`) the line opens.
  func kind(collapsible: Bool) -> PresentationIntent.Kind {
    let style = Self.style(ofType: type)
    // Python-Markdown shows the type, capitalised, when no title is written.
    let named = type.prefix(1).uppercased() + type.dropFirst()
    if collapsible {
      return .disclosure(
        .init(summary: title ?? named, isOpen: isSelected, style: type.isEmpty ? nil : style))
    }
    let title = title ?? (type == style.rawValue ? nil : named)
    return .callout(.init(style: style, syntax: .admonition, title: title))
  }

  /// The callout style nearest to an admonition type (Material for MkDocs' types and their
  /// aliases); `note` for any other.
  static func style(ofType type: String) -> PresentationIntent.Callout.Style {
    switch type {
    case "tip", "hint", "success", "check", "done": .tip
    case "important": .important
    case "warning", "caution", "attention": .warning
    case "failure", "fail", "missing", "danger", "error", "bug": .caution
    default: .note
    }
  }
}
