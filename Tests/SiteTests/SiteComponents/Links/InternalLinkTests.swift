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

  @Test func nonASCIILinksLeadWhereABrowserTakesThemToo() {
    #expect(InternalLink.target(of: "../日本/", fromPageAt: "/docs/été/") == "/docs/日本/")
    #expect(InternalLink.target(of: "a/../b", fromPageAt: "/日本/") == "/日本/b")
  }

  /// The byte reading of ASCII links gives what the character reading gives, for every mix of
  /// parts (`.`, `..`, empty, names) and pages at every depth, `..` past the root included.
  @Test func theASCIIReadingAgreesWithTheCharacterReading() {
    let parts = ["", ".", "..", "a", "b.md", "x y"]
    let pages = ["/", "/docs/", "/docs/content/", "//odd//page", "/a/b/c/d/"]
    var paths: [String] = parts
    for first in parts {
      for second in parts {
        paths.append(first + "/" + second)
        for third in parts { paths.append(first + "/" + second + "/" + third) }
      }
    }
    for page in pages {
      for path in paths where !path.isEmpty {
        let ascii = InternalLink.asciiTarget(of: path[...], fromPageAt: page)
        #expect(
          ascii == InternalLink.characterTarget(of: path[...], fromPageAt: page), "\(path) from \(page)")
      }
    }
    #expect(InternalLink.asciiTarget(of: "été/", fromPageAt: "/") == nil)
    #expect(InternalLink.asciiTarget(of: "a/", fromPageAt: "/été/") == nil)
  }

  @Test func aColonAfterASlashIsAPathNotAScheme() {
    #expect(InternalLink.target(of: "notes/10:30/", fromPageAt: "/") == "/notes/10:30/")
  }
}
