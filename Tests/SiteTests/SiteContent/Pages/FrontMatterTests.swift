import TestSupport
import Testing

/// Front matter mistakes are reported at their place in the page file, not in the YAML snippet.
@Suite struct FrontMatterTests {
  @Test func fencesMayEndWithSpacesTabsAndCarriageReturns() throws {
    let site = try SiteFixture("-- Content/a.md --\n")
    try site.write("--- \t\r\ntitle: Fenced\n...\t \r\nBody\n", to: "Content/a.md")
    let page = try site.build().text("a/index.html")
    #expect(page.contains("Fenced"))
    #expect(page.contains("<p>Body</p>"))
    #expect(!page.contains("title:"))
  }

  @Test func aFenceWithMoreAfterItIsNotAFence() throws {
    let site = try SiteFixture("-- Content/a.md --\n")
    // `--- x` opens nothing: the page has no front matter, and `---` after text is a heading line.
    try site.write("--- x\ntitle: Not\n---\nBody\n", to: "Content/a.md")
    let page = try site.build().text("a/index.html")
    #expect(page.contains("title: Not"))
  }

  @Test func aYAMLSyntaxErrorNamesTheLineInThePageFile() throws {
    let site = try SiteFixture(
      """
      -- Content/a.md --
      ---
      title: A
      tags: [one, two
      1️⃣---
      Body
      """)
    let error = site.buildError()
    #expect(error.hasPrefix("\(site.location("1️⃣")): error: "), "\(error)")
  }

  @Test func aBadIndentNamesItsLine() throws {
    let site = try SiteFixture(
      """
      -- Content/a.md --
      ---
      title: A
       bad1️⃣: indent
      ---
      """)
    let error = site.buildError()
    #expect(error.hasPrefix("Content/a.md:3:"), "\(error)")
    #expect(error.hasPrefix("\(site.location("1️⃣")): error: "), "\(error)")
  }

  @Test func aValueOfTheWrongTypeNamesTheValue() throws {
    let site = try SiteFixture(
      """
      -- Content/a.md --
      ---
      title: A
      draft: 1️⃣maybe
      ---
      """)
    #expect(
      site.buildError()
        == "\(site.location("1️⃣")): error: expected true or false for 'draft', found the string 'maybe'")
  }

  @Test func aDateThatIsNotADateNamesTheValue() throws {
    let site = try SiteFixture(
      """
      -- Content/a.md --
      ---
      date: 1️⃣yesterday
      ---
      """)
    #expect(site.buildError().hasPrefix("\(site.location("1️⃣")): error: 'yesterday' is not a date"))
  }

  @Test func unclosedFrontMatterIsAnError() throws {
    let site = try SiteFixture(
      """
      -- Content/a.md --
      1️⃣---
      title: A
      """)
    #expect(
      site.buildError().hasPrefix(
        "\(site.location("1️⃣")): error: front matter opened with '---' is never closed"))
  }

  @Test func aJSONSyntaxErrorNamesItsPlace() throws {
    let site = try SiteFixture(
      """
      -- Content/a.md --
      {
        "title": "A",
        "tags": ["x" 1️⃣"y"]
      }
      """)
    let error = site.buildError()
    #expect(error.hasPrefix("Content/a.md:3:"), "\(error)")
  }

  /// A Hugo page without front matter may open with a shortcode: `{{<` is Markdown, not JSON.
  @Test func aPageOpeningWithABraceThatIsNotJSONIsMarkdown() throws {
    let site = try SiteFixture(
      """
      -- folio.yaml --
      markdown: {shortcodes: true}
      -- Content/a.md --
      {{< figure src="/x.png" alt="An X" >}}

      Text.
      -- Content/x.png --
      png
      -- Content/b.md --
      {"title": "Bee"}
      Bee text.
      """)
    let built = try site.build()
    #expect(built.text("a/index.html").contains("<img src=\"/x.png\" alt=\"An X\""))
    #expect(built.text("b/index.html").contains("<title>Bee"))
  }
}
