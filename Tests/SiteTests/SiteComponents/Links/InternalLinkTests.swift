import Testing

@testable import SiteComponents

@Suite struct InternalLinkTests {
  @Test(arguments: [
    ("/docs/cli/", "/docs/cli/"),
    ("/docs/cli/#flags", "/docs/cli/"),
    ("/search/?q=x", "/search/"),
    ("../cli/", "/docs/cli/"),
    ("../cli.md#top", "/docs/cli.md"),
    ("guide/", "/docs/content/guide/"),
    ("./", "/docs/content/"),
    (".", "/docs/content/"),
    ("..", "/docs/"),
    ("../../../../images/a.png", "/images/a.png"),
    ("pic.png", "/docs/content/pic.png"),
    ("a//b", "/docs/content/a/b"),
    ("%E6%97%A5/", "/docs/content/%E6%97%A5/"),
  ])
  func siteLinksLeadWhereABrowserTakesThem(reference: String, target: String) {
    #expect(InternalLink.target(of: reference, fromPageAt: "/docs/content/") == target)
  }

  @Test(arguments: [
    "https://example.org/", "mailto:someone@example.org", "javascript:alert(1)", "//cdn.example/x.js",
    "?page=2", "", "#", "tel:+81-3-0000", "x-custom+scheme.v1:thing",
  ])
  func linksThatLeaveTheSiteAreNotChecked(reference: String) {
    #expect(InternalLink.target(of: reference, fromPageAt: "/docs/content/") == nil)
  }

  @Test func anAnchorOnThePageLeadsToThePage() {
    #expect(InternalLink.target(of: "#flags", fromPageAt: "/docs/cli/") == "/docs/cli/")
  }

  @Test(arguments: [
    ("../cli/#flags", "flags"), ("#%E6%97%A5%E6%9C%AC", "日本"), ("#日本語の見出し", "日本語の見出し"), ("/a/", nil),
    ("/a/#", nil), ("/a/?q=1#x", "x"),
  ])
  func fragmentsArePercentDecoded(reference: String, fragment: String?) {
    #expect(InternalLink.fragment(of: reference) == fragment)
  }

  @Test func aColonAfterASlashIsAPathNotAScheme() {
    #expect(InternalLink.target(of: "notes/10:30/", fromPageAt: "/") == "/notes/10:30/")
  }
}
