import Foundation
import Site
import TestSupport
import Testing

/// An incremental rebuild must give exactly the site a fresh build gives, and report exactly
/// the files that differ.
@Suite struct SiteSessionTests {
  static let site = """
    -- folio.yaml --
    title: Session
    baseURL: https://example.org/
    pagination: 2
    -- Content/_index.md --
    ---
    title: Home
    ---
    Welcome.
    -- Content/posts/_index.md --
    ---
    title: Posts
    ---
    -- Content/posts/a.md --
    ---
    title: A
    date: 2026-01-01
    tags: [x]
    ---
    First post, see [b](/posts/b/).
    -- Content/posts/b.md --
    ---
    title: B
    date: 2026-01-02
    tags: [x, y]
    ---
    Second post.
    -- Content/posts/c.md --
    ---
    title: C
    date: 2026-01-03
    ---
    Third post.
    -- Content/images/dot.png --
    PNG

    """

  private func fresh(_ fixture: SiteFixture) throws -> [String: [UInt8]] {
    try SiteBuilder(options: .init(projectRoot: fixture.root)).render().files
  }

  @Test func aPageLinkingToAMarkdownFileFollowsItsNewSlug() throws {
    let fixture = try SiteFixture(
      Self.site + "-- Content/notes.md --\nSee [c](posts/c.md) and [b](posts/b.md).\n")
    let session = SiteSession(options: .init(projectRoot: fixture.root))
    _ = try session.build()
    try fixture.write(
      "---\ntitle: C\ndate: 2026-01-03\nslug: sea\n---\nThird post.\n", to: "Content/posts/c.md")
    let update = try session.rebuild(.plan(for: ["Content/posts/c.md"]))
    #expect(update.result.files == (try fresh(fixture)))
    let notes = String(decoding: update.result.files["notes/index.html"] ?? [], as: UTF8.self)
    #expect(notes.contains("<a href=\"/posts/sea/\">c</a> and <a href=\"/posts/b/\">b</a>"))
    #expect(update.changedPaths.contains("notes/index.html"))
  }

  @Test func editingOnePageRebuildsItAndTheListsThatShowIt() throws {
    let fixture = try SiteFixture(Self.site)
    let session = SiteSession(options: .init(projectRoot: fixture.root))
    _ = try session.build()
    try fixture.write(
      "---\ntitle: B, renamed\ndate: 2026-01-02\ntags: [x, y]\n---\nSecond post, edited.\n",
      to: "Content/posts/b.md")
    let update = try session.rebuild(.plan(for: ["Content/posts/b.md"]))
    #expect(update.result.files == (try fresh(fixture)))
    #expect(update.changedPaths.contains("posts/b/index.html"))
    #expect(update.changedPaths.contains("tags/x/index.html"))
    #expect(update.changedPaths.contains("posts/a/index.html"), "a's next link shows b's title")
    #expect(!update.changedPaths.contains("images/dot.png"))
    #expect(!update.changedPaths.contains("assets/folio.css"))
  }

  @Test func editingABodyBelowItsSummaryLaysOutThePageAloneAndTheSummaryTheListsToo() throws {
    let fixture = try SiteFixture(
      Self.site.replacingOccurrences(of: "Second post.\n", with: "Second post.\n\nMore below.\n"))
    let session = SiteSession(options: .init(projectRoot: fixture.root))
    _ = try session.build()
    let page = "---\ntitle: B\ndate: 2026-01-02\ntags: [x, y]\n---\nSecond post.\n\n"
    // Below the summary (the first paragraph): lists and neighbours show B as they did.
    try fixture.write(page + "More below, edited.\n", to: "Content/posts/b.md")
    let body = try session.rebuild(.plan(for: ["Content/posts/b.md"]))
    #expect(body.result.files == (try fresh(fixture)))
    #expect(body.laidOutPaths == ["posts/b/index.html"])
    #expect(body.changedPaths == ["posts/b/index.html"])
    // The summary: every list that shows B is laid out again, and shows the new one.
    try fixture.write(
      page.replacingOccurrences(of: "Second post.", with: "Second post, new summary.") + "More.\n",
      to: "Content/posts/b.md")
    let summary = try session.rebuild(.plan(for: ["Content/posts/b.md"]))
    #expect(summary.result.files == (try fresh(fixture)))
    #expect(summary.laidOutPaths.contains("index.html"))
    #expect(summary.laidOutPaths.contains("tags/x/index.html"))
    #expect(summary.changedPaths.contains("tags/y/index.html"))
    // Touched again without a change in what lists show: the page alone once more.
    try fixture.write(
      page.replacingOccurrences(of: "Second post.", with: "Second post, new summary.") + "Less.\n",
      to: "Content/posts/b.md")
    #expect(try session.rebuild(.plan(for: ["Content/posts/b.md"])).laidOutPaths == ["posts/b/index.html"])
  }

