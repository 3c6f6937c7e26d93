/// The block structure a run sits in: a chain of components, innermost first, as in Apple
/// Foundation's `PresentationIntent`.
///
/// A run in the second paragraph of a list item inside a block quote has the components
/// `[paragraph, listItem, unorderedList, blockQuote]`. Every component has an identity that is
/// unique in its document, so two adjacent paragraphs differ even though their kinds are equal.
/// Runs of one block share the block's chain: reading it costs no allocation per run.
///
/// ```swift
/// let text = MarkdownParser().parse("> - item\n")
/// let intent = text.runs[0].presentationIntent!
/// intent.components.map(\.kind)  // [.paragraph, .listItem(ordinal: 1, task: nil),
///                                //  .unorderedList(isTight: true), .blockQuote]
/// intent.depth                   // 4
/// intent.first { $0.kind == .blockQuote }?.identity  // 1
/// ```
public struct PresentationIntent: Hashable, Sendable, CustomStringConvertible {
  let table: TextStorage
  let index: Int32

  init(table: TextStorage, index: Int32) {
    self.table = table
    self.index = index
  }

  /// The innermost component: the block the run belongs to directly.
  public var innermost: Component { table.component(at: index) }

  /// Every component from the innermost block out to the top level.
  public var components: [Component] {
    var result: [Component] = []
    var cursor = index
    while cursor >= 0 {
      result.append(table.component(at: cursor))
      cursor = table.blocks[Int(cursor)].parent
    }
    return result
  }

  /// The chain without its innermost block: the blocks the innermost one sits in, or nil at the
  /// top level (Foundation's `PresentationIntent` is built the same way, from a kind and a
  /// parent).
  ///
  /// ```swift
  /// let item = MarkdownParser().parse("- a\n").runs[0].presentationIntent!.parent!
  /// item.innermost.kind          // .listItem(ordinal: 1, task: nil)
  /// item.parent?.innermost.kind  // .unorderedList(isTight: true)
  /// ```
  public var parent: PresentationIntent? {
    let parent = table.blocks[Int(index)].parent
    return parent < 0 ? nil : PresentationIntent(table: table, index: parent)
  }

  /// The innermost block's position in the document's block table, for renderers in this
  /// package that read the tables directly.
  package var blockIndex: Int32 { index }

  /// How many blocks enclose the run, counting its own block.
  public var depth: Int { Int(table.blocks[Int(index)].depth) + 1 }

  /// The nearest enclosing component that satisfies `predicate`, starting with the innermost.
  public func first(where predicate: (Component) -> Bool) -> Component? {
    var cursor = index
    while cursor >= 0 {
      let component = table.component(at: cursor)
      if predicate(component) { return component }
      cursor = table.blocks[Int(cursor)].parent
    }
    return nil
  }

  /// Whether two intents are the same chain of blocks: the same kinds, identities and spans
  /// from the innermost block out, as Foundation compares its `PresentationIntent`.
  ///
  /// Two parses of the same Markdown give equal intents; so do a text and its slices.
  ///
  /// ```swift
  /// let one = MarkdownParser().parse("> quote\n"), two = MarkdownParser().parse("> quote\n")
  /// one.runs[0].presentationIntent == two.runs[0].presentationIntent  // true
  /// ```
  public static func == (lhs: PresentationIntent, rhs: PresentationIntent) -> Bool {
    if lhs.table === rhs.table, lhs.index == rhs.index { return true }
    var left = lhs.index
    var right = rhs.index
    while left >= 0, right >= 0 {
      let a = lhs.table.blocks[Int(left)]
      let b = rhs.table.blocks[Int(right)]
      guard a.identity == b.identity, a.depth == b.depth, a.span == b.span, a.kind == b.kind else {
        return false
      }
      left = a.parent
      right = b.parent
    }
    return left == right
  }

  /// Hashes the innermost block and the depth, which equal chains share.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(innermost)
    hasher.combine(depth)
  }

  /// The components as `dump()` prints them, innermost first.
  public var description: String {
    components.map(\.description).joined(separator: ", ")
  }
}

extension PresentationIntent {
  /// One block in a chain: its kind, its document-unique identity and where it came from.
  public struct Component: Hashable, Sendable, CustomStringConvertible {
    /// What kind of block this is.
    public var kind: Kind
    /// A number unique within the document (Foundation's `identity`).
    public var identity: Int
    /// Where the block is in the source.
    public var sourceSpan: SourceSpan

    /// Creates a component.
    public init(kind: Kind, identity: Int, sourceSpan: SourceSpan = .unknown) {
      self.kind = kind
      self.identity = identity
      self.sourceSpan = sourceSpan
    }

    /// `kind#identity`, for example `header(level: 2)#4`.
    public var description: String { "\(kind)#\(identity)" }
  }

