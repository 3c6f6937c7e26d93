import TestSupport
import Testing

/// Odd directives a writer may type: each is a warning or an error at its line, never a crash.
@Suite struct ComponentDirectivesTests {
  @Test(arguments: [
    "<!-- bookmarks src= -->", "<!-- list bullet= -->", "<!-- readmore lines=0 -->",
    "<!-- readmore lines=-1 -->",
    "<!-- list bullet='' spacing=\"\" lang= -->", "<!-- more more -->", "<!--more",
    "<!-- /readmore extra -->",
    "<!-- bookmarks caption='x' -->\n| a |\n|---|\n| b |", "<!-- list -->\n- [ ] task", "<!---->",
  ])
  func oddDirectivesBuild(directive: String) throws {
    let site = try SiteFixture(
      contentOnlyTemplate + "-- Content/a.md --\nBefore.\n\n\(directive)\n\nAfter.\n")
    let built = try site.build()
    #expect(HTMLBalance.problems(in: built.text("a/index.html")) == [])
    for warning in built.warnings { #expect(warning.hasPrefix("Content/a.md:"), "\(warning)") }
  }

  @Test func aMissingDataFileIsAnErrorAtTheDirective() throws {
    let site = try SiteFixture(
      """
      -- Content/a.md --
      Text.

      1️⃣<!-- bookmarks src="missing.yaml" -->
      """)
    #expect(
      site.buildError().hasPrefix(
        "\(site.location("1️⃣")): error: cannot read bookmarks file 'Content/missing.yaml'"))
  }
}
