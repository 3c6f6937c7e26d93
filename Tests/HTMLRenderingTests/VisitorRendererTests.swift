import HTMLRendering
import MarkdownParsing
import RichText
import Testing

/// A renderer written as an outside package would write it, on the public walking API only
/// (`AttributedTextVisitor`, `PresentationIntent.parent`, `Run.utf8` and `HTMLWriter`), gives
/// the same HTML as `HTMLRenderer` for the constructs it knows.
@Suite struct VisitorRendererTests {
  /// Paragraphs (without `<p>` in tight lists), headings, block quotes, lists, code blocks,
  /// thematic breaks, emphasis, strong emphasis, links and code spans.
  private struct MiniRenderer: AttributedTextVisitor {
    var writer = HTMLWriter()

    private func isTight(_ paragraph: PresentationIntent) -> Bool {
      switch paragraph.parent?.parent?.innermost.kind {
      case .unorderedList(let isTight)?, .orderedList(_, _, let isTight)?: isTight
      default: false
      }
    }

    mutating func enterBlock(_ block: PresentationIntent) {
      switch block.innermost.kind {
      case .paragraph where isTight(block): break
      case .paragraph:
        writer.newlineIfNeeded()
        writer.raw("<p>")
      case .header(let level):
        writer.newlineIfNeeded()
        writer.raw("<h\(level)>")
      case .blockQuote:
        writer.newlineIfNeeded()
        writer.raw("<blockquote>\n")
      case .unorderedList:
        writer.newlineIfNeeded()
        writer.raw("<ul>\n")
      case .listItem:
        writer.newlineIfNeeded()
        writer.raw("<li>")
      case .codeBlock(let language, _, _):
        writer.newlineIfNeeded()
        if let language {
          writer.raw("<pre><code class=\"language-")
          writer.text(language)
          writer.raw("\">")
        } else {
          writer.raw("<pre><code>")
        }
      case .thematicBreak:
        writer.newlineIfNeeded()
        writer.raw("<hr />\n")
      default:
        break
      }
    }

    mutating func exitBlock(_ block: PresentationIntent, isLastChild: Bool) {
      switch block.innermost.kind {
      case .paragraph where isTight(block): break
      case .paragraph: writer.raw("</p>\n")
      case .header(let level): writer.raw("</h\(level)>\n")
      case .blockQuote:
        writer.newlineIfNeeded()
        writer.raw("</blockquote>\n")
      case .unorderedList: writer.raw("</ul>\n")
      case .listItem: writer.raw("</li>\n")
      case .codeBlock: writer.raw("</code></pre>\n")
      default: break
      }
    }

    mutating func enterInline(_ container: InlineIntent.Component) {
      switch container.kind {
      case .emphasized: writer.raw("<em>")
      case .stronglyEmphasized: writer.raw("<strong>")
      case .link(let link):
        writer.raw("<a href=\"")
        writer.url(bytes: link.urlBytes)
        writer.raw("\">")
      default: break
      }
    }

    mutating func exitInline(_ container: InlineIntent.Component) {
      switch container.kind {
      case .emphasized: writer.raw("</em>")
      case .stronglyEmphasized: writer.raw("</strong>")
      case .link: writer.raw("</a>")
      default: break
      }
    }

    mutating func visitRun(_ run: Run) {
      switch run.kind {
      case .text: writer.text(bytes: run.utf8)
      case .code:
        writer.raw("<code>")
        writer.text(bytes: run.utf8)
        writer.raw("</code>")
      case .softBreak: writer.raw("\n")
      default: break
      }
    }
  }

  private let parser = MarkdownParser(options: .gitHubFlavored)

  @Test(arguments: [
    "# Title\n\nSome *emphasis*, **strong** and `code`.\n",
    "- tight\n- list with [a link](https://example.com/a?b=c&d)\n",
    "- loose\n\n- list\n  > quoted\n  > lines\n",
    "> # Quoted heading\n>\n> ***both*** & \\<escaped\\>\n\n---\n",
    "```swift\nlet x = \"<y>\"\n```\n\n    indented\n",
  ])
  func rendersAsHTMLRendererDoes(markdown: String) {
    let text = parser.parse(markdown)
    var renderer = MiniRenderer()
    text.walk(&renderer)
    #expect(renderer.writer.string == HTMLRenderer().render(text))
  }

  @Test func footnoteBackLinksGoInsideTheLastParagraphOfADefinition() {
    // What isLastChild is for in HTMLRenderer: the back-link follows the last paragraph's text.
    let html = HTMLRenderer().render(parser.parse("Note[^1].\n\n[^1]: One.\n\n    Two.\n"))
    #expect(html.contains("<p>Two. <a href=\"#fnref-1\""))
    #expect(html.contains("<p>One.</p>"))
  }
}
