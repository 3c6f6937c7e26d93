import Testing

@Suite struct FolioSiteCommandTests {
  @Test func rendersAsFolioDoes() async {
    let run = runFolioSite(["render"], input: "*hi*\n")
    #expect(run.status == 0)
    #expect(run.output == "<p><em>hi</em></p>\n")
  }

  @Test func rendersHighlightedCodeOnlyWithHighlight() async {
    let markdown = "```swift\nlet a = 1\n```\n\n```swfit\nb\n```\n"
    let plain = runFolioSite(["render"], input: markdown)
    #expect(
      plain.output == "<pre><code class=\"language-swift\">let a = 1\n</code></pre>\n"
        + "<pre><code class=\"language-swfit\">b\n</code></pre>\n")
    let run = runFolioSite(["render", "--highlight"], input: markdown)
    #expect(run.status == 0)
    #expect(
      run.output == "<div class=\"folio-code\">\n<pre><code class=\"language-swift\" data-lang=\"swift\">"
        + "<span class=\"kw\">let</span> <span class=\"va\">a</span> <span class=\"op\">=</span> "
        + "<span class=\"dv\">1</span>\n</code></pre>\n</div>\n<pre><code class=\"language-swfit\">b\n</code></pre>\n"
    )
    #expect(
      run.error == "<stdin>:5:1: warning: unknown code block language 'swfit'; shown as plain text\n"
        + "    hint: did you mean 'swift' (Swift)?\n")
  }

  @Test func rendersInflectedSpansOnlyWithInflect() async {
    let plain = runFolioSite(["render", "--extended-attributes"], input: "^[3 bookmark](inflect: true)\n")
    #expect(plain.output == "<p><span data-inflect=\"true\">3 bookmark</span></p>\n")
    let english = runFolioSite(
      ["render", "--extended-attributes", "--inflect"], input: "^[3 bookmark](inflect: true)\n")
    #expect(english.status == 0)
    #expect(english.output == "<p>3 bookmarks</p>\n")
    let spanish = runFolioSite(
      ["render", "--extended-attributes", "--inflect", "--language", "es"],
      input: "^[2 manzana roja](inflect: true) ^[2 coste nuevo](inflect: true)\n")
    #expect(
      spanish.output == "<p>2 manzanas rojas <span data-inflect=\"true\">2 coste nuevo</span></p>\n")
    #expect(
      spanish.error.hasPrefix(
        "<stdin>:1:34: warning: cannot tell the gender of 'coste', which the words beside it agree with\n"))
  }

  @Test func unknownSubcommandsAreUsageErrors() async {
    let run = runFolioSite(["publish"])
    #expect(run.status == 64)
    #expect(run.error == "error: unknown subcommand 'publish'\nSee 'folio --help'.\n")
  }
}
