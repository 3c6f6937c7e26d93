/// Makes a changed copy of an ``AttributedText``: each block, inline container and run is kept,
/// replaced, unwrapped or removed, as swift-markdown's `MarkupRewriter` rewrites nodes. Every
/// method has a default that keeps what it is given, so a conformer implements only what it
/// changes.
///
/// ```swift
/// /// Turns headings into bold paragraphs and drops images.
/// struct Flattener: AttributedTextRewriter {
///   mutating func rewriteBlock(_ block: PresentationIntent.Component) -> Rewrite<PresentationIntent.Kind> {
///     if case .header = block.kind { .replace(.paragraph) } else { .keep }
///   }
///   mutating func rewriteInline(_ container: InlineIntent.Component) -> Rewrite<InlineIntent.Kind> {
///     if case .image = container.kind { .remove } else { .keep }
///   }
/// }
/// var flattener = Flattener()
/// let flat = text.rewritten(with: &flattener)
/// ```
///
/// The copy is a new document: identities are handed out again in opening order (a rewriter
/// that keeps everything gives a text equal to the original), and source spans are kept. A block
/// or container that is kept but loses all its runs gets an `.empty` run, so that it still
/// renders (`<li></li>`), as the parser does for empty blocks.
public protocol AttributedTextRewriter {
  /// What to do with a block; its children are rewritten unless it is removed.
  mutating func rewriteBlock(_ block: PresentationIntent.Component) -> Rewrite<PresentationIntent.Kind>
  /// What to do with an inline container; its children are rewritten unless it is removed.
  mutating func rewriteInline(_ container: InlineIntent.Component) -> Rewrite<InlineIntent.Kind>
  /// What to do with a run.
  mutating func rewriteRun(_ run: Run) -> RunRewrite
}

/// What an ``AttributedTextRewriter`` does with a block or an inline container.
public enum Rewrite<Kind: Hashable & Sendable>: Hashable, Sendable {
  /// Keep it as it is.
  case keep
  /// Keep it and what it holds, with another kind.
  case replace(Kind)
  /// Drop it, keeping what it holds in its parent (an emphasis becomes plain text).
  case unwrap
  /// Drop it and everything it holds.
  case remove
}

/// What an ``AttributedTextRewriter`` does with a run.
public enum RunRewrite: Hashable, Sendable {
  /// Keep it as it is.
  case keep
  /// Put a run of `kind` with `text` in its place, with the same chains and span.
  case replace(RunKind, text: String)
  /// Drop it.
  case remove
}

extension AttributedTextRewriter {
  /// Keeps the block.
  public mutating func rewriteBlock(_ block: PresentationIntent.Component) -> Rewrite<PresentationIntent.Kind>
  {
    .keep
  }
  /// Keeps the container.
  public mutating func rewriteInline(_ container: InlineIntent.Component) -> Rewrite<InlineIntent.Kind> {
    .keep
  }
  /// Keeps the run.
  public mutating func rewriteRun(_ run: Run) -> RunRewrite { .keep }
}

extension AttributedText {
  /// A copy of the text changed by `rewriter`, which sees every block, container and run in
  /// document order.
  ///
  /// ```swift
  /// struct Shouter: AttributedTextRewriter {
  ///   mutating func rewriteRun(_ run: Run) -> RunRewrite {
  ///     run.kind == .text ? .replace(.text, text: run.text.uppercased()) : .keep
  ///   }
  /// }
  /// var shouter = Shouter()
  /// HTMLRenderer().render(MarkdownParser().parse("*hi*").rewritten(with: &shouter))  // "<p><em>HI</em></p>\n"
  /// ```
  public func rewritten(with rewriter: inout some AttributedTextRewriter) -> AttributedText {
    var adapter = RewriteAdapter(storage: storage, rewriter: rewriter)
    replayTree(into: &adapter)
    rewriter = adapter.rewriter
    return adapter.builder.build()
  }
}

/// Replays a text into a builder, applying a rewriter's answers. Blocks and containers open and
/// close in nested order, so one stack each records whether the copy opened them.
private struct RewriteAdapter<Rewriter: AttributedTextRewriter>: TreeEventHandler {
  let storage: TextStorage
  var rewriter: Rewriter
  var builder = AttributedTextBuilder()
  /// For each entered block: whether it was opened in the copy, and the run count then.
  private var blocks: [(opened: Bool, runCount: Int)] = []
  private var inlines: [(opened: Bool, runCount: Int)] = []
  /// The removed block or container whose contents are being skipped, or -1.
  private var removedBlock: Int32 = -1
  private var removedInline: Int32 = -1

  init(storage: TextStorage, rewriter: Rewriter) {
    self.storage = storage
    self.rewriter = rewriter
  }

  private var isSkipping: Bool { removedBlock >= 0 || removedInline >= 0 }

  mutating func enterBlock(_ index: Int32) {
    guard !isSkipping else { return }
    let block = storage.component(at: index)
    switch rewriter.rewriteBlock(block) {
    case .keep: open(block.kind, span: block.sourceSpan)
    case .replace(let kind): open(kind, span: block.sourceSpan)
    case .unwrap: blocks.append((false, builder.runCount))
    case .remove: removedBlock = index
    }
  }

  private mutating func open(_ kind: PresentationIntent.Kind, span: SourceSpan) {
    builder.openBlock(kind, span: span)
    blocks.append((true, builder.runCount))
  }

  mutating func exitBlock(_ index: Int32, isLastChild: Bool) {
    if removedBlock == index {
      removedBlock = -1
      return
    }
    guard !isSkipping, let entered = blocks.popLast() else { return }
    guard entered.opened else { return }
    if builder.runCount == entered.runCount { builder.appendRun(.empty, text: "") }
    builder.closeBlock()
  }

  mutating func enterInline(_ index: Int32) {
    guard !isSkipping else { return }
    let container = storage.inlineComponent(at: index)
    switch rewriter.rewriteInline(container) {
    case .keep: openInline(container.kind, span: container.sourceSpan)
    case .replace(let kind): openInline(kind, span: container.sourceSpan)
    case .unwrap: inlines.append((false, builder.runCount))
    case .remove: removedInline = index
    }
  }

  private mutating func openInline(_ kind: InlineIntent.Kind, span: SourceSpan) {
    builder.openInline(kind, span: span)
    inlines.append((true, builder.runCount))
  }

  mutating func exitInline(_ index: Int32) {
    if removedInline == index {
      removedInline = -1
      return
    }
    guard !isSkipping, let entered = inlines.popLast() else { return }
    guard entered.opened else { return }
    if builder.runCount == entered.runCount { builder.appendRun(.empty, text: "") }
    builder.closeInline()
  }

  mutating func visitRun(_ index: Int) {
    guard !isSkipping else { return }
    let run = Run(storage: storage, index: index)
    switch rewriter.rewriteRun(run) {
    case .keep:
      if let reference = run.footnoteReference {
        builder.appendFootnoteReference(reference, span: run.sourceSpan)
      } else {
        builder.appendRun(run.kind, utf8: Array(run.utf8), span: run.sourceSpan)
      }
    case .replace(let kind, let text): builder.appendRun(kind, text: text, span: run.sourceSpan)
    case .remove: break
    }
  }
}
