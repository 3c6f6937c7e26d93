import SiteContent
import Testing

/// The globs of `static.activeContent`, over paths relative to `Content/`.
@Suite struct PathPatternTests {
  private func matches(_ pattern: String, _ path: String) -> Bool { PathPattern(pattern).matches(path) }

  @Test func aStarStaysInsideOneName() {
    #expect(matches("*.svg", "logo.svg"))
    #expect(!matches("*.svg", "images/logo.svg"), "a star never crosses a slash")
    #expect(matches("images/*.svg", "images/logo.svg"))
    #expect(!matches("images/*.svg", "images/old/logo.svg"))
    #expect(matches("demo-*/index.html", "demo-1/index.html"))
    #expect(!matches("*.svg", "logo.svgz"))
  }

  @Test func twoStarsAsAPartMatchAnyNumberOfFolders() {
    #expect(matches("assets/js/**", "assets/js/app.js"))
    #expect(matches("assets/js/**", "assets/js/vendor/lib/x.mjs"))
    #expect(!matches("assets/js/**", "assets/jsx/app.js"))
    #expect(!matches("assets/js/**", "other/assets/js/app.js"))
    #expect(matches("**/*.svg", "logo.svg"), "none at all")
    #expect(matches("**/*.svg", "a/b/c/logo.svg"))
    #expect(matches("a/**/b.html", "a/b.html") && matches("a/**/b.html", "a/x/y/b.html"))
    #expect(!matches("a/**/b.html", "a/x/y/c.html"))
    #expect(matches("**", "anything/at/all.html"))
  }

  @Test func aTrailingSlashMeansEverythingBelow() {
    #expect(matches("demos/", "demos/a/b.html"))
    #expect(!matches("demos/", "demos.html"))
  }

  @Test func aQuestionMarkIsOneCharacterAndTheRestIsLiteral() {
    #expect(matches("page?.html", "page1.html") && matches("page?.html", "pageあ.html"))
    #expect(!matches("page?.html", "page12.html") && !matches("page?.html", "page.html"))
    #expect(!matches("x.html", "X.html"), "case counts, as in paths")
    #expect(!matches("a.html", "a/html") && !matches("a.html", "aXhtml"), "a dot is a dot")
    #expect(matches("a**b.js", "aXYb.js") && !matches("a**b.js", "a/b.js"), "** inside a name is *")
  }

  @Test func aPatternOfManyStarsDoesNotBacktrackWithoutEnd() {
    // Exponential in a recursive matcher; the two-finger match does it in a few thousand steps.
    let pattern = String(repeating: "*a", count: 30) + "b"
    #expect(!matches(pattern, String(repeating: "a", count: 200)))
    let folders = String(repeating: "**/a/", count: 20) + "b"
    #expect(!matches(folders, String(repeating: "a/", count: 100) + "c"))
  }
}
