import HTMLRendering
import MarkdownParsing
import RichText
import Testing

/// Each rendering option against the exact HTML cmark-gfm prints with the matching flag.
@Suite struct HTMLRendererTests {
  private func render(
    _ markdown: String, _ extensions: Set<MarkdownExtension> = [],
    _ options: HTMLRenderOptions = HTMLRenderOptions()
  ) -> String {
    HTMLRenderer(options: options).render(
      MarkdownParser(options: MarkdownOptions(extensions: extensions)).parse(markdown))
  }

  private let urls =
    "[j](javascript:alert) [v](VBScript:x) [f](file:///etc) [d](data:text/html,x) ![p](data:image/png;base64,AA) ![w](data:image/webp;x) [s](https://e.com/a?b=1&c='d' \"T\")"

  @Test func safeModeOmitsRawHTML() {
    #expect(
      render("<script>x</script>\n\n<b>b</b> <iframe src=x>")
        == "<!-- raw HTML omitted -->\n<p><!-- raw HTML omitted -->b<!-- raw HTML omitted --> <!-- raw HTML omitted --></p>\n"
    )
  }

  @Test func safeModeEmptiesDangerousURLsButKeepsImageData() {
    #expect(
      render(urls)
        == "<p><a href=\"\">j</a> <a href=\"\">v</a> <a href=\"\">f</a> <a href=\"\">d</a> <img src=\"data:image/png;base64,AA\" alt=\"p\" /> <img src=\"data:image/webp;x\" alt=\"w\" /> <a href=\"https://e.com/a?b=1&amp;c=&#x27;d&#x27;\" title=\"T\">s</a></p>\n"
    )
  }

  @Test func unsafeModeKeepsRawHTMLAndEveryURL() {
    let unsafe = HTMLRenderOptions(allowsRawHTML: true, allowsUnsafeURLs: true)
    #expect(
      render("<script>x</script>\n\n<b>b</b> <iframe src=x>", [], unsafe)
        == "<script>x</script>\n<p><b>b</b> <iframe src=x></p>\n")
    #expect(
      render(urls, [], unsafe)
        == "<p><a href=\"javascript:alert\">j</a> <a href=\"VBScript:x\">v</a> <a href=\"file:///etc\">f</a> <a href=\"data:text/html,x\">d</a> <img src=\"data:image/png;base64,AA\" alt=\"p\" /> <img src=\"data:image/webp;x\" alt=\"w\" /> <a href=\"https://e.com/a?b=1&amp;c=&#x27;d&#x27;\" title=\"T\">s</a></p>\n"
    )
  }

  @Test func tagFilterEscapesOnlyDisallowedTags() {
    let filtered = HTMLRenderOptions(allowsRawHTML: true, allowsUnsafeURLs: true, filtersTags: true)
    #expect(
      render("<script>x</script>\n\n<b>b</b> <iframe src=x>", [], filtered)
        == "&lt;script>x&lt;/script>\n<p><b>b</b> &lt;iframe src=x></p>\n")
    #expect(
      render("<textarea>\n\n<xmp> and <style>", [], filtered)
        == "&lt;textarea>\n<p>&lt;xmp> and &lt;style></p>\n")
    // As cmark-gfm: a tab, line feed, carriage return or space ends the name; a vertical tab or
    // a form feed does not (`<xmp\u{0C}>` is no `xmp` tag to it).
    #expect(
      render("<div>\n<xmp\t> <xmp\u{0B}> <xmp\u{0C}> <xmp >\n</div>", [], filtered)
        == "<div>\n&lt;xmp\t> <xmp\u{0B}> <xmp\u{0C}> &lt;xmp >\n</div>\n")
  }

  @Test func softBreakModes() {
    let markdown = "日本語\n日本語\nEnglish\ntext"
    #expect(render(markdown) == "<p>日本語\n日本語\nEnglish\ntext</p>\n")
    #expect(render(markdown, [], HTMLRenderOptions(softBreak: .space)) == "<p>日本語 日本語 English text</p>\n")
    #expect(
      render(markdown, [], HTMLRenderOptions(softBreak: .lineBreak))
        == "<p>日本語<br />\n日本語<br />\nEnglish<br />\ntext</p>\n")
    // Between two CJK characters the break disappears; next to Latin text it stays a newline.
    #expect(render(markdown, [], HTMLRenderOptions(softBreak: .cjkAware)) == "<p>日本語日本語\nEnglish\ntext</p>\n")
    #expect(render("「引用」\nです。", [], HTMLRenderOptions(softBreak: .cjkAware)) == "<p>「引用」です。</p>\n")
  }

  @Test func sourcePositionsOnEveryBlock() {
    #expect(
      render("# T\n\n> q\n\n- a\n- b\n\n---", [], HTMLRenderOptions(includesSourcePositions: true))
        == "<h1 data-sourcepos=\"1:1-1:3\">T</h1>\n<blockquote data-sourcepos=\"3:1-3:3\">\n<p data-sourcepos=\"3:3-3:3\">q</p>\n</blockquote>\n<ul data-sourcepos=\"5:1-7:0\">\n<li data-sourcepos=\"5:1-5:3\">a</li>\n<li data-sourcepos=\"6:1-7:0\">b</li>\n</ul>\n<hr data-sourcepos=\"8:1-8:3\" />\n"
    )
  }

  @Test func codeBlockLanguageForms() {
    let code = "```rust meta data\nfn\n```\n\n```\nplain\n```"
    #expect(
      render(code)
        == "<pre><code class=\"language-rust\">fn\n</code></pre>\n<pre><code>plain\n</code></pre>\n")
    #expect(
      render(code, [], HTMLRenderOptions(usesGitHubPreLang: true))
        == "<pre lang=\"rust\"><code>fn\n</code></pre>\n<pre><code>plain\n</code></pre>\n")
    #expect(
      render(code, [], HTMLRenderOptions(includesFullInfoString: true))
        == "<pre><code class=\"language-rust\" data-meta=\"meta data\">fn\n</code></pre>\n<pre><code>plain\n</code></pre>\n"
    )
  }

  @Test func tablesAlignWithAttributesOrStyles() {
    let table = "| a | b | c |\n|:-:|--:|---|\n| 1 | 2 | 3 |"
    #expect(
      render(table, [.table])
        == "<table>\n<thead>\n<tr>\n<th align=\"center\">a</th>\n<th align=\"right\">b</th>\n<th>c</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td align=\"center\">1</td>\n<td align=\"right\">2</td>\n<td>3</td>\n</tr>\n</tbody>\n</table>\n"
    )
    #expect(
      render(table, [.table], HTMLRenderOptions(prefersStyleAttributesInTables: true))
        == "<table>\n<thead>\n<tr>\n<th style=\"text-align: center\">a</th>\n<th style=\"text-align: right\">b</th>\n<th>c</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td style=\"text-align: center\">1</td>\n<td style=\"text-align: right\">2</td>\n<td>3</td>\n</tr>\n</tbody>\n</table>\n"
    )
  }

  /// Both references to `c` sit in definitions nothing refers to, which cmark-gfm drops; `c`
  /// still gets a back-link for each (found by Tests/Fuzz, the markdown differential).
  @Test func footnoteReferredToOnlyFromDroppedDefinitionsKeepsItsBackReferences() {
    #expect(
      render("[^d]:[^c]\n[^c]:[^d]:[^c]", [.footnotes])
        == "<section class=\"footnotes\" data-footnotes>\n<ol>\n<li id=\"fn-c\">\n<a href=\"#fnref-c\" class=\"footnote-backref\" data-footnote-backref aria-label=\"Back to content\">↩</a> <a href=\"#fnref-c-2\" class=\"footnote-backref\" data-footnote-backref aria-label=\"Back to content\">↩<sup class=\"footnote-ref\">2</sup></a>\n</li>\n</ol>\n</section>\n"
    )
  }

  @Test func footnotesWithBackReferencesAfterTheLastParagraph() {
    #expect(
      render("Note[^1] again[^1].\n\n[^1]: Here.\n\n    More.", [.footnotes])
        == "<p>Note<sup class=\"footnote-ref\"><a href=\"#fn-1\" id=\"fnref-1\" data-footnote-ref>1</a></sup> again<sup class=\"footnote-ref\"><a href=\"#fn-1\" id=\"fnref-1-2\" data-footnote-ref>1</a></sup>.</p>\n<section class=\"footnotes\" data-footnotes>\n<ol>\n<li id=\"fn-1\">\n<p>Here.</p>\n<p>More. <a href=\"#fnref-1\" class=\"footnote-backref\" data-footnote-backref aria-label=\"Back to content\">↩</a> <a href=\"#fnref-1-2\" class=\"footnote-backref\" data-footnote-backref aria-label=\"Back to content\">↩<sup class=\"footnote-ref\">2</sup></a></p>\n</li>\n</ol>\n</section>\n"
    )
  }

  @Test func renderIntoAnExistingWriterAppends() {
    var writer = HTMLWriter()
    writer.raw("<main>")
    HTMLRenderer().render(MarkdownParser().parse("*x*"), into: &writer)
    writer.raw("</main>")
    // Blocks start on a line of their own, as in cmark-gfm.
    #expect(writer.string == "<main>\n<p><em>x</em></p>\n</main>")
  }
}
