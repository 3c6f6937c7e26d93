import RichText

/// Writes some blocks differently from cmark-gfm's HTML: how a site adds its own components
/// (themed lists, collapsible sections, tables made from data) without editing HTML strings.
///
/// ``HTMLRenderer/render(_:decorations:blockOverride:)`` asks the override about every block
/// as it opens, before anything is written for it. Without one, the HTML is cmark-gfm's.
///
/// ```swift
/// /// Puts every block quote in an aside.
/// struct Asides: HTMLBlockOverride {
///   mutating func openBlock(_ block: HTMLBlockContext, into writer: inout HTMLWriter) -> HTMLBlockOverrideAction {
///     guard case .blockQuote = block.component.kind else { return .render }
///     writer.newlineIfNeeded()
///     writer.raw("<aside>\n")
///     return .wrap
///   }
///   mutating func closeBlock(_ block: HTMLBlockContext, into writer: inout HTMLWriter) {
///     writer.newlineIfNeeded()
///     writer.raw("</aside>\n")
///   }
/// }
/// HTMLRenderer().render(MarkdownParser().parse("> hi\n"), blockOverride: Asides())
/// // "<aside>\n<p>hi</p>\n</aside>\n"
/// ```
public protocol HTMLBlockOverride {
  /// Called as `block` opens: write what replaces its opening (or all of it) to `writer`, and
  /// say what the renderer does next.
  mutating func openBlock(_ block: HTMLBlockContext, into writer: inout HTMLWriter) -> HTMLBlockOverrideAction
  /// Called as a block closes whose opening answered ``HTMLBlockOverrideAction/wrap``: write
  /// its end.
  mutating func closeBlock(_ block: HTMLBlockContext, into writer: inout HTMLWriter)
  /// Called after the last block, before the footnotes section closes: close anything left open.
  mutating func finish(into writer: inout HTMLWriter)
}

extension HTMLBlockOverride {
  /// Writes nothing.
  public mutating func closeBlock(_ block: HTMLBlockContext, into writer: inout HTMLWriter) {}
  /// Writes nothing.
  public mutating func finish(into writer: inout HTMLWriter) {}
}

/// What the renderer does with a block after asking an ``HTMLBlockOverride``.
public enum HTMLBlockOverrideAction: Hashable, Sendable {
  /// Render the block as cmark-gfm does; the override wrote nothing.
  case render
  /// The override wrote the whole block: its content is not rendered, and no close is asked for.
  case replace
  /// The override wrote the block's opening: its children render as usual, and
  /// ``HTMLBlockOverride/closeBlock(_:into:)`` writes its end instead of cmark-gfm's.
  case wrap
}

/// A block as an ``HTMLBlockOverride`` sees it: its chain and what it contains.
public struct HTMLBlockContext {
  /// The text being rendered.
  public let text: AttributedText
  /// The block and the blocks around it, this block innermost.
  public let presentationIntent: PresentationIntent

  /// The position in `text.runs` of the block's first run.
  private let firstRun: Int

  /// The context of the block `block.innermost` of `text`, whose runs start at `firstRun`.
  init(text: AttributedText, block: PresentationIntent, firstRun: Int) {
    self.text = text
    self.presentationIntent = block
    self.firstRun = firstRun
  }

  private var index: Int32 { presentationIntent.blockIndex }

  /// The block itself.
  public var component: PresentationIntent.Component { presentationIntent.innermost }

  /// The block it sits in, or nil at the top level.
  public var parent: PresentationIntent.Component? { presentationIntent.parent?.innermost }

  /// How many lists enclose the block, counting the block itself when it is a list: 1 for a
  /// top-level list and its items' paragraphs.
  public var listLevel: Int {
    let blocks = text.blockRecords
    var level = 0
    var cursor = index
    while cursor >= 0 {
      switch blocks[Int(cursor)].kind {
      case .unorderedList, .orderedList: level += 1
      default: break
      }
      cursor = blocks[Int(cursor)].parent
    }
    return level
  }

  /// The runs inside the block, nested blocks' included, in order. For a code block that is its
  /// one `.text` run, the code exactly as written; with the info string, all a highlighter needs
  /// to replace the block:
  ///
  /// ```swift
  /// struct Highlighter: HTMLBlockOverride {
  ///   mutating func openBlock(_ block: HTMLBlockContext, into writer: inout HTMLWriter) -> HTMLBlockOverrideAction {
  ///     guard case .codeBlock(let language?, _, _) = block.component.kind else { return .render }
  ///     let code = block.runs.map(\.text).joined()
  ///     writer.newlineIfNeeded()
  ///     writer.raw("<pre class=\"highlighted\"><code data-language=\"")
  ///     writer.text(language)
  ///     writer.raw("\">")
  ///     writer.text(code)  // a real highlighter writes its spans here
  ///     writer.raw("</code></pre>\n")
  ///     return .replace
  ///   }
  /// }
  /// ```
  public var runs: Slice<AttributedText.Runs> {
    let records = text.runRecords
    let blocks = text.blockRecords
    let depth = blocks[Int(index)].depth
    var end = firstRun
    // A run is inside the block when the block is on its chain, at the block's depth.
    while end < records.count {
      var cursor = records[end].block
      while cursor >= 0, blocks[Int(cursor)].depth > depth { cursor = blocks[Int(cursor)].parent }
      guard cursor == index else { break }
      end += 1
    }
    return text.runs[firstRun..<end]
  }

  /// The blocks directly inside this one, in order.
  public var children: [PresentationIntent.Component] {
    let blocks = text.blockRecords
    let depth = blocks[Int(index)].depth
    var result: [PresentationIntent.Component] = []
    var cursor = Int(index) + 1
    // Blocks are recorded in opening order, so a block's descendants follow it directly.
    while cursor < blocks.count, blocks[cursor].depth > depth {
      if blocks[cursor].parent == index { result.append(text.blockComponent(at: Int32(cursor))) }
      cursor += 1
    }
    return result
  }
}
