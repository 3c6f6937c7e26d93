/// Reads the tree an ``AttributedText`` flattens: blocks and inline containers open and close
/// around the runs, in document order. Every method has a default, so a conformer implements
/// only what it needs, like swift-markdown's `MarkupWalker`.
///
/// ```swift
/// struct HeadingCollector: AttributedTextVisitor {
///   var titles: [String] = []
///   mutating func visitRun(_ run: Run) {
///     if case .header = run.presentationIntent?.innermost.kind { titles.append(run.text) }
///   }
/// }
/// var collector = HeadingCollector()
/// text.walk(&collector)
/// ```
///
/// To leave out what a block or container holds, answer `false` from
/// ``shouldVisitChildren(of:)-(PresentationIntent.Component)``: its runs and nested blocks are
/// skipped, and ``exitBlock(_:)`` still comes.
///
/// ```swift
/// struct ProseCounter: AttributedTextVisitor {  // words outside code blocks and tables
///   var words = 0
///   mutating func shouldVisitChildren(of block: PresentationIntent.Component) -> Bool {
///     switch block.kind {
///     case .codeBlock, .table: false
///     default: true
///     }
///   }
///   mutating func visitRun(_ run: Run) { words += run.text.split(separator: " ").count }
/// }
/// ```
///
/// A visitor that needs to know where it is — a renderer, say — implements the forms that take
/// the block's whole chain, a ``PresentationIntent`` whose ``PresentationIntent/innermost`` is the
/// block and whose ``PresentationIntent/parent`` is what it sits in; when it closes, they also
/// tell whether the block is the last one in its parent. Their defaults call the short forms, so
/// implement one form or the other.
///
/// ```swift
/// struct ParagraphTags: AttributedTextVisitor {  // <p> for every paragraph outside a list item
///   var html = ""
///   mutating func enterBlock(_ block: PresentationIntent) {
///     guard case .paragraph = block.innermost.kind else { return }
///     if case .listItem = block.parent?.innermost.kind { return }
///     html += "<p>"
///   }
///   mutating func exitBlock(_ block: PresentationIntent, isLastChild: Bool) {
///     guard case .paragraph = block.innermost.kind else { return }
///     if case .listItem = block.parent?.innermost.kind { return }
///     html += isLastChild ? "</p>\n" : "</p>\n\n"
///   }
///   mutating func visitRun(_ run: Run) { html += run.text }
/// }
/// ```
public protocol AttributedTextVisitor {
  /// A block opens; its children follow unless ``shouldVisitChildren(of:)-(PresentationIntent.Component)``
  /// says otherwise.
  mutating func enterBlock(_ block: PresentationIntent.Component)
  /// A block opens, seen with the blocks around it: `block.innermost` is the block that opens
  /// and `block.parent` the chain it sits in (the same value as the ``Run/presentationIntent``
  /// of the runs directly in it). The default calls ``enterBlock(_:)-(PresentationIntent.Component)``
  /// with `block.innermost`.
  mutating func enterBlock(_ block: PresentationIntent)
  /// Whether to visit what `block` holds; asked right after ``enterBlock(_:)-(PresentationIntent.Component)``.
  /// The default is `true`.
  mutating func shouldVisitChildren(of block: PresentationIntent.Component) -> Bool
  /// A block closes.
  mutating func exitBlock(_ block: PresentationIntent.Component)
  /// A block closes, seen with the blocks around it; `isLastChild` is whether nothing follows it
  /// inside its parent in this text (for a top-level block, whether it ends the text). The
  /// default calls ``exitBlock(_:)-(PresentationIntent.Component)`` with `block.innermost`.
  ///
  /// ```swift
  /// // "- a\n- b\n": the first item closes with isLastChild false, the second with true,
  /// // then the list with true.
  /// ```
  mutating func exitBlock(_ block: PresentationIntent, isLastChild: Bool)
  /// An inline container opens.
  mutating func enterInline(_ container: InlineIntent.Component)
  /// Whether to visit what `container` holds (for a link, its text); asked right after
  /// ``enterInline(_:)``. The default is `true`.
  mutating func shouldVisitChildren(of container: InlineIntent.Component) -> Bool
  /// An inline container closes.
  mutating func exitInline(_ container: InlineIntent.Component)
  /// A run of text: its ``Run/kind``, its bytes (``Run/utf8``), its chains and its position in
  /// ``AttributedText/runs`` (``Run/index``), from which a visitor can look at its neighbours.
  mutating func visitRun(_ run: Run)
}

