import TestSupport
import Testing

/// Content past a limit in ``Limits`` stops the build with one error at its place, never runs
/// out of memory or time.
@Suite struct ContentLimitTests {
  /// A list of `count` distinct terms in flow style.
  private func terms(_ count: Int, prefix: String = "t") -> String {
    (0..<count).map { "\(prefix)\($0)" }.joined(separator: ", ")
  }

  @Test func tenThousandTagsOnOnePageAreAnErrorAtTheField() throws {
    let site = try SiteFixture(
      """
      -- Content/x.md --
      ---
      title: X
      tags: 1️⃣[\(terms(10_000))]
      ---
      Body
      """)
    #expect(site.buildError() == "\(site.location("1️⃣")): error: 10000 tags on one page; at most 1000")
    #expect(site.location("1️⃣").description == "Content/x.md:3:7")
  }

  @Test func aBlockListOfTagsIsCountedToo() throws {
    let list = (0...1_000).map { "  - t\($0)" }.joined(separator: "\n")
    let site = try SiteFixture(
      """
      -- Content/x.md --
      ---
      tags:
        1️⃣\(list.dropFirst(2))
      ---
      """)
    #expect(site.buildError() == "\(site.location("1️⃣")): error: 1001 tags on one page; at most 1000")
  }

  @Test func termsOfAllTaxonomiesCountTogether() throws {
    let site = try SiteFixture(
      """
      -- folio.yaml --
      title: T
      taxonomies: [tags, categories]
      -- Content/x.md --
      ---
      tags: [\(terms(600))]
      categories: 1️⃣[\(terms(401, prefix: "c"))]
      ---
      """)
    #expect(
      site.buildError()
        == "\(site.location("1️⃣")): error: 1001 terms (tags, categories together) on one page; at most 1000")
  }

  @Test func exactlyTheLimitBuilds() throws {
    let site = try SiteFixture(
      """
      -- Content/x.md --
      ---
      tags: [\(terms(1_000))]
      ---
      """)
    let built = try site.build()
    #expect(built.text("tags/t999/index.html").contains(#"<a href="/x/">"#))
    #expect(built.text("x/index.html").contains("/tags/t0/"))
  }

  @Test func aContainerInsideThirtyTwoOthersIsAnErrorAtItsLine() throws {
    let site = try SiteFixture(
      """
      -- Content/x.md --
      ---
      title: X
      ---
      \(String(repeating: ":::message\n", count: 32))  1️⃣:::details more
      x
      """)
    #expect(
      site.buildError() == """
        \(site.location("1️⃣")): error: ':::details' nests deeper than 32 containers
            hint: close the containers around it first (a line of as many colons as one opened with); \
        a page may put at most 32 ':::' blocks inside one another
        """)
    #expect(site.location("1️⃣").description == "Content/x.md:36:3")
  }

  @Test func thirtyTwoContainersInsideOneAnotherBuild() throws {
    let site = try SiteFixture(
      """
      -- Content/x.md --
      \(String(repeating: ":::message\n", count: 32))Deep
      """)
    #expect(try site.build().text("x/index.html").contains("<p>Deep</p>"))
  }

  @Test func frontMatterPastOneMebibyteIsAnErrorAtItsStart() throws {
    let filler = String(repeating: "x", count: 1 << 20)
    let site = try SiteFixture(
      """
      -- Content/x.md --
      1️⃣---
      title: X
      notes: \(filler)
      ---
      Body
      """)
    #expect(
      site.buildError()
        == "\(site.location("1️⃣")): error: front matter has \((1 << 20) + 17) bytes; at most 1 MiB (1048576 bytes)"
    )
  }

  @Test func jsonFrontMatterHasTheSameLimit() throws {
    let filler = String(repeating: "x", count: 1 << 20)
    let site = try SiteFixture(
      """
      -- Content/x.md --
      1️⃣{"title": "X", "notes": "\(filler)"}
      Body
      """)
    #expect(
      site.buildError()
        == "\(site.location("1️⃣")): error: front matter has \((1 << 20) + 27) bytes; at most 1 MiB (1048576 bytes)"
    )
  }

  @Test func frontMatterOfExactlyTheLimitBuilds() throws {
    // `---\n`, then `a: ` and the filler and `\n` make exactly 1 MiB of YAML, then `---\n`.
    let filler = String(repeating: "x", count: (1 << 20) - 4)
    let site = try SiteFixture(
      """
      -- Content/x.md --
      ---
      a: \(filler)
      ---
      Body
      """)
    #expect(try site.build().text("x/index.html").contains("Body"))
  }
}
