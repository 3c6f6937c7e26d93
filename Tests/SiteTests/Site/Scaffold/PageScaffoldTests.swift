import Site
import TestSupport
import Testing

/// The page `folio new page` writes must read back as the title and date it was given.
@Suite struct PageScaffoldTests {
  @Test(arguments: [
    ("Content/posts/hello-world.md", "Hello world"),
    ("Content/posts/my_first__post.md", "My first post"),
    ("Content/日本語のメモ.md", "日本語のメモ"),
    ("Content/field-notes/_index.md", "Field notes"),
    ("Content/_index.md", "Home"),
    ("-.md", "Untitled"),
  ])
  func titlesComeFromTheFileName(path: String, title: String) {
    #expect(PageScaffold.title(forPath: path) == title)
  }

  @Test(arguments: [
    "Plain", "A: colon", "\"Quoted\" #1", "back\\slash", "tab\there", "- dash", "[list]", "yes",
  ])
  func anyTitleSurvivesTheFrontMatter(title: String) throws {
    let site = try SiteFixture(
      """
      -- Templates/page.mustache --
      [{{{page.title}}}] {{page.date}}
      """)
    try site.write(PageScaffold.page(title: title, date: "2026-11-30"), to: "Content/a.md")
    #expect(try site.build().text("a/index.html") == "[\(title)] 2026-11-30\n")
  }
}
