import Foundation
import TestSupport
import Testing

@testable import SiteContent

@Suite struct ContentFilesTests {
  @Test func filesAreListedInTheByteOrderOfTheirPaths() throws {
    // Names where sorting each folder by its bare names would go wrong: `a.md` and `a-b.md`
    // come before the folder `a/` (`.` and `-` are below `/`), `a0.md` after it.
    let site = try SiteFixture(
      """
      -- Content/a0.md --
      -- Content/ab/c.md --
      -- Content/a/b.md --
      -- Content/a/.draft.md --
      -- Content/é.md --
      -- Content/Z.md --
      -- Content/a-b.md --
      -- Content/a.md --
      -- Content/a/z/deep.md --
      -- Content/a/y.png --
      """)
    let listed = try ContentFiles(files: SiteFiles(root: site.root))
    let expected = [
      "Z.md", "a-b.md", "a.md", "a/b.md", "a/y.png", "a/z/deep.md", "a0.md", "ab/c.md", "é.md",
    ]
    #expect(listed.markdown + listed.staticFiles == expected.filter { $0.hasSuffix(".md") } + ["a/y.png"])
    #expect(ContentFiles.listFiles(in: site.url("Content")) == expected)
  }

  /// What editors leave beside a file is neither a page nor published; names that only look
  /// like it are.
  /// Names that are one name in another Unicode form or case are found whatever else is there;
  /// names that are all lowercase ASCII never are (no two such names can be one).
  @Test func namesThatAreOneNameAreFound() {
    #expect(ContentFiles.sameNames(["a.md", "b/c.md", "b/d-1.md", "posts/x.png"]) == ([], []))
    // The Kelvin sign (U+212A) is `K` in Unicode's normal form: one name with `K.md`.
    let kelvin = ContentFiles.sameNames(["K.md", "a.md", "\u{212A}.md"])
    #expect(kelvin.errors.count == 1 && kelvin.warnings.isEmpty)
    #expect(kelvin.errors.first?.location?.path == "Content/\u{212A}.md")
    let cased = ContentFiles.sameNames(["About.md", "about.md", "b.md"])
    #expect(cased.errors.isEmpty && cased.warnings.count == 1)
    #expect(cased.warnings.first?.location?.path == "Content/about.md")
  }

  @Test func editorsDroppingsAreSkipped() throws {
    let site = try SiteFixture(
      """
      -- Content/a.md --
      -- Content/a.md~ --
      -- Content/#a.md# --
      -- Content/notes.md.swp --
      -- Content/4913 --
      -- Content/save.tmp --
      -- Content/#hash.md --
      -- Content/tilde~x.png --
      -- Content/49130 --
      """)
    let listed = try ContentFiles(files: SiteFiles(root: site.root))
    #expect(listed.markdown == ["#hash.md", "a.md"])
    #expect(listed.staticFiles == ["49130", "tilde~x.png"])
  }

  @Test func listingStopsAtTheLimit() throws {
    let site = try SiteFixture(
      """
      -- Content/a.md --
      -- Content/b/c.md --
      -- Content/b/d.md --
      -- Content/e.md --
      """)
    #expect(ContentFiles.listFiles(in: site.url("Content"), limit: 3) == ["a.md", "b/c.md", "b/d.md"])
  }
}
