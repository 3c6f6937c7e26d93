import HTMLRendering
import MarkdownParsing
import RichText
import Testing

/// The block-override hook: an override wraps, replaces or leaves blocks to the renderer, and
/// without one the HTML is cmark-gfm's, with no theme classes.
@Suite struct HTMLBlockOverrideTests {
  private let parser = MarkdownParser(options: .gitHubFlavored)

  private struct Asides: HTMLBlockOverride {
    var finished = false
    mutating func openBlock(_ block: HTMLBlockContext, into writer: inout HTMLWriter)
      -> HTMLBlockOverrideAction
    {
      switch block.component.kind {
      case .blockQuote:
        writer.newlineIfNeeded()
        writer.raw("<aside>\n")
        return .wrap
      case .codeBlock:
        writer.newlineIfNeeded()
        writer.raw("<p>(code left out)</p>\n")
        return .replace
      default:
        return .render
      }
    }
    func closeBlock(_ block: HTMLBlockContext, into writer: inout HTMLWriter) {
      writer.newlineIfNeeded()
      writer.raw("</aside>\n")
    }
    mutating func finish(into writer: inout HTMLWriter) { writer.raw("<!-- end -->\n") }
  }

  @Test func anOverrideWrapsAndReplacesBlocks() {
    let text = parser.parse("> *hi*\n\n```\ncode\n```\n\nend\n")
    #expect(
      HTMLRenderer().render(text, blockOverride: Asides())
        == "<aside>\n<p><em>hi</em></p>\n</aside>\n<p>(code left out)</p>\n<p>end</p>\n<!-- end -->\n")
  }

  @Test func withoutAnOverrideListsAreCmarkGFMs() {
    let html = HTMLRenderer().render(
      parser.parse("- a\n- [x] b\n\n<!-- more -->\n"), decorations: RenderDecorations())
    #expect(
      html
        == "<ul>\n<li>a</li>\n<li><input type=\"checkbox\" checked=\"\" disabled=\"\" /> b</li>\n</ul>\n<!-- raw HTML omitted -->\n"
    )
    #expect(!html.contains("folio-"))
  }

  private struct ContextRecorder: HTMLBlockOverride {
    var seen: [String] = []
    mutating func openBlock(_ block: HTMLBlockContext, into writer: inout HTMLWriter)
      -> HTMLBlockOverrideAction
    {
      let children = block.children.map { "\($0.kind)" }.joined(separator: " ")
      seen.append(
        "\(block.component.kind) level \(block.listLevel) in \(block.parent.map { "\($0.kind)" } ?? "-"): \(children)"
      )
      return .render
    }
  }

  @Test func theContextTellsChainLevelAndChildren() {
    // The override is a value: read what it saw through a class box.
    final class Box: @unchecked Sendable { var seen: [String] = [] }
    struct Recorder: HTMLBlockOverride {
      let box: Box
      mutating func openBlock(_ block: HTMLBlockContext, into writer: inout HTMLWriter)
        -> HTMLBlockOverrideAction
      {
        var inner = ContextRecorder()
        _ = inner.openBlock(block, into: &writer)
        box.seen += inner.seen
        return .render
      }
    }
    let box = Box()
    _ = HTMLRenderer().render(parser.parse("- a\n  - b\n"), blockOverride: Recorder(box: box))
    #expect(
      box.seen == [
        "unorderedList(tight) level 1 in -: listItem(1)",
        "listItem(1) level 1 in unorderedList(tight): paragraph unorderedList(tight)",
        "paragraph level 1 in listItem(1): ",
        "unorderedList(tight) level 2 in listItem(1): listItem(1)",
        "listItem(1) level 2 in unorderedList(tight): paragraph",
        "paragraph level 2 in listItem(1): ",
      ])
  }

  @Test func hiddenBlocksAreLeftOut() {
    let text = parser.parse("<!-- more -->\n\nafter\n")
    var decorations = RenderDecorations()
    decorations.hiddenBlocks.insert(text.runs[0].presentationIntent!.innermost.identity)
    #expect(HTMLRenderer().render(text, decorations: decorations) == "<p>after</p>\n")
  }
}

/// What a syntax highlighter needs from the hook: a code block's info string and its code.
@Suite struct HTMLBlockOverrideCodeBlockTests {
  private struct Highlighter: HTMLBlockOverride {
    mutating func openBlock(_ block: HTMLBlockContext, into writer: inout HTMLWriter)
      -> HTMLBlockOverrideAction
    {
      guard case .codeBlock(_, let info, _) = block.component.kind else { return .render }
      writer.newlineIfNeeded()
      writer.raw("<pre data-info=\"")
      writer.text(info)
      writer.raw("\">")
      writer.text(block.runs.map(\.text).joined().uppercased())
      writer.raw("</pre>\n")
      return .replace
    }
  }

  @Test func aCodeBlockIsReplacedFromItsInfoStringAndText() {
    let text = MarkdownParser(options: .gitHubFlavored).parse(
      "> ```\n> hidden\n> ```\n\n```swift title=\"a\"\nlet a = 1\n```\n\nafter *this*\n")
    #expect(
      HTMLRenderer().render(text, blockOverride: Highlighter())
        == "<blockquote>\n<pre data-info=\"\">HIDDEN\n</pre>\n</blockquote>\n"
        + "<pre data-info=\"swift title=&quot;a&quot;\">LET A = 1\n</pre>\n<p>after <em>this</em></p>\n")
  }

  /// Writes the text of a block quote's runs into its opening tag.
  private struct QuoteText: HTMLBlockOverride {
    mutating func openBlock(_ block: HTMLBlockContext, into writer: inout HTMLWriter)
      -> HTMLBlockOverrideAction
    {
      guard case .blockQuote = block.component.kind else { return .render }
      writer.newlineIfNeeded()
      writer.raw("<blockquote data-text=\"")
      writer.text(block.runs.map(\.text).joined(separator: "|"))
      writer.raw("\">\n")
      return .wrap
    }
    mutating func closeBlock(_ block: HTMLBlockContext, into writer: inout HTMLWriter) {
      writer.newlineIfNeeded()
      writer.raw("</blockquote>\n")
    }
  }

  @Test func theRunsOfABlockAreTheRunsOfEverythingInItOnly() {
    let text = MarkdownParser().parse("a\n\n> b\n>\n> - c\n\nd\n\n> e\n")
    #expect(
      HTMLRenderer().render(text, blockOverride: QuoteText())
        == "<p>a</p>\n<blockquote data-text=\"b|c\">\n<p>b</p>\n<ul>\n<li>c</li>\n</ul>\n</blockquote>\n<p>d</p>\n"
        + "<blockquote data-text=\"e\">\n<p>e</p>\n</blockquote>\n")
  }
}