  @Test func unchangedBytesAreNotReported() throws {
    let fixture = try SiteFixture(Self.site)
    let session = SiteSession(options: .init(projectRoot: fixture.root))
    _ = try session.build()
    // Touching a file without changing it rebuilds nothing a browser needs to reload.
    try fixture.write(fixture.text("Content/posts/c.md")!, to: "Content/posts/c.md")
    let update = try session.rebuild(.plan(for: ["Content/posts/c.md"]))
    #expect(update.changedPaths.isEmpty)
  }

  @Test func addingAndDeletingPagesAndStaticFiles() throws {
    let fixture = try SiteFixture(Self.site)
    let session = SiteSession(options: .init(projectRoot: fixture.root))
    _ = try session.build()
    try fixture.write("---\ntitle: D\ndate: 2026-01-04\ntags: [z]\n---\nFourth.\n", to: "Content/posts/d.md")
    try fixture.remove("Content/images/dot.png")
    var update = try session.rebuild(.plan(for: ["Content/posts/d.md", "Content/images/dot.png"]))
    #expect(update.result.files == (try fresh(fixture)))
    #expect(update.changedPaths.contains("posts/d/index.html"))
    #expect(update.changedPaths.contains("tags/z/index.html"))
    #expect(update.changedPaths.contains("images/dot.png"))
    #expect(update.result.files["images/dot.png"] == nil)

    try fixture.remove("Content/posts/d.md")
    update = try session.rebuild(.plan(for: ["Content/posts/d.md"]))
    #expect(update.result.files == (try fresh(fixture)))
    #expect(update.result.files["posts/d/index.html"] == nil)
    #expect(update.result.files["tags/z/index.html"] == nil)
    #expect(update.changedPaths.contains("posts/d/index.html"))
  }

  @Test func templateAndStylesheetChanges() throws {
    let fixture = try SiteFixture(Self.site)
    let session = SiteSession(options: .init(projectRoot: fixture.root))
    _ = try session.build()
    try fixture.write(
      "{{<base}}{{$main}}<p class=\"custom\">{{page.title}}</p>{{/main}}{{/base}}\n",
      to: "Templates/page.mustache")
    var update = try session.rebuild(.plan(for: ["Templates/page.mustache"]))
    #expect(update.result.files == (try fresh(fixture)))
    #expect(fixture.exists("Templates/page.mustache"))
    #expect(
      String(decoding: update.result.files["posts/a/index.html"] ?? [], as: UTF8.self).contains(
        "class=\"custom\""))

