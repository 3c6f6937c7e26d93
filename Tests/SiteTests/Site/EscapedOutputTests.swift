import TestSupport
import Testing

/// Pages Folio writes itself, besides the layouts: every attribute escaped.
@Suite struct EscapedOutputTests {
  @Test func aliasPagesEscapeTheSiteLanguage() throws {
    let site = try SiteFixture(
      """
      -- folio.yaml --
      language: 'en"><script>alert(1)</script>'
      -- Content/a.md --
      ---
      aliases: [/old/]
      ---
      A
      """)
    let page = try site.build().text("old/index.html")
    #expect(
      page.hasPrefix(
        #"<!DOCTYPE html>"# + "\n" + #"<html lang="en&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">"#))
    #expect(!page.contains("<script"))
  }

  @Test func theDefaultThemeEscapesEveryFieldInAttributes() throws {
    let vector = #"x"><script>alert(1)</script><img src=x onerror=alert(2) '"#
    // In single quotes, as YAML writes them.
    let quoted = "'" + vector.replacingOccurrences(of: "'", with: "''") + "'"
    let site = try SiteFixture(
      """
      -- folio.yaml --
      title: \(quoted)
      description: \(quoted)
      author: \(quoted)
      language: \(quoted)
      menu:
        - { title: \(quoted), url: '/a/"onmouseover="alert(3)' }
      -- Content/a.md --
      ---
      title: \(quoted)
      summary: \(quoted)
      lang: \(quoted)
      date: 2024-01-01
      tags: [\(quoted)]
      ---
      # \(quoted)
      """)
    let built = try site.build()
    for path in built.paths where path.hasSuffix(".html") {
      let html = built.text(path)
      #expect(!html.contains("<script>alert"), "\(path)")
      #expect(!html.contains("<img src=x"), "\(path)")
      #expect(!html.contains(#""onmouseover="#), "\(path)")
    }
    let page = built.text("a/index.html")
    #expect(
      page.contains(
        #"<html lang="x&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2) &#39;">"#
      ))
    #expect(page.contains(#"<a href="/a/&quot;onmouseover=&quot;alert(3)">"#))
  }
}
