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
public protocol AttributedTextVisitor {
  /// A block opens; its children follow unless ``shouldVisitChildren(of:)-(PresentationIntent.Component)``
  /// says otherwise.
  mutating func enterBlock(_ block: PresentationIntent.Component)
  /// Whether to visit what `block` holds; asked right after ``enterBlock(_:)``. The default is
  /// `true`.
  mutating func shouldVisitChildren(of block: PresentationIntent.Component) -> Bool
  /// A block closes.
  mutating func exitBlock(_ block: PresentationIntent.Component)
  /// An inline container opens.
  mutating func enterInline(_ container: InlineIntent.Component)
  /// Whether to visit what `container` holds (for a link, its text); asked right after
  /// ``enterInline(_:)``. The default is `true`.
  mutating func shouldVisitChildren(of container: InlineIntent.Component) -> Bool
  /// An inline container closes.
  mutating func exitInline(_ container: InlineIntent.Component)
  /// A run of text.
  mutating func visitRun(_ run: Run)
}

extension AttributedTextVisitor {
  /// Does nothing.
  public mutating func enterBlock(_ block: PresentationIntent.Component) {}
  /// Visits every child.
  public mutating func shouldVisitChildren(of block: PresentationIntent.Component) -> Bool { true }
  /// Does nothing.
  public mutating func exitBlock(_ block: PresentationIntent.Component) {}
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
    let block = storage.component(at: index)
    visitor.enterBlock(block)
    if !visitor.shouldVisitChildren(of: block) { skippedBlock = index }
  }

  mutating func exitBlock(_ index: Int32, isLastChild: Bool) {
    if skippedBlock == index { skippedBlock = -1 }
    guard !isSkipping else { return }
    visitor.exitBlock(storage.component(at: index))
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
