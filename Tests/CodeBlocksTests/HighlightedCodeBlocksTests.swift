import CodeBlocks
import Diagnostics
import HTMLRendering
import MarkdownParsing
import RichText
import Testing

/// Highlighted code blocks as a page shows them: classed tokens, escaping, and what stays
/// cmark-gfm's.
@Suite struct HighlightedCodeBlocksTests {
  private let parser = MarkdownParser(options: .gitHubFlavored)

  private func render(_ markdown: String) -> (html: String, warnings: [Diagnostic]) {
    let text = parser.parse(markdown)
    let blocks = HighlightedCodeBlocks(text: text, path: "Content/page.md", highlighter: .shared)
    return (HTMLRenderer().render(text, blockOverride: blocks), blocks.warnings)
  }

  /// The text of every `<span class="name">` of `html`.
  private func spans(_ name: String, in html: String) -> [String] {
    let open = "<span class=\"\(name)\">"
    return html.split(separator: open, omittingEmptySubsequences: false).dropFirst().map {
      String($0[..<($0.range(of: "</span>")?.lowerBound ?? $0.endIndex)])
    }
  }

  @Test func swiftHasKeywordsStringsAndComments() {
    let html = render("```swift\n// Greets.\nlet name = \"Folio\"\nfunc greet() -> Int { return 42 }\n```\n")
      .html
    #expect(spans("co", in: html) == ["// Greets."])
    #expect(spans("kw", in: html).contains("let"))
    #expect(spans("kw", in: html).contains("func"))
    #expect(spans("st", in: html) == ["&quot;Folio&quot;"])
    #expect((spans("cf", in: html) + spans("kw", in: html)).contains("return"))
    #expect(spans("dv", in: html) == ["42"])
    #expect(
      html.hasPrefix("<div class=\"folio-code\">\n<pre><code class=\"language-swift\" data-lang=\"swift\">"))
    #expect(html.hasSuffix("</code></pre>\n</div>\n"))
  }

  @Test func rustHasKeywordsStringsAndComments() {
    let html = render("```rust\n/// Docs.\nfn main() { let s = \"hi\"; } // done\n```\n").html
    #expect(spans("kw", in: html).contains("fn"))
    #expect(spans("kw", in: html).contains("let"))
    #expect(spans("st", in: html).joined().contains("hi"))
    #expect(spans("co", in: html).contains("// done"))
    #expect(!spans("do", in: html).isEmpty || spans("co", in: html).contains("/// Docs."))
  }

  @Test func pythonHasKeywordsStringsAndComments() {
    let html = render("```py\nimport os\ndef f(x):\n    return 'a'  # note\n```\n").html
    #expect(spans("kw", in: html).contains("def"))
    #expect(spans("im", in: html).contains("import") || spans("kw", in: html).contains("import"))
    #expect(spans("cf", in: html).contains("return") || spans("kw", in: html).contains("return"))
    #expect(spans("st", in: html).joined().contains("a"))
    #expect(spans("co", in: html).joined().contains("# note"))
  }

  @Test func yamlHasKeysStringsAndComments() {
    let html = render("```yml\n# settings\ntitle: \"Folio\"\nlist: [1, 2]\n```\n").html
    #expect(spans("co", in: html) == ["# settings"])
    #expect(spans("fu", in: html).contains("title"))
    #expect(spans("st", in: html).contains("&quot;Folio&quot;"))
  }

  @Test func shellHasKeywordsStringsAndComments() {
    for name in ["sh", "shell", "bash", "console", "zsh"] {
      let html = render("```\(name)\nif [ -f x ]; then echo \"done\"; fi # c\n```\n").html
      #expect(spans("cf", in: html).contains("if") || spans("kw", in: html).contains("if"), "\(name)")
      #expect(spans("st", in: html).joined().contains("done"), "\(name)")
      #expect(spans("co", in: html).contains("# c"), "\(name)")
    }
  }

  @Test func textIsEscapedExactlyOnce() {
    let html = render("```swift\nlet s = \"<a href='x'>&amp;</a>\" // <b>\n```\n").html
    #expect(spans("st", in: html) == ["&quot;&lt;a href='x'&gt;&amp;amp;&lt;/a&gt;&quot;"])
    #expect(spans("co", in: html) == ["// &lt;b&gt;"])
    #expect(!html.contains("&amp;lt;"))
    #expect(!html.contains("<b>"))
  }

  @Test func fencesWithoutALanguageStayCmarkGFMs() {
    for markdown in [
      "```\nlet x = 1\n```\n", "    indented <code>\n", "~~~\n<a>\n~~~\n", "```text\nplain\n```\n",
      "```nohighlight\nx\n```\n",
    ] {
      #expect(render(markdown).html == HTMLRenderer().render(parser.parse(markdown)), "\(markdown)")
      #expect(render(markdown).warnings.isEmpty)
    }
  }

  @Test func anUnknownLanguageStaysPlainWithAWarningAtTheFence() throws {
    let markdown = "Intro.\n\n  ```swfit\n  let x = 1\n  ```\n"
    let (html, warnings) = render(markdown)
    #expect(html == HTMLRenderer().render(parser.parse(markdown)))
    let warning = try #require(warnings.first)
    #expect(warnings.count == 1)
    #expect(
      warning.description
        == "Content/page.md:3:3: warning: unknown code block language 'swfit'; shown as plain text\n"
        + "    hint: did you mean 'swift' (Swift)?")
  }

  @Test func languagesAreMatchedByNameAliasAndExtension() {
    let names = CodeHighlighter.shared.names
    #expect(names.match("Swift") == .definition("Swift"))
    #expect(names.match("js") == .definition("JavaScript"))
    #expect(names.match("ts") == .definition("TypeScript"))
    #expect(names.match("yml") == .definition("YAML"))
    #expect(names.match("c++") == .definition("C++"))
    #expect(names.match("objc") == .definition("Objective-C"))
    #expect(names.match("md") == .definition("Markdown"))
    #expect(names.match("go-html-template") == .definition("Django HTML Template"))
    #expect(names.match("kts") == .definition("Kotlin"))
    #expect(names.match("Dockerfile") == .definition("Dockerfile"))
    #expect(names.match("text") == .plainText)
    #expect(names.match("pyhton") == .unknown(closest: .init(name: "python", definition: "Python")))
  }

  @Test func noStyleAttributesAnywhere() {
    let markdown = """
      ```swift {linenos=true, hl_lines="1", title="a.swift"}
      let a = 1
      ```

      ```diff js
      - let a = 1;
      + const a = 1;
      ```

      ```text title="out.txt"
      plain
      ```

      """
    let html = render(markdown).html
    #expect(!html.contains("style="))
    #expect(html.contains("folio-code-title"))
  }
}
