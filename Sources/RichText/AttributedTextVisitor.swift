/// Reads the tree an ``AttributedText`` flattens: blocks and inline containers open and close
/// around the runs, in document order. Every method has an empty default, so a conformer
/// implements only what it needs, like swift-markdown's `MarkupWalker`.
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
public protocol AttributedTextVisitor {
  /// A block opens; its children follow.
  mutating func enterBlock(_ block: PresentationIntent.Component)
  /// A block closes.
  mutating func exitBlock(_ block: PresentationIntent.Component)
  /// An inline container opens.
  mutating func enterInline(_ container: InlineIntent.Component)
  /// An inline container closes.
  mutating func exitInline(_ container: InlineIntent.Component)
  /// A run of text.
  mutating func visitRun(_ run: Run)
}

extension AttributedTextVisitor {
  /// Does nothing.
  public mutating func enterBlock(_ block: PresentationIntent.Component) {}
  /// Does nothing.
  public mutating func exitBlock(_ block: PresentationIntent.Component) {}
  /// Does nothing.
  public mutating func enterInline(_ container: InlineIntent.Component) {}
  /// Does nothing.
  public mutating func exitInline(_ container: InlineIntent.Component) {}
  /// Does nothing.
  public mutating func visitRun(_ run: Run) {}
}

extension AttributedText {
  /// Walks the tree with `visitor`.
  public func walk(_ visitor: inout some AttributedTextVisitor) {
    var adapter = VisitorAdapter(storage: storage, visitor: visitor)
    replayTree(into: &adapter)
    visitor = adapter.visitor
  }
}

private struct VisitorAdapter<Visitor: AttributedTextVisitor>: TreeEventHandler {
  let storage: TextStorage
  var visitor: Visitor

  mutating func enterBlock(_ index: Int32) { visitor.enterBlock(storage.component(at: index)) }
  mutating func exitBlock(_ index: Int32, isLastChild: Bool) {
    visitor.exitBlock(storage.component(at: index))
  }
  mutating func enterInline(_ index: Int32) { visitor.enterInline(storage.inlineComponent(at: index)) }
  mutating func exitInline(_ index: Int32) { visitor.exitInline(storage.inlineComponent(at: index)) }
  mutating func visitRun(_ index: Int) { visitor.visitRun(Run(storage: storage, index: index)) }
}
