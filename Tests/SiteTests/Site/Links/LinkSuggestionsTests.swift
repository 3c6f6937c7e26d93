import Testing

@testable import Site

@Suite struct LinkSuggestionsTests {
  private let suggestions = LinkSuggestions(outputPaths: [
    "index.html", "docs/index.html", "docs/cli/index.html", "docs/content/index.html",
    "docs/configuration/index.html", "blog/2026/release/index.html", "images/logo.svg",
    "tags/cli/index.html", "ja/docs/はじめに/index.html",
  ])

  @Test(arguments: [
    ("/docs/cil/", "/docs/cli/"),
    ("/docs/confguration/", "/docs/configuration/"),
    ("/docs/CLI/", "/docs/cli/"),
    ("/docs/cli.md", "/docs/cli/"),
    ("/docs/cli/index.html", "/docs/cli/"),
    ("/images/logo.png", "/images/logo.svg"),
    ("/release/", "/blog/2026/release/"),
    ("/ja/docs/はじめ/", "/ja/docs/はじめに/"),
  ])
  func aNearbyURLIsSuggested(broken: String, suggestion: String) {
    #expect(suggestions.suggestions(for: broken) == [suggestion])
  }

  @Test(arguments: [
    "/docs/something-else/",  // too far from every sibling
    "/", "/nowhere/at/all/",
  ])
  func nothingIsSuggestedWithoutAClearCandidate(broken: String) {
    #expect(suggestions.suggestions(for: broken).isEmpty)
  }

  @Test func aNameSeveralPagesShareSuggestsThemAll() {
    // Two pages are named cli: /docs/cli/ and /tags/cli/.
    #expect(suggestions.suggestions(for: "/cli/") == ["/docs/cli/", "/tags/cli/"])
  }
}
