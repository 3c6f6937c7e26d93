import Foundation
import SiteOutput
import TestSupport
import Testing

/// Whole builds: files copied, template and link errors at their place, and an error never
/// touching the previous output.
@Suite struct SiteBuilderTests {

  @Test func aFailingBuildReportsItsWarningsAfterItsErrors() throws {
    let site = try SiteFixture(
      """
      -- Content/a.md --
      1️⃣[x](/nowhere/)
      -- Content/b.md --
      * TOC
      2️⃣{:toc}

      Text.
      """)
    let reported = site.buildDiagnostics().map { "\($0.severity) \($0.location?.line ?? 0)" }
    #expect(reported.first == "error \(site.location("1️⃣").line)")
    #expect(reported.contains { $0.hasPrefix("warning") })
  }
  @Test func staticFilesAreCopiedBesideThePages() throws {
    let site = try SiteFixture(
      """
      -- Content/images/logo.svg --
      <svg/>
      -- Content/docs/guide.pdf --
      PDF
      -- Content/.hidden --
      secret
      -- Templates/assets/site.css --
      body {}
      """)
    try site.write([0x89, 0x50, 0x4E, 0x47, 0x00, 0xFF], to: "Content/images/photo.png")
    let built = try site.build()
    #expect(built.text("images/logo.svg") == "<svg/>\n")
    #expect(built.text("docs/guide.pdf") == "PDF\n")
    #expect(built.files["images/photo.png"] == [0x89, 0x50, 0x4E, 0x47, 0x00, 0xFF])
    #expect(built.text("assets/site.css") == "body {}\n")
    #expect(built.files[".hidden"] == nil)
  }

  @Test func anUnknownLayoutNamesThePage() throws {
    let site = try SiteFixture(
      """
      -- Content/a.md --
      ---
      layout: 1️⃣fancy
      ---
      """)
    #expect(site.buildError().hasPrefix("\(site.location("1️⃣")): error: unknown layout 'fancy'"))
  }

  @Test func aTemplateSyntaxErrorNamesTheTemplateFile() throws {
    let site = try SiteFixture(
      """
      -- Templates/page.mustache --
      <h1>{{page.title}}</h1>
      {{#page.tags}}1️⃣{{/page.tag}}
      -- Content/a.md --
      A
      """)
    let error = site.buildError()
    #expect(error.hasPrefix("\(site.location("1️⃣")): error: "), "\(error)")
  }

  @Test func aMissingPartialNamesTheTag() throws {
    let site = try SiteFixture(
      """
      -- Templates/page.mustache --
      <main>
        1️⃣{{>partials/sidebar}}
      </main>
      -- Content/a.md --
      A
      """)
    let error = site.buildError()
    #expect(error.hasPrefix("\(site.location("1️⃣")): error: "), "\(error)")
    #expect(error.contains("partials/sidebar"))
  }

