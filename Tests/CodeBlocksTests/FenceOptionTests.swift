import CodeBlocks
import HTMLRendering
import MarkdownParsing
import Testing

/// The options of a fence's info string, and the HTML each one writes.
@Suite struct FenceOptionTests {
  private func render(_ markdown: String) -> String {
    let text = MarkdownParser(options: .gitHubFlavored).parse(markdown)
    return HTMLRenderer().render(
      text, blockOverride: HighlightedCodeBlocks(text: text, path: "p.md", highlighter: .shared))
  }

  @Test func readsHugoZolaPygmentsAndZennForms() {
    let hugo = FenceInfo("go {linenos=table,hl_lines=[8,\"15-17\"],linenostart=199}")
    #expect(hugo.language == "go")
    #expect(hugo.showsLineNumbers)
    #expect(hugo.markedLines == [8...8, 15...17])
    #expect(hugo.firstLineNumber == 199)
    let zola = FenceInfo("rust,linenos,hl_lines=1 3-5 9")
    #expect(zola.language == "rust")
    #expect(zola.showsLineNumbers)
    #expect(zola.markedLines == [1...1, 3...5, 9...9])
    let spaced = FenceInfo("swift linenos hl_lines=\"2 4-6\" linenostart=10 title=\"main.swift\"")
    #expect(spaced.markedLines == [2...2, 4...6])
    #expect(spaced.firstLineNumber == 10)
    #expect(spaced.title == "main.swift")
    let zenn = FenceInfo("ts:src/index.ts")
    #expect(zenn.language == "ts")
    #expect(zenn.title == "src/index.ts")
    let diff = FenceInfo("diff js")
    #expect(diff.language == "js")
    #expect(diff.marksDiffLines)
    #expect(FenceInfo("diff").language == "diff")
    #expect(!FenceInfo("diff").marksDiffLines)
    #expect(FenceInfo("swift linenos=false").showsLineNumbers == false)
  }

  @Test func collectsUnknownAndInvalidOptions() {
    let info = FenceInfo("swift frobnicate linenostart=x hl_lines=a-b")
    #expect(info.unknownOptions == ["frobnicate"])
    #expect(info.invalidOptions == ["linenostart=x", "hl_lines=a-b"])
    let warnings = HighlightedCodeBlocks(
      text: MarkdownParser().parse("```swift frobnicate\nx\n```\n"), path: "p.md", highlighter: .shared
    ).warnings
    #expect(
      warnings.map(\.description).first?.hasPrefix(
        "p.md:1:1: warning: unknown code block option 'frobnicate'") == true)
  }

  @Test func lineNumbersAreDataAttributesFromTheStart() {
    let html = render("```swift linenos linenostart=10\nlet a = 1\nlet b = 2\n```\n")
    #expect(html.contains("<code class=\"language-swift folio-linenos\" data-lang=\"swift\">"))
    #expect(html.contains("<span class=\"folio-line\" data-line=\"10\"><span class=\"kw\">let</span> "))
    #expect(html.contains("<span class=\"folio-line\" data-line=\"11\">"))
    #expect(!html.contains("data-line=\"12\""))
    // The numbers are not in the text: copying the code copies only the code.
    #expect(!html.contains(">10<"))
  }

  @Test func markedLinesCountFromTheBlocksFirstLine() {
    let html = render("```swift hl_lines=\"2 4-5\" linenostart=10\na\nb\nc\nd\ne\nf\n```\n")
    let marked = html.components(separatedBy: "folio-line folio-line-marked").count - 1
    #expect(marked == 3)
    #expect(html.contains("<span class=\"folio-line folio-line-marked\">b\n</span>"))
    #expect(html.contains("<span class=\"folio-line\">a\n</span>"))
  }

  @Test func titlesAreEscapedAboveTheCode() {
    let html = render("```swift title=\"<main>.swift\"\nx\n```\n")
    #expect(
      html.hasPrefix(
        "<div class=\"folio-code\">\n<div class=\"folio-code-title\">&lt;main&gt;.swift</div>\n<pre>"))
    let zenn = render("```ts:src/index.ts\nconst a = 1;\n```\n")
    #expect(zenn.contains("<div class=\"folio-code-title\">src/index.ts</div>"))
    #expect(zenn.contains("<code class=\"language-ts\" data-lang=\"ts\">"))
  }

  @Test func diffLinesAreMarkedAndTheCodeHighlighted() {
    let html = render("```diff js\n-var a = 1;\n+const a = 1;\n a();\n```\n")
    #expect(html.contains("<span class=\"folio-line folio-line-deleted\">"))
    #expect(html.contains("<span class=\"folio-line folio-line-inserted\">"))
    #expect(html.contains("<span class=\"kw\">const</span>"))
  }

  @Test func plainTextTakesOptionsToo() {
    let html = render("```text linenos\n<x>\n```\n")
    #expect(html.contains("<span class=\"folio-line\" data-line=\"1\">&lt;x&gt;\n</span>"))
  }

  @Test func aHostileLineListIsRefused() {
    let info = FenceInfo("swift hl_lines=\"" + (1...1001).map(String.init).joined(separator: " ") + "\"")
    #expect(info.markedLines.isEmpty)
    #expect(info.invalidOptions.count == 1)
  }
}
