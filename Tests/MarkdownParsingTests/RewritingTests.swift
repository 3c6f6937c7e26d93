import HTMLRendering
import MarkdownParsing
import RichText
import Testing

/// The public walking API: a visitor that skips children, and a rewriter that keeps, replaces,
/// unwraps or removes blocks, containers and runs.
@Suite struct RewritingTests {
  private let parser = MarkdownParser(options: .gitHubFlavored)

  private struct Keeper: AttributedTextRewriter {}

  private struct Flattener: AttributedTextRewriter {
    mutating func rewriteBlock(_ block: PresentationIntent.Component) -> Rewrite<PresentationIntent.Kind> {
      switch block.kind {
      case .header: .replace(.paragraph)
      case .blockQuote: .unwrap
      case .codeBlock: .remove
      default: .keep
      }
    }
    mutating func rewriteInline(_ container: InlineIntent.Component) -> Rewrite<InlineIntent.Kind> {
      switch container.kind {
      case .emphasized: .unwrap
      case .image: .remove
      case .link: .replace(.link(Link(url: "/new")))
      default: .keep
      }
    }
  }

  private struct Shouter: AttributedTextRewriter {
    var seen = 0
    mutating func rewriteRun(_ run: Run) -> RunRewrite {
      seen += 1
      if run.text == "drop" { return .remove }
      return run.kind == .text ? .replace(.text, text: run.text.uppercased()) : .keep
    }
  }

  @Test func keepingEverythingGivesAnEqualText() {
    let markdown = "# T\n\n> *a* [b](/c) `d`\n\n- [x] e\n-\n\n| x |\n|---|\n|  |\n\nf[^1]\n\n[^1]: g\n"
    let text = parser.parse(markdown)
    var keeper = Keeper()
    let copy = text.rewritten(with: &keeper)
    #expect(copy == text)
    #expect(HTMLRenderer().render(copy) == HTMLRenderer().render(text))
  }

  @Test func blocksAndContainersAreReplacedUnwrappedOrRemoved() {
    let text = parser.parse("# Title\n\n> *quoted* [link](/old) ![img](i.png)\n\n```\ncode\n```\n\nend\n")
    var flattener = Flattener()
    #expect(
      HTMLRenderer().render(text.rewritten(with: &flattener))
        == "<p>Title</p>\n<p>quoted <a href=\"/new\">link</a> </p>\n<p>end</p>\n")
  }

  @Test func runsAreReplacedOrRemovedAndEmptiedBlocksStay() {
    let text = parser.parse("*hi* there\n\n- drop\n- kept\n")
    var shouter = Shouter()
    #expect(
      HTMLRenderer().render(text.rewritten(with: &shouter))
        == "<p><em>HI</em> THERE</p>\n<ul>\n<li></li>\n<li>KEPT</li>\n</ul>\n")
    #expect(shouter.seen == 4)
  }

  private struct ProseWords: AttributedTextVisitor {
    var words: [String] = []
    var entered: [String] = []
    mutating func enterBlock(_ block: PresentationIntent.Component) { entered.append("\(block.kind)") }
    mutating func exitBlock(_ block: PresentationIntent.Component) { entered.append("/\(block.kind)") }
    mutating func shouldVisitChildren(of block: PresentationIntent.Component) -> Bool {
      if case .blockQuote = block.kind { false } else { true }
    }
    mutating func shouldVisitChildren(of container: InlineIntent.Component) -> Bool {
      if case .link = container.kind { false } else { true }
    }
    mutating func visitRun(_ run: Run) { words.append(run.text) }
  }

  @Test func aVisitorSkipsTheChildrenItDeclines() {
    let text = parser.parse("a [b](/u) c\n\n> d\n>\n> - e\n\nf\n")
    var visitor = ProseWords()
    text.walk(&visitor)
    #expect(visitor.words == ["a ", " c", "f"])
    #expect(
      visitor.entered == ["paragraph", "/paragraph", "blockQuote", "/blockQuote", "paragraph", "/paragraph"])
  }
}