  @Test func aBrokenInternalLinkNamesTheLinkAfterYAMLFrontMatter() throws {
    let site = try SiteFixture(
      """
      -- Content/a.md --
      ---
      title: A
      ---
      See [the guide](/docs/guide/) and 1️⃣[nothing](/docs/missing/#part).
      -- Content/docs/guide.md --
      Guide
      """)
    #expect(
      site.buildError()
        == "\(site.location("1️⃣")): error: broken link to '/docs/missing/#part': no page or file has that URL"
        + "\n    hint: link to a page by its URL: Content/a.md, this page, is /a/")
  }

  @Test func aBrokenLinkToANameSeveralPagesShareSuggestsEach() throws {
    let site = try SiteFixture(
      """
      -- Content/a.md --
      1️⃣[setup](/setup/)
      -- Content/docs/setup.md --
      Docs
      -- Content/blog/setup.md --
      Blog
      """)
    #expect(
      site.buildError()
        == "\(site.location("1️⃣")): error: broken link to '/setup/': no page or file has that URL"
        + "\n    hint: did you mean '/blog/setup/' or '/docs/setup/'?")
  }

  @Test func anchorsThatNameNoElementAreWarnings() throws {
    let site = try SiteFixture(
      """
      -- folio.yaml --
      static: {activeContent: [files/]}
      -- Content/docs/a.md --
      [ok](../guide/#installing) [layout](#main) [note](#fn-1) [top of page](#a-page)

      # A page

      1️⃣[typo](/docs/guide/#instaling) 2️⃣[here](#nowhere) [static](/files/page.html#part) 3️⃣[gone](/files/page.html#nope)
      Text with a note.[^1]

      [^1]: The note.
      -- Content/docs/guide.md --
      ## Installing
      -- Content/files/page.html --
      <p id="part">Part</p>
      """)
    // `folio build` checks only that links lead to a page or file; `check` and `serve` check
    // anchors too.
    #expect(try site.build().warnings.isEmpty)
    let built = try site.build(checkingAnchors: true)
    #expect(
      built.warnings == [
        "\(site.location("1️⃣")): warning: broken anchor in '/docs/guide/#instaling': /docs/guide/ has no element with id 'instaling'"
          + "\n    hint: did you mean '#installing'?",
        "\(site.location("2️⃣")): warning: broken anchor in '#nowhere': /docs/a/ has no element with id 'nowhere'"
          + "\n    hint: a heading's id is its text in lower case with spaces as hyphens: '## Command line' is #command-line",
        "\(site.location("3️⃣")): warning: broken anchor in '/files/page.html#nope': /files/page.html has no element with id 'nope'"
          + "\n    hint: a heading's id is its text in lower case with spaces as hyphens: '## Command line' is #command-line",
      ])
  }

  @Test func anchorsMadeByALayoutTagAreLookedForInThePage() throws {
    let site = try SiteFixture(
      """
      -- Templates/page.mustache --
      <section id="{{page.title}}">{{{page.content}}}</section>
      -- Content/a.md --
      ---
      title: intro
      ---
      [ok](#intro) 1️⃣[not there](#outro)
      """)
    #expect(
      try site.build(checkingAnchors: true).warnings.map { String($0.prefix { $0 != "\n" }) } == [
        "\(site.location("1️⃣")): warning: broken anchor in '#outro': /a/ has no element with id 'outro'"
      ])
  }

  @Test func relativeLinksAndImagesAreCheckedAsABrowserResolvesThem() throws {
    // The page is /docs/a/: `../guide/` is /docs/guide/, `guide/` is /docs/a/guide/.
    let site = try SiteFixture(
      """
      -- Content/docs/a.md --
      [up](../guide/) [same page](#top) [mail](mailto:a@b.example) [web](https://example.org/x/)
      ![logo](/images/logo.svg) ![also](../../images/logo.svg)
      1️⃣[down](guide/) 2️⃣![missing](/images/logo.png) 3️⃣![](pic.png)
      4️⃣[typo](/docs/gude/) 5️⃣[markdown file](../guide.md#flags) 6️⃣[case](/Docs/Guide/)
      -- Content/docs/guide.md --
      Guide
      -- Content/images/logo.svg --
      <svg/>
      """)
    let errors = site.buildErrors().map(\.description)
    #expect(
      errors == [
        "\(site.location("1️⃣")): error: broken link to 'guide/' (/docs/a/guide/): no page or file has that URL"
          + "\n    hint: did you mean '/docs/guide/'?",
        "\(site.location("2️⃣")): error: broken image source '/images/logo.png': no file has that URL"
          + "\n    hint: did you mean '/images/logo.svg'?",
        "\(site.location("3️⃣")): error: broken image source 'pic.png' (/docs/a/pic.png): no file has that URL"
          + "\n    hint: put the image at Content/docs/pic.png, or change the path: it is read from this page's folder",
        "\(site.location("4️⃣")): error: broken link to '/docs/gude/': no page or file has that URL"
          + "\n    hint: did you mean '/docs/guide/'?",
        "\(site.location("5️⃣")): error: broken link to '../guide.md#flags': there is no Content/guide.md"
          + "\n    hint: did you mean '/docs/guide.md#flags'?",
        "\(site.location("6️⃣")): error: broken link to '/Docs/Guide/': no page or file has that URL"
          + "\n    hint: link to a page by its URL: Content/docs/a.md, this page, is /docs/a/",
      ])
  }

  @Test func aLinkToAMarkdownFileThatMakesNoPageNamesTheFileAndWhatItMeant() throws {
    let site = try SiteFixture(
      """
      -- Content/docs/a.md --
      1️⃣[typo](getting-startd.md#install) 2️⃣[draft](draft.md) 3️⃣[moved](setup.md)
      4️⃣[nothing](nothing-like-it.md) 5️⃣[from Content](/docs/gettin-started.md)
      -- Content/docs/getting-started.md --
      Start
      -- Content/docs/draft.md --
      ---
      draft: true
      ---
      Soon
      -- Content/guide/setup.md --
      Setup
      """)
    let errors = site.buildErrors().map(\.description)
    #expect(
      errors == [
        "\(site.location("1️⃣")): error: broken link to 'getting-startd.md#install': there is no Content/docs/getting-startd.md"
          + "\n    hint: did you mean 'getting-started.md#install'?",
        "\(site.location("2️⃣")): error: broken link to 'draft.md': Content/docs/draft.md is a draft, which this build leaves out"
          + "\n    hint: publish it with 'draft: false', or build with --drafts to see it",
        "\(site.location("3️⃣")): error: broken link to 'setup.md': there is no Content/docs/setup.md"
          + "\n    hint: did you mean '../guide/setup.md'?",
        "\(site.location("4️⃣")): error: broken link to 'nothing-like-it.md': there is no Content/docs/nothing-like-it.md"
          + "\n    hint: a link to a Markdown file names it from the linking file's folder, as on GitHub,"
          + " or from Content/ (this page is '/docs/a.md')",
        "\(site.location("5️⃣")): error: broken link to '/docs/gettin-started.md': there is no Content/docs/gettin-started.md"
          + "\n    hint: did you mean '/docs/getting-started.md'?",
      ])
  }

  @Test func aMissingMarkdownFileInAMountedFolderIsNamedWhereItIsInTheProject() throws {
    let site = try SiteFixture(
      "-- folio.yaml --\ntitle: Z\nmounts: [articles]\n-- articles/a.md --\n# A\n\nSee [b](b.md).\n")
    #expect(
      site.buildErrors().map(\.description) == [
        "articles/a.md:3:5: error: broken link to 'b.md': there is no articles/b.md"
          + "\n    hint: a link to a Markdown file names it from the linking file's folder, as on GitHub,"
          + " or from Content/ (this page is '/articles/a.md')"
      ])
  }

  @Test func aBrokenLinkIsFoundInListsTablesAndAfterJSONFrontMatter() throws {
    let site = try SiteFixture(
      """
      -- Content/a.md --
      {"title": "A",
       "tags": []}
      - item with 1️⃣[a link](/nowhere/)

      | a | b |
      |---|---|
      | 2️⃣[x](/gone.png) | ok |
      -- Content/ok.md --
      [fine](/a/) [file](/images/x.png) [home](/) [encoded](/%E6%97%A5/)
      -- Content/images/x.png --
      png
      -- Content/日/_index.md --
      Japanese section
      """)
    let errors = site.buildErrors().map(\.description).map { String($0.prefix { $0 != "\n" }) }
    #expect(
      errors == [
        "\(site.location("1️⃣")): error: broken link to '/nowhere/': no page or file has that URL",
        "\(site.location("2️⃣")): error: broken link to '/gone.png': no page or file has that URL",
      ])
  }

  @Test func anErrorLeavesThePreviousOutputUntouched() throws {
    let site = try SiteFixture(
      """
      -- Content/a.md --
      First version
      """)
    try site.publish()
    let before = site.tree("public")
    #expect(before["a/index.html"] != nil)

    try site.write("---\ndraft: maybe\n---\n", to: "Content/a.md")
    #expect(throws: (any Error).self) { try site.publish() }
    try site.write("[broken](/nowhere/)\n", to: "Content/a.md")
    #expect(throws: (any Error).self) { try site.publish() }
    try site.write("{{#open}}\n", to: "Templates/page.mustache")
    #expect(throws: (any Error).self) { try site.publish() }

    #expect(site.tree("public") == before)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: site.root.path).sorted() == [
        "Content", "Templates", "public",
      ])
  }

  @Test func aSuccessfulBuildReplacesTheOutputWhole() throws {
    let site = try SiteFixture(
      """
      -- Content/a.md --
      A
      -- Content/b.md --
      B
      """)
    try site.publish()
    try site.write("stray", to: "public/stray.txt")
    try site.remove("Content/b.md")
    let built = try site.publish()
    #expect(site.tree("public").keys.sorted() == [OutputDirectory.markerName] + built.paths)
    #expect(!site.exists("public/b/index.html"))
    #expect(!site.exists("public/stray.txt"))
  }
}
