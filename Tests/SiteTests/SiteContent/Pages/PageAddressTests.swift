import Testing

@testable import SiteContent

/// A Markdown file's kind, section and URL before its front matter is read, for the usual paths
/// (read in place) and for paths with empty components (read by splitting them), which agree.
@Suite struct PageAddressTests {
  @Test(arguments: [
    ("_index.md", Page.Kind.home, "", "", "/"),
    ("about.md", .page, "", "", "/about/"),
    ("posts/_index.md", .section, "posts", "posts", "/posts/"),
    ("posts/first.md", .page, "posts", "posts", "/posts/first/"),
    ("posts/2026/trip/index.md", .page, "posts/2026", "posts/2026/trip", "/posts/2026/trip/"),
    ("trip/index.md", .page, "", "trip", "/trip/"),
    ("index.md", .home, "", "", "/"),
    ("日記/春.md", .page, "日記", "日記", "/日記/春/"),
    // Empty components are dropped.
    ("/posts//first.md", .page, "posts", "posts", "/posts/first/"),
    ("posts/trip//index.md/", .page, "posts", "posts/trip", "/posts/trip/"),
  ])
  func readsKindFoldersAndURL(path: String, kind: Page.Kind, folder: String, fileFolder: String, url: String)
  {
    let address = PageAddress(ofMarkdownFile: path)
    #expect(address.kind == kind)
    #expect(address.folder == folder)
    #expect(address.fileFolder == fileFolder)
    #expect(address.url() == url)
  }

  @Test func aSlugReplacesTheNameOfPagesAndBundles() {
    #expect(PageAddress(ofMarkdownFile: "posts/first.md").url(slug: "one") == "/posts/one/")
    #expect(PageAddress(ofMarkdownFile: "posts/trip/index.md").url(slug: "voyage") == "/posts/voyage/")
  }
}