    try fixture.write("body { color: red; }\n", to: "Templates/assets/folio.css")
    update = try session.rebuild(.plan(for: ["Templates/assets/folio.css"]))
    #expect(update.changedPaths == ["assets/folio.css"])
    #expect(update.result.files == (try fresh(fixture)))
  }

  /// A rebuild that fails after laying pages out (here at the link check) keeps none of them:
  /// once the error is fixed, the pages next to a deleted one are laid out again and the
  /// deleted page's file goes.
  @Test func aFailedRebuildLeavesNothingHalfDone() throws {
    let fixture = try SiteFixture(Self.site)
    let session = SiteSession(options: .init(projectRoot: fixture.root))
    _ = try session.build()
    try fixture.remove("Content/posts/b.md")
    try fixture.write(
      "---\ntitle: C\ndate: 2026-01-03\n---\nSee [nowhere](/nowhere/).\n", to: "Content/posts/c.md")
    #expect(throws: Error.self) {
      try session.rebuild(.plan(for: ["Content/posts/b.md", "Content/posts/c.md"]))
    }
    try fixture.write("---\ntitle: A\ndate: 2026-01-01\n---\nFirst post.\n", to: "Content/posts/a.md")
    try fixture.write("---\ntitle: C\ndate: 2026-01-03\n---\nThird post.\n", to: "Content/posts/c.md")
    let update = try session.rebuild(.plan(for: ["Content/posts/a.md", "Content/posts/c.md"]))
    #expect(update.result.files == (try fresh(fixture)))
    #expect(update.result.files["posts/b/index.html"] == nil)
  }

  /// A bookmarks data file is an input of the page that reads it, not a file of its own.
  @Test func aChangedDataFileLaysOutThePageThatReadsIt() throws {
    let fixture = try SiteFixture(
      Self.site + """
        -- Content/links.md --
        <!-- bookmarks src="links.csv" -->
        -- Content/links.csv --
        Title,URL
        Example,https://example.org/

        """)
    let session = SiteSession(options: .init(projectRoot: fixture.root))
    _ = try session.build()
    try fixture.write("Title,URL\nOther,https://other.example/\n", to: "Content/links.csv")
    let update = try session.rebuild(.plan(for: ["Content/links.csv"]))
    #expect(update.result.files == (try fresh(fixture)))
    #expect(update.changedPaths == ["links/index.html"])
    #expect(update.result.files["links.csv"] == nil)
  }

  /// A link is checked again when its page changes, or when the file it names comes or goes.
  @Test func brokenLinksFollowTheFilesTheyName() throws {
    let fixture = try SiteFixture(
      Self.site.replacingOccurrences(of: "pagination: 2\n", with: "pagination: 2\ncheckLinks: warn\n")
        + """
        -- Content/about.md --
        See [the dot](/images/dot.png) and [the notes](/notes.txt).

        """)
    let session = SiteSession(options: .init(projectRoot: fixture.root))
    var result = try session.build()
    #expect(result.warnings.map(\.message) == ["broken link to '/notes.txt': no page or file has that URL"])
    for (path, text) in [("Content/notes.txt", "Notes.\n"), ("Content/images/dot.png", nil)] {
      if let text { try fixture.write(text, to: path) } else { try fixture.remove(path) }
      result = try session.rebuild(.plan(for: [path])).result
      let fresh = try SiteBuilder(options: .init(projectRoot: fixture.root)).render()
      #expect(result.warnings.map(\.description) == fresh.warnings.map(\.description))
    }
    #expect(
      result.warnings.map(\.message) == ["broken link to '/images/dot.png': no page or file has that URL"])
  }

  @Test func suggestionsForBrokenLinksFollowPagesThatComeAndGo() throws {
    let fixture = try SiteFixture(
      Self.site.replacingOccurrences(of: "pagination: 2\n", with: "pagination: 2\ncheckLinks: warn\n"))
    let session = SiteSession(options: .init(projectRoot: fixture.root))
    _ = try session.build()
    func hints() throws -> [String?] {
      try session.rebuild(.plan(for: ["Content/posts/c.md"])).result.warnings.map(\.hint)
    }
    try fixture.write(
      "---\ntitle: C\ndate: 2026-01-03\n---\nSee [d](/posts/dd/).\n", to: "Content/posts/c.md")
    #expect(try hints() == ["link to a page by its URL: Content/posts/c.md, this page, is /posts/c/"])
    // A page appears next to the broken link's target: the next check suggests it.
    try fixture.write("D\n", to: "Content/posts/d.md")
    _ = try session.rebuild(.plan(for: ["Content/posts/d.md"]))
    #expect(try hints() == ["did you mean '/posts/d/'?"])
  }

  @Test func renamingAHeadingRechecksTheAnchorsOfOtherPages() throws {
    let fixture = try SiteFixture(Self.site)
    try fixture.write("---\ntitle: B\ndate: 2026-01-02\n---\n## Setup\n", to: "Content/posts/b.md")
    try fixture.write(
      "---\ntitle: C\ndate: 2026-01-03\n---\nSee [setup](/posts/b/#setup).\n", to: "Content/posts/c.md")
    var options = SiteBuilder.Options(projectRoot: fixture.root)
    options.context.checksAnchors = true
    let session = SiteSession(options: options)
    #expect(try session.build().warnings.isEmpty)
    // Only b is rebuilt, but c's link to b's heading breaks: it must be reported.
    try fixture.write("---\ntitle: B\ndate: 2026-01-02\n---\n## Set-up\n", to: "Content/posts/b.md")
    let warnings = try session.rebuild(.plan(for: ["Content/posts/b.md"])).result.warnings
    #expect(
      warnings.map(\.message) == [
        "broken anchor in '/posts/b/#setup': /posts/b/ has no element with id 'setup'"
      ])
    #expect(warnings.first?.location?.path == "Content/posts/c.md")
  }

  @Test func aFailedRebuildIsRetriedWithTheNextChange() throws {
    let fixture = try SiteFixture(Self.site)
    let session = SiteSession(options: .init(projectRoot: fixture.root))
    _ = try session.build()
    try fixture.write("---\ntitle: [broken\n---\nA.\n", to: "Content/posts/a.md")
    #expect(throws: Error.self) { try session.rebuild(.plan(for: ["Content/posts/a.md"])) }
    // The fix arrives with an unrelated change in the same rebuild; a.md is parsed again too.
    try fixture.write("---\ntitle: A fixed\ndate: 2026-01-01\n---\nA.\n", to: "Content/posts/a.md")
    try fixture.write("---\ntitle: C\ndate: 2026-01-03\n---\nThird post, edited.\n", to: "Content/posts/c.md")
    let update = try session.rebuild(.plan(for: ["Content/posts/c.md"]))
    #expect(update.result.files == (try fresh(fixture)))
  }
}