extension AttributedTextVisitor {
  /// Does nothing.
  public mutating func enterBlock(_ block: PresentationIntent.Component) {}
  /// Calls ``enterBlock(_:)-(PresentationIntent.Component)`` with the block itself.
  public mutating func enterBlock(_ block: PresentationIntent) { enterBlock(block.innermost) }
  /// Visits every child.
  public mutating func shouldVisitChildren(of block: PresentationIntent.Component) -> Bool { true }
  /// Does nothing.
  public mutating func exitBlock(_ block: PresentationIntent.Component) {}
  /// Calls ``exitBlock(_:)-(PresentationIntent.Component)`` with the block itself.
  public mutating func exitBlock(_ block: PresentationIntent, isLastChild: Bool) {
    exitBlock(block.innermost)
  }
  /// Does nothing.
  public mutating func enterInline(_ container: InlineIntent.Component) {}
  /// Visits every child.
  public mutating func shouldVisitChildren(of container: InlineIntent.Component) -> Bool { true }
  /// Does nothing.
  public mutating func exitInline(_ container: InlineIntent.Component) {}
  /// Does nothing.
  public mutating func visitRun(_ run: Run) {}
}

extension AttributedText {
  /// Walks the tree with `visitor`, in document order.
  ///
  /// Iterative: a document nested 100,000 levels deep costs heap, not stack.
  public func walk(_ visitor: inout some AttributedTextVisitor) {
    var adapter = VisitorAdapter(storage: storage, visitor: visitor)
    replayTree(into: &adapter)
    visitor = adapter.visitor
  }
}

/// Forwards tree events to a visitor, holding back everything inside a block or container whose
/// children the visitor declined.
private struct VisitorAdapter<Visitor: AttributedTextVisitor>: TreeEventHandler {
  let storage: TextStorage
  var visitor: Visitor
  /// The block being skipped, or -1.
  private var skippedBlock: Int32 = -1
  /// The container being skipped, or -1.
  private var skippedInline: Int32 = -1

  init(storage: TextStorage, visitor: Visitor) {
    self.storage = storage
    self.visitor = visitor
  }

  private var isSkipping: Bool { skippedBlock >= 0 || skippedInline >= 0 }

  mutating func enterBlock(_ index: Int32) {
    guard !isSkipping else { return }
    visitor.enterBlock(PresentationIntent(table: storage, index: index))
    if !visitor.shouldVisitChildren(of: storage.component(at: index)) { skippedBlock = index }
  }

  mutating func exitBlock(_ index: Int32, isLastChild: Bool) {
    if skippedBlock == index { skippedBlock = -1 }
    guard !isSkipping else { return }
    visitor.exitBlock(PresentationIntent(table: storage, index: index), isLastChild: isLastChild)
  }

  mutating func enterInline(_ index: Int32) {
    guard !isSkipping else { return }
    let container = storage.inlineComponent(at: index)
    visitor.enterInline(container)
    if !visitor.shouldVisitChildren(of: container) { skippedInline = index }
  }

  mutating func exitInline(_ index: Int32) {
    if skippedInline == index { skippedInline = -1 }
    guard !isSkipping else { return }
    visitor.exitInline(storage.inlineComponent(at: index))
  }

  mutating func visitRun(_ index: Int) {
    guard !isSkipping else { return }
    visitor.visitRun(Run(storage: storage, index: index))
  }
}
