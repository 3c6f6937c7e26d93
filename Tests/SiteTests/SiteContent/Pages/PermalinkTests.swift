import SiteContent
import TestSupport
import Testing

/// `urls.permalinks` and `urls.lowercase`: the URL rules an imported site keeps its URLs with.
@Suite struct PermalinkTests {
  @Test func aPatternIsFilledFromTheDateSlugTitleFileAndSection() throws {
    let pattern = try Permalink("/:year/:month/:day/:slug/")
    #expect(
      pattern.url(
        date: "2021-01-22T12:00:00-07:00", slug: nil, title: "DUM-E and U", fileName: "x", folder: "post")
        == "/2021/01/22/dum-e-and-u/")
    #expect(
      try Permalink("/:section/:filename/").url(
        date: nil, slug: "s", title: "T", fileName: "Name", folder: "blog/2020")
        == "/blog/Name/")
    #expect(
      try Permalink("/:sections/:slugorfilename/").url(
        date: nil, slug: nil, title: "T", fileName: "n", folder: "a/b")
        == "/a/b/n/")
  }

  @Test(arguments: [
    ("/:year/:monthname/", "permalink '/:year/:monthname/' names ':monthname', which Folio does not know"),
    (":year/:slug", "permalink ':year/:slug' does not start with '/' and end with '/' or '.html'"),
  ])
  func aPatternFolioCannotFillIsAnErrorAtItsPlace(pattern: String, message: String) throws {
    let site = try SiteFixture(
      "-- folio.yaml --\nurls:\n  permalinks: {post: '\(pattern)'}\n-- Content/_index.md --\nx\n")
    let errors = site.buildErrors()
    #expect(errors.map(\.message) == [message])
    #expect(errors.first?.location?.description == "folio.yaml:2:22")
  }

  @Test func aSiteKeepsHugosURLsLowerCasedAndPatterned() throws {
    let site = try SiteFixture(
      """
      -- folio.yaml --
      urls: {lowercase: true, permalinks: {Post: /:year/:month/:slug/}}
      -- Content/Post/DUM-E.md --
      ---
      title: DUM-E and U
      date: 2021-01-22
      ---
      Arms.
      -- Content/About-Me.md --
      Me.
      -- Content/Post/undated.md --
      No date.
      """)
    #expect(
      site.buildErrors().map(\.description) == [
        "Content/Post/undated.md:1:1: error: the permalink of 'Post', '/:year/:month/:slug/', needs a date, and"
          + " this page has none\n    hint: add a date: to the front matter"
      ])
    try site.remove("Content/Post/undated.md")
    let built = try site.build()
    #expect(built.files["2021/01/dum-e-and-u/index.html"] != nil)
    #expect(built.files["about-me/index.html"] != nil)
  }

  /// MkDocs' home page is `docs/index.md`: a top `index.md` is the home page, not `/index/`.
  @Test func aTopIndexFileIsTheHomePage() throws {
    let site = try SiteFixture("-- Content/index.md --\n# Welcome\n\nHi.\n-- Content/a.md --\n# A\n")
    let built = try site.build()
    #expect(built.text("index.html").contains("Welcome"))
    #expect(built.files["index/index.html"] == nil)
  }

  /// Hugo cleans the names in its paths: white space becomes `-`, and characters other than
  /// letters, digits, marks and `. _ - + ~ @` are left out.
  @Test func sanitizedURLsFollowHugosRule() throws {
    #expect(PageURLSettings.sanitized("/posts/2022-07-07 15:04:04.78/") == "/posts/2022-07-07-150404.78/")
    #expect(PageURLSettings.sanitized("/a/Hello,  World!/") == "/a/Hello-World/")
    #expect(PageURLSettings.sanitized("/日本語 の/%E3%81x/") == "/日本語-の/%E3%81x/")
    let site = try SiteFixture(
      "-- folio.yaml --\nurls: {sanitize: true, lowercase: true}\n-- Content/posts/2022-07-07 15:04 Note.md --\nx\n"
    )
    #expect(try site.build().files["posts/2022-07-07-1504-note/index.html"] != nil)
  }

  /// `urls.style: files` (Hugo's `uglyURLs`, MkDocs' `use_directory_urls: false`): each page is
  /// its own file; sections, the home page and bundles keep their folders, and links follow.
  @Test func fileStyleURLsPublishEachPageAsItsOwnFile() throws {
    let site = try SiteFixture(
      """
      -- folio.yaml --
      urls: {style: files}
      -- Templates/page.mustache --
      {{page.url}}|{{{page.content}}}
      -- Content/docs/_index.md --
      Docs
      -- Content/docs/setup.md --
      See [the bundle](../trip/index.md).
      -- Content/trip/index.md --
      Trip
      -- Content/about.md --
      About
      """)
    let built = try site.build()
    #expect(built.text("docs/setup.html").hasPrefix("/docs/setup.html|<p>See <a href=\"/trip/\">"))
    #expect(built.files["about.html"] != nil)
    #expect(built.files["trip/index.html"] != nil)
    #expect(built.files["docs/index.html"] != nil)
    #expect(built.files["docs/setup/index.html"] == nil)
    #expect(built.text("sitemap.xml").contains("/docs/setup.html</loc>"))
    try site.write("urls: {style: pages}\n", to: "folio.yaml")
    #expect(
      site.buildError().hasPrefix("folio.yaml:1:15: error: expected 'folders' or 'files' for 'urls.style'"))
  }

  /// Imported pages keep the layout names of their old tool: `layouts:` lays them out with one
  /// of Folio's.
  @Test func layoutNamesFromAnotherToolAreLaidOutWithFolios() throws {
    let site = try SiteFixture(
      """
      -- folio.yaml --
      layouts: {post: page}
      -- Content/a.md --
      ---
      layout: post
      ---
      A
      -- Content/b.md --
      ---
      layout: 1️⃣tagpage
      ---
      B
      """)
    #expect(site.buildErrors().map(\.message) == ["unknown layout 'tagpage'"])
    try site.remove("Content/b.md")
    #expect(try site.build().files["a/index.html"] != nil)
  }
}
