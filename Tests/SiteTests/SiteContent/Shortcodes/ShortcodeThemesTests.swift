import MarkdownParsing
import Testing

@testable import SiteContent

/// The shortcodes of Hugo themes (Docsy, hugo-book, Relearn, Blowfish) as Folio's own Markdown:
/// tabs, callouts, disclosures, sections, code, diagrams and formulas, each line of a tag on its
/// own line kept, and what is not run warned about at its tag.
@Suite struct ShortcodeThemesTests {
  private func expand(
    _ markdown: String, templates: ShortcodeTemplates? = nil,
    syntax: Set<WriterSyntax> = Set(WriterSyntax.allCases)
  ) -> (
    markdown: String, result: ShortcodeExpander.Result
  ) {
    let (result, _) = ShortcodeExpander.expand(
      Array(markdown.utf8), path: "Content/a.md", lineOffset: 0, hugo: true, liquid: false,
      templates: templates,
      page: .init(title: "A", url: "/a/", params: []), allowsUnsafeHTML: false, syntax: syntax,
      renderMarkdown: { markdown, _ in markdown })
    return (String(decoding: result.markdown, as: UTF8.self), result)
  }

  @Test func docsyTabpaneBecomesContentTabsWithCodeInEachTabsLanguage() {
    let (markdown, result) = expand(
      """
      {{< tabpane >}}
      {{< tab header="Configuration file:" disabled=true />}}
      {{< tab header="hugo.toml" lang="toml" >}}
      [params]
      x = 1
      {{< /tab >}}
      {{< tab header="**YAML**" lang="yaml" >}}
      params: {x: 1}
      {{< /tab >}}
      {{< /tabpane >}}
      """)
    #expect(
      markdown
        == "\nConfiguration file:\n=== \"hugo.toml\"\n    ```toml\n    [params]\n    x = 1\n    ```\n"
        + "=== \"YAML\"\n    ```yaml\n    params: {x: 1}\n    ```\n")
    #expect(result.found == 7 && result.rendered == 7 && result.warnings.isEmpty)
  }

  @Test func textTabsHoldMarkdownIndentedUnderTheirLabel() {
    let (markdown, _) = expand(
      """
      {{< tabpane text=true >}}
        {{% tab header="English" lang="en" %}}
        **Welcome!**
        {{% /tab %}} {{% tab "German" %}}
        **Willkommen!**
        {{% /tab %}}
      {{< /tabpane >}}
      """)
    #expect(
      markdown
        == "\n  === \"English\"\n      **Welcome!**\n \n  === \"German\"\n      **Willkommen!**\n\n")
  }

  @Test func hugoBookAndRelearnTabsHoldMarkdown() {
    let (markdown, _) = expand(
      """
      {{< tabs "os" >}}
      {{< tab "MacOS" >}}
      # MacOS
      {{< /tab >}}
      {{% tab title="Linux" %}}Text{{% /tab %}}
      {{< /tabs >}}
      """)
    #expect(markdown == "\n=== \"MacOS\"\n    # MacOS\n\n=== \"Linux\"\n    Text\n\n\n")
  }

  @Test func alertsHintsAndNoticesBecomeCalloutsOfTheirColour() {
    let (markdown, result) = expand(
      """
      {{% alert title="Celebrate!" color=success %}}
      Done.
      {{% /alert %}}
      {{% hint danger %}}
      Careful.
      {{% /hint %}}
      {{% notice warning "Heads up" %}}
      Look.
      {{% /notice %}}
      {{% pageinfo color="info" %}}
      About.
      {{% /pageinfo %}}
      """)
    #expect(
      markdown == """
        !!! tip "Celebrate!"
            Done.

        !!! danger
            Careful.

        !!! warning "Heads up"
            Look.

        !!! note
            About.

        """)
    #expect(result.rendered == 8 && result.warnings.isEmpty)
  }

  @Test func unknownParametersAreWarnedAtTheTag() {
    let (markdown, result) = expand("{{% alert title=\"T\" colour=\"red\" %}}x{{% /alert %}}")
    #expect(markdown == "!!! note \"T\"\n    x\n\n")
    #expect(
      result.warnings.map(\.description) == [
        "Content/a.md:1:1: warning: 'alert' options 'colour' are not supported; ignored\n"
          + "    hint: remove them, or write a partial at Templates/shortcodes/alert.mustache that uses them"
      ])
  }

  @Test func blocksAreSectionsUnderTheirTitleAndKeepTheirLines() {
    let (markdown, _) = expand(
      """
      {{% blocks/cover
        title="Welcome!"
        height="full"
      %}}
      Hello.
      {{% /blocks/cover %}}
      {{% blocks/feature icon="fa-x" title="Contribute" url="https://example.com/" %}}
      Pull requests.
      {{% /blocks/feature %}}
      """)
    #expect(
      markdown == "## Welcome!\n\n\n\nHello.\n\n### [Contribute](https://example.com/)\nPull requests.\n")
  }

  @Test func cardsExpandsDiagramsFormulasAndButtons() {
    let (markdown, _) = expand(
      """
      {{< card header="**C**" code=true lang="c" >}}
      int main(void);
      {{< /card >}}
      {{% expand "More" %}}
      Hidden.
      {{% /expand %}}
      {{< mermaid >}}
      graph TD; A-->B
      {{< /mermaid >}}
      Area {{< katex >}}\\pi r^2{{< /katex >}}.
      {{< button href="https://example.com/" >}}Go{{< /button >}}
      """)
    #expect(
      markdown == """
        !!! note "C"
            ```c
            int main(void);
            ```

        ??? "More"
            Hidden.

        ```mermaid
        graph TD; A-->B
        ```
        Area $\\pi r^2$.
        [Go](https://example.com/)
        """)
  }

  @Test func readfileAndImgprocAreWarnedAndTheSitesOwnPartialWins() throws {
    let (markdown, result) = expand(
      "{{< readfile file=\"a.txt\" >}}\n{{< imgproc a Fill \"400x\" >}}Cap{{< /imgproc >}}")
    #expect(markdown == "\nCap")
    #expect(
      result.warnings.map(\.message) == [
        "the 'readfile' shortcode is not run: Folio does not read another file into a page; left out",
        "the 'imgproc' shortcode is not run: Folio does not resize or crop images; its caption is kept",
      ])
    let templates = try ShortcodeTemplates(sources: ["alert": "<b>{{inner}}</b>\n"])
    let (own, _) = expand("{{< alert >}}x{{< /alert >}}", templates: templates)
    #expect(own == "<!--folio-shortcode:0-->")
  }

  /// With `markdown.tabs`, `admonitions` or `math` turned off, no `===`, `!!!` or `$` is written:
  /// a label in bold and the content under it, a formula as TeX code.
  @Test func withoutTheSyntaxLabelsAreBoldAndContentPlain() {
    let (markdown, _) = expand(
      """
      {{< tabpane >}}
      {{< tab header="A" lang="sh" >}}
      ls
      {{< /tab >}}
      {{< /tabpane >}}
      {{% alert title="Careful" %}}
      Text.
      {{% /alert %}}
      {{< katex display >}}x^2{{< /katex >}}
      """, syntax: [])
    #expect(
      markdown
        == "\n**A**\n```sh\nls\n```\n\n**Careful**\nText.\n\n```latex\nx^2\n```\n")
  }
}
