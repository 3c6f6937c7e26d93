import Testing

@testable import SiteContent

/// The expansion of Hugo shortcodes and Liquid tags into Markdown, on its own: what replaces
/// each tag, the warnings' places, and the work on hostile pages.
@Suite struct ShortcodeExpanderTests {
  private func expand(
    _ markdown: String, hugo: Bool = true, liquid: Bool = false, templates: ShortcodeTemplates? = nil
  ) -> (markdown: String, result: ShortcodeExpander.Result, steps: Int) {
    let (result, steps) = ShortcodeExpander.expand(
      Array(markdown.utf8), path: "Content/docs/a.md", lineOffset: 2, hugo: hugo, liquid: liquid,
      templates: templates,
      page: .init(title: "A", url: "/docs/a/", params: [("version", "1.2")]), allowsUnsafeHTML: false,
      renderMarkdown: { markdown, _ in "<p>" + markdown + "</p>" })
    return (String(decoding: result.markdown, as: UTF8.self), result, steps)
  }

  @Test func builtInsBecomeFolioMarkdown() {
    let (markdown, result, _) = expand(
      """
      v{{< param version >}} [x]({{< ref "b.md#top" >}}) [y]({{< relref "/guide/setup" >}})
      {{< figure src="a.png" alt="A [b]" caption="*Cap*" width="300" >}}
      {{< youtube id="dQw4w9WgXcQ" >}}
      {{< x user="swiftlang" id="123" >}}
      {{< gist alice 42 >}}
      """)
    #expect(
      markdown == """
        v1.2 [x](b.md#top) [y](/guide/setup/)
        ![A \\[b\\]](a.png =300x)
        **Cap**
        @[youtube](dQw4w9WgXcQ)
        @[tweet](https://x.com/swiftlang/status/123)
        @[gist](https://gist.github.com/alice/42)
        """)
    #expect(result.found == 7 && result.rendered == 7 && result.warnings.isEmpty)
  }

  @Test func figureOptionsFolioDoesNotHaveAreWarned() {
    let (markdown, result, _) = expand("{{< figure src=\"a.png\" class=\"wide\" >}}")
    #expect(markdown == "![](a.png)")
    #expect(
      result.warnings.map(\.description) == [
        "Content/docs/a.md:3:1: warning: 'figure' options 'class' are not supported; ignored\n"
          + "    hint: remove them, or write a partial at Templates/shortcodes/figure.mustache that uses them"
      ])
  }

  @Test func highlightBecomesAFenceAndItsInsideStaysAsWritten() {
    let (markdown, result, _) = expand(
      """
      {{< highlight go "linenos=table,hl_lines=2,style=x" >}}
      x := "{{< notashortcode >}}"
      {{< /highlight >}}
      """)
    #expect(
      markdown == """
        ```go {linenos=true, hl_lines="2"}
        x := "{{< notashortcode >}}"
        ```
        """)
    #expect(
      result.warnings.map(\.description) == [
        "Content/docs/a.md:3:1: warning: 'highlight' options 'style=x' are not supported; ignored\n"
          + "    hint: Folio's code blocks take linenos, linenostart and hl_lines; see /docs/markdown/#code-blocks"
      ])
  }

  @Test func codeIsLeftAloneButCommentsAreUncommentedEverywhere() {
    let (markdown, result, _) = expand(
      """
      `{{< figure src="a" >}}` and {{</* figure src="b" */>}}

      ```
      {{< param version >}} {{%/* notice */%}}
      ```
      """)
    #expect(
      markdown == """
        `{{< figure src="a" >}}` and {{< figure src="b" >}}

        ```
        {{< param version >}} {{% notice %}}
        ```
        """)
    #expect(result.found == 0 && result.comments == 2)
  }

  @Test func aFenceInsideALongerFenceIsCode() {
    let page = "````md\n```go\n{{< a >}}\n```\n````\n{{< param version >}}\n"
    #expect(expand(page).markdown == "````md\n```go\n{{< a >}}\n```\n````\n1.2\n")
  }

  @Test func unknownShortcodesAreWarnedAtTheirPlaceAndKeepTheirInnerText() {
    let (markdown, result, _) = expand(
      "Text\n  {{% noticebox info %}}\n*kept*\n{{% /noticebox %}}\n{{< /stray >}}\n")
    #expect(markdown == "Text\n  \n*kept*\n\n\n")
    #expect(
      result.warnings.map(\.description) == [
        "Content/docs/a.md:4:3: warning: unknown shortcode 'noticebox'; its tags are left out\n"
          + "    hint: write a Mustache partial at Templates/shortcodes/noticebox.mustache (see /docs/shortcodes/); its inner Markdown is kept",
        "Content/docs/a.md:7:1: warning: '{{< /stray >}}' closes nothing that is open; left out\n"
          + "    hint: remove it, or add the opening tag before it",
      ])
  }

  @Test func aHighlightWithoutItsClosingTagIsWarnedAndItsCodeKept() {
    let (markdown, result, _) = expand("{{< highlight go >}}\nx := 1\n")
    #expect(markdown == "\nx := 1\n")
    #expect(result.warnings.map(\.message) == ["the 'highlight' shortcode is never closed; left out"])
  }

  @Test func unclosedTagsLoseTheirDelimiterWithAWarning() {
    let (markdown, result, _) = expand("a {{< figure src=\"x\" b\n\n{{% c")
    #expect(markdown == "a  figure src=\"x\" b\n\n c")
    #expect(result.warnings.count == 2)
    #expect(result.warnings.first?.location?.line == 3)
  }

  @Test func liquidOnlyWhenAsked() {
    let text = "{{ site.baseurl }}/x {% link _posts/a.md %}"
    #expect(expand(text, hugo: false).markdown == text)
    let (markdown, result, _) = expand(
      """
      [a]({{ site.baseurl }}/x) [b]({{ "/y" | relative_url }}) [c]({% link docs/c.md %}) [d]({% post_url 2020-01-02-hi %})
      {% raw %}{{ kept }} {% if x %}{% endraw %} {% include note.html %} {{ page.author }}
      {% comment %}gone {% if %}{% endcomment %}
      {% highlight ruby %}
      puts "{{ x }}"
      {% endhighlight %}
      """, hugo: false, liquid: true)
    #expect(
      markdown == """
        [a](/x) [b](/y) [c](/docs/c.md) [d](/_posts/2020-01-02-hi.md)
        {{ kept }} {% if x %}  

        ```ruby
        puts "{{ x }}"
        ```
        """, "\(markdown)")
    #expect(
      result.warnings.map(\.message) == [
        "Liquid tag '{% include note.html %}' is not run by Folio; left out",
        "Liquid output '{{ page.author }}' is not evaluated by Folio; left out",
      ])
  }

  @Test func partialsGetTheirArgumentsEscapedAndTheirInnerText() throws {
    let templates = try ShortcodeTemplates(sources: [
      "note":
        "<aside class=\"{{0}}\" title=\"{{{title}}}\">{{#positional}}[{{.}}]{{/positional}}{{{inner}}}|{{page.title}}</aside>"
    ])
    let (markdown, result, _) = expand(
      "{{< note warn \"<b>\" title=\"<i>\" >}}a <script>{{< note x />}}{{< /note >}}\n",
      templates: templates)
    #expect(markdown == "<!--folio-shortcode:1-->\n", "\(markdown)")
    #expect(
      result.outputs == [
        "<aside class=\"x\" title=\"\">[x]|A</aside>",
        "<aside class=\"warn\" title=\"&lt;i&gt;\">[warn][&lt;b&gt;]a &lt;script&gt;<aside class=\"x\" title=\"\">[x]|A</aside>|A</aside>",
      ])
    #expect(result.rendered == 3 && result.warnings.isEmpty)
  }

  @Test func nestingTenThousandDeepIsCutWithOneWarning() {
    let depth = 10_000
    let page =
      String(repeating: "{{< d >}}", count: depth) + "x" + String(repeating: "{{< /d >}}", count: depth)
    let (markdown, result, _) = expand(page)
    #expect(markdown == "x")
    #expect(result.warnings.filter { $0.message.contains("nested more than 32") }.count == 1)
  }

  /// Work (bytes looked at) grows with the page, not with its square, whatever the page holds.
  @Test(arguments: [
    "{{< ", "{{< a ", "` a ", "`` a ", "{{< a \"", "{{< a b=", "{{% a %}}", "{{< /a >}}", "{% ", "{{ ",
    "```\n",
  ])
  func workIsLinear(unit: String) {
    func steps(_ count: Int) -> Int {
      expand(
        String(repeating: unit, count: count) + "\n" + String(repeating: "a", count: count), liquid: true
      ).steps
    }
    let small = steps(2_000)
    let large = steps(8_000)
    #expect(large <= small * 5, "\(unit): \(small) → \(large)")
  }

  @Test func hugeArgumentListsAreRead() {
    let arguments = (0..<20_000).map { "k\($0)=\"v\"" }.joined(separator: " ")
    let (_, result, steps) = expand("{{< a " + arguments + " >}}")
    // Longer than the longest tag read: text, with a warning.
    #expect(result.warnings.count == 1)
    #expect(steps < 2_000_000)
  }
}
