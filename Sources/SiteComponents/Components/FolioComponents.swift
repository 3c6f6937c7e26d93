import CodeBlocks
import HTMLRendering
import RichText

/// Folio's components, written by the renderer's block-override hook: themed bullet lists,
/// read-more blocks and bookmark tables, keyed by block identity. `RenderedPage` fills them in
/// from the directives; a plain `HTMLRenderer` never writes their theme classes.
struct FolioComponents: HTMLBlockOverride, Sendable {
  /// When set, every list renders as a ``BulletList`` with this style unless `listStyles`
  /// overrides it.
  var defaultListStyle: BulletList.Style?
  /// Styles for particular lists.
  var listStyles: [Int: BulletList.Style] = [:]
  /// HTML blocks that open a read-more block.
  var readMoreOpenings: [Int: ReadMore] = [:]
  /// HTML blocks that close the innermost read-more block.
  var readMoreClosings: Set<Int> = []
  /// Tables or HTML blocks rendered as bookmark tables instead (a table's own content is
  /// replaced; a directive block is replaced by the table).
  var bookmarkTables: [Int: BookmarkTable] = [:]
  /// Paragraphs written as link cards instead.
  var linkCards: [Int: LinkCard] = [:]
  /// The labels of callouts and disclosures, in the page's language.
  var writingWords = WritingBlocks.Words(language: "en")
  /// The page's highlighted code blocks, when highlighting is on.
  var codeBlocks: HighlightedCodeBlocks?
  /// The read-more blocks open during a render, innermost last.
  private var openReadMores: [ReadMore] = []

  mutating func openBlock(_ block: HTMLBlockContext, into writer: inout HTMLWriter) -> HTMLBlockOverrideAction
  {
    let component = block.component
    let identity = component.identity
    switch component.kind {
    case .htmlBlock:
      if let readMore = readMoreOpenings[identity] {
        readMore.open(into: &writer)
        openReadMores.append(readMore)
      } else if readMoreClosings.contains(identity) {
        openReadMores.popLast()?.close(into: &writer)
      } else if let table = bookmarkTables[identity] {
        table.render(into: &writer)
      } else {
        return .render
      }
      return .replace
    case .table:
      guard let table = bookmarkTables[identity] else { return .render }
      table.render(into: &writer)
      return .replace
    case .unorderedList, .orderedList:
      guard let style = listStyle(ofList: component) else { return .render }
      var start: Int? = nil
      if case .orderedList(let first, _, _) = component.kind { start = first }
      let hasTasks = block.children.contains { if case .listItem(_, _?) = $0.kind { true } else { false } }
      BulletList.open(ordered: start, level: block.listLevel, style: style, hasTasks: hasTasks, into: &writer)
      return .wrap
    case .listItem(let ordinal, let task):
      guard let list = block.parent, let style = listStyle(ofList: list) else { return .render }
      let marker: String
      if case .orderedList(let start, let delimiter, _) = list.kind {
        marker = String(start + ordinal - 1) + (delimiter == .period ? "." : ")")
      } else {
        marker = style.bullet(atLevel: block.listLevel)
      }
      BulletList.openItem(
        marker: marker, task: task.map { $0 == .checked }, identity: identity, into: &writer)
      return .wrap
    case .paragraph:
      guard let card = linkCards[identity] else { return .render }
      card.render(into: &writer)
      return .replace
    case .codeBlock(let language, _, _) where language == "mermaid":
      WritingBlocks.writeMermaid(block, labels: writingWords, into: &writer)
      return .replace
    case .codeBlock:
      return codeBlocks?.openBlock(block, into: &writer) ?? .render
    case .callout, .disclosure, .tabs, .tab:
      return WritingBlocks.open(component, group: block.parent?.identity, labels: writingWords, into: &writer)
        ? .wrap : .render
    default:
      return .render
    }
  }

  func closeBlock(_ block: HTMLBlockContext, into writer: inout HTMLWriter) {
    switch block.component.kind {
    case .listItem: BulletList.closeItem(into: &writer)
    case .orderedList: writer.raw("</ol>\n")
    case .callout, .disclosure, .tabs, .tab: WritingBlocks.close(block.component.kind, into: &writer)
    default: writer.raw("</ul>\n")
    }
  }

  mutating func finish(into writer: inout HTMLWriter) {
    while let readMore = openReadMores.popLast() { readMore.close(into: &writer) }
  }

  /// The style of `list`, or nil when it renders as cmark-gfm's list.
  private func listStyle(ofList list: PresentationIntent.Component) -> BulletList.Style? {
    switch list.kind {
    case .unorderedList, .orderedList: listStyles[list.identity] ?? defaultListStyle
    default: nil
    }
  }
}
