import Foundation
import SiteLayout
import TestSupport
import Testing

/// The default theme's pages carry their Content-Security-Policy in a `<meta>`, so that a page
/// published where no header can be set (GitHub Pages) still runs no injected script.
@Suite struct ContentSecurityPolicyTests {
  /// The tags in a `<head>` that the policy must come before to govern them.
  private static let governed = [
    "<script", "<link rel=\"stylesheet\"", "<style", "<base", "<link rel=\"preload\"",
  ]
  private static let meta = "<meta http-equiv=\"Content-Security-Policy\" content=\""

  @Test func everyPageCarriesThePolicyBeforeAnyScriptOrStylesheet() throws {
    let site = try SiteFixture(
      """
      -- folio.yaml --
      title: T
      search: true
      languages: {en: {name: English}, ja: {name: 日本語}}
      -- Content/a.md --
      ---
      title: A
      aliases: [/old/]
      tags: [x]
      ---
      ![remote](https://example.org/a.png) and $x^2$.

      ```swift
      let a = 1
      ```
      -- Content/a.ja.md --
      ---
      title: エー
      ---
      本文
      """)
    let built = try site.build()
    let pages = built.paths.filter { $0.hasSuffix(".html") }
    #expect(pages.contains("a/index.html") && pages.contains("old/index.html") && pages.contains("404.html"))
    #expect(pages.contains("search/index.html") && pages.contains("tags/x/index.html"))
    for path in pages {
      let html = built.text(path)
      let head = try #require(html.range(of: "</head>").map { html[..<$0.lowerBound] }, "\(path) has a head")
      let policy = try #require(head.range(of: Self.meta), "\(path) has the policy")
      for tag in Self.governed {
        if let first = head.range(of: tag) {
          #expect(policy.lowerBound < first.lowerBound, "\(path): the policy comes before \(tag)")
        }
      }
      let content = head[policy.upperBound...].prefix { $0 != "\"" }
      #expect(String(content) == DefaultTheme.contentSecurityPolicy, "\(path)")
      #expect(html.components(separatedBy: "http-equiv=\"Content-Security-Policy\"").count == 2, "one policy")
    }
  }

  @Test func thePolicyAllowsNoInlineScriptOrStyleNorPlugInsAndImagesFromHTTPS() {
    var directives: [String: [String]] = [:]
    for directive in DefaultTheme.contentSecurityPolicy.split(separator: ";") {
      let words = directive.split(separator: " ").map(String.init)
      if let name = words.first { directives[name] = Array(words.dropFirst()) }
    }
    #expect(directives["default-src"] == ["'self'"], "scripts, styles, fonts, fetches: the site's own")
    #expect(
      directives["script-src"] == nil && directives["style-src"] == nil, "so the default holds for them")
    #expect(directives["object-src"] == ["'none'"] && directives["base-uri"] == ["'self'"])
    #expect(directives["form-action"] == ["'self'"])
    #expect(directives["img-src"] == ["'self'", "https:", "data:"], "Markdown's ![](https://…) still shows")
    #expect(directives["frame-ancestors"] == nil, "a meta policy cannot set it; browsers warn")
    #expect(!DefaultTheme.contentSecurityPolicy.contains("unsafe"))
  }
}