  /// The kinds of block. The first twelve are Foundation's; the rest are what HTML needs and
  /// Foundation leaves out (raw HTML blocks, footnotes), and list details are carried on the
  /// list kinds so that rendering loses nothing.
  public enum Kind: Hashable, Sendable, CustomStringConvertible {
    /// A paragraph.
    case paragraph
    /// A heading of `level` 1 to 6.
    case header(level: Int)
    /// A numbered list that starts at `start`, written with `delimiter`, tight or loose.
    case orderedList(start: Int, delimiter: ListDelimiter, isTight: Bool)
    /// A bulleted list, tight (no `<p>` around item text) or loose.
    case unorderedList(isTight: Bool)
    /// An item of a list, numbered from 1 within its list; `task` is set for GFM task items.
    case listItem(ordinal: Int, task: TaskState?)
    /// A code block; `languageHint` is the first word of the info string, `infoString` all of it.
    case codeBlock(languageHint: String?, infoString: String, isFenced: Bool)
    /// A block quote.
    case blockQuote
    /// A thematic break (`---`).
    case thematicBreak
    /// A GFM table with its columns' alignments.
    case table(columns: [TableColumn])
    /// The header row of a table.
    case tableHeaderRow
    /// A body row of a table, numbered from 1.
    case tableRow(rowIndex: Int)
    /// A cell, numbered from 0 within its row.
    case tableCell(columnIndex: Int)
    /// A raw HTML block; its run carries `.blockHTML`.
    case htmlBlock
    /// A footnote definition: its label as written, its number in order of first reference, and
    /// how many references point to it.
    case footnoteDefinition(label: String, index: Int, referenceCount: Int)
    /// A callout (GitHub alerts, Zenn's `:::message`, Qiita's `:::note`); see ``Callout``.
    case callout(Callout)
    /// A disclosure (Zenn's `:::details`); see ``Disclosure``.
    case disclosure(Disclosure)
    /// An image with a caption: a paragraph of one image and, on the next line, one emphasis
    /// (Zenn's `*caption*`). The image's runs sit directly in the figure, then its caption.
    case figure
    /// The caption of a ``figure``: the emphasis's content, without the emphasis.
    case figureCaption
    /// A displayed TeX formula: lines between `$$` lines, or a ```` ```math ```` fence; its one
    /// run is the TeX exactly as written. `isClosed` is false for a `$$` that nothing closed.
    case math(isClosed: Bool)
    /// Content tabs that follow one another (pymdownx.tabbed's `=== "Label"` blocks): its
    /// children are ``tab(label:)`` blocks.
    case tabs
    /// One content tab: its label as written between the quotes, and its blocks; `isSelected`
    /// for the tab shown first (`===+`, else the group's first).
    case tab(label: String, isSelected: Bool)

    /// The kind as `dump()` prints it.
    public var description: String {
      switch self {
      case .paragraph: "paragraph"
      case .header(let level): "header(\(level))"
      case .orderedList(let start, let delimiter, let isTight):
        "orderedList(start: \(start), delimiter: \(delimiter), \(isTight ? "tight" : "loose"))"
      case .unorderedList(let isTight): "unorderedList(\(isTight ? "tight" : "loose"))"
      case .listItem(let ordinal, let task):
        task.map { "listItem(\(ordinal), \($0))" } ?? "listItem(\(ordinal))"
      case .codeBlock(let hint, let info, let isFenced):
        "codeBlock(\(hint.map { "\"\($0)\"" } ?? "nil")\(info != (hint ?? "") ? ", info: \"\(info)\"" : "")\(isFenced ? "" : ", indented"))"
      case .blockQuote: "blockQuote"
      case .thematicBreak: "thematicBreak"
      case .table(let columns): "table(\(columns.map(\.alignment.rawValue).joined(separator: ",")))"
      case .tableHeaderRow: "tableHeaderRow"
      case .tableRow(let rowIndex): "tableRow(\(rowIndex))"
      case .tableCell(let columnIndex): "tableCell(\(columnIndex))"
      case .htmlBlock: "htmlBlock"
      case .footnoteDefinition(let label, let index, let count):
        "footnoteDefinition(\"\(label)\", \(index), refs: \(count))"
      case .callout(let callout): "callout(\(callout))"
      case .disclosure(let disclosure): "disclosure(\(disclosure))"
      case .figure: "figure"
      case .figureCaption: "figureCaption"
      case .math(let isClosed): isClosed ? "math" : "math(unclosed)"
      case .tabs: "tabs"
      case .tab(let label, let isSelected): "tab(\(label.debugDescription)\(isSelected ? ", selected" : ""))"
      }
    }
  }

  /// How the numbers of an ordered list are written.
  public enum ListDelimiter: String, Hashable, Sendable {
    /// `1.`
    case period
    /// `1)`
    case parenthesis
  }

  /// The state of a GFM task list item.
  public enum TaskState: String, Hashable, Sendable {
    /// `- [ ]`
    case unchecked
    /// `- [x]`
    case checked
  }

  /// A table column.
  public struct TableColumn: Hashable, Sendable {
    /// How a column's cells are aligned.
    public enum Alignment: String, Hashable, Sendable {
      /// No alignment was given (`---`).
      case none
      /// `:--`
      case left
      /// `:-:`
      case center
      /// `--:`
      case right
    }

    /// The column's alignment.
    public var alignment: Alignment

    /// Creates a column.
    public init(alignment: Alignment) { self.alignment = alignment }
  }
}
