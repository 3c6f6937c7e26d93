import Foundation
import Site
import TestSupport
import Testing

/// A rebuild swaps an edited page into the previous structure when the edit moves nothing, and
/// organises the site again otherwise. Either way the site must be byte for byte the one a
/// fresh build gives: each edit below changes something a stale structure would get wrong.
@Suite struct SiteStructureReplacingTests {
  /// Pages in a section with pagination, tags, same-day dates, an update date, an alias, a
  /// draft, undated pages, links between pages and to a static file (and one broken), a
  /// bookmarks data file, and a page layout that shows the previous
  /// and next pages, the section, the draft flag and a parameter.
  static let site = """
    -- folio.yaml --
    title: Patch
    baseURL: https://example.org/
    pagination: 2
    checkLinks: warn
    -- Templates/page.mustache --
    {{<base}}{{$main}}<h1>{{page.title}}</h1>{{#page.section}}<a href="{{url}}">{{title}}</a>{{/page.section}}
    {{#page.draft}}<p>draft</p>{{/page.draft}}<p>{{page.params.mood}}</p>{{{page.content}}}
    {{#page.previous}}<a rel="prev" href="{{url}}">{{title}}</a>{{/page.previous}}
    {{#page.next}}<a rel="next" href="{{url}}">{{title}}</a>{{/page.next}}
    {{#page.tags}}<a href="{{url}}">{{name}}</a>{{/page.tags}}{{/main}}{{/base}}
    -- Content/_index.md --
    ---
    title: Home
    ---
    Welcome home.
    -- Content/posts/_index.md --
    ---
    title: Posts
    ---
    All the posts.
    -- Content/posts/a.md --
    ---
    title: A
    date: 2026-01-01
    tags: [x]
    aliases: [/old/a/]
    ---
    First post, see [b](/posts/b/).

    More about a.
    -- Content/posts/b.md --
    ---
    title: B
    date: 2026-01-02
    tags: [x, y]
    mood: calm
    ---
    Second post.

    More about b.
    -- Content/posts/c.md --
    ---
    title: C
    date: 2026-01-03
    updated: 2026-02-01
    ---
    Third post.
    -- Content/posts/d.md --
    ---
    title: D
    date: 2026-01-03
    tags: [y]
    ---
    Fourth post, the same day as C.
    -- Content/posts/e.md --
    ---
    title: E
    date: 2026-01-05
    draft: true
    ---
    A draft.
    -- Content/docs/guide.md --
    ---
    title: Guide
    ---
    No date, so in no list. Back [home](/), see [the notes](/files/notes.txt) and [a page to
    come](/later/).
    -- Content/files/notes.txt --
    Notes.
    -- Content/docs/links.md --
    ---
    title: Links
    ---
    <!-- bookmarks src="links.csv" -->
    -- Content/docs/links.csv --
    Title,URL
    Example,https://example.org/

    """

  /// One save: the files written (nil: removed), and whether the structure can be patched.
  struct Edit: CustomTestStringConvertible, Sendable {
    var name: String
    var files: [String: String?]
    var patches: Bool
    var testDescription: String { name }
  }

  static let edits: [Edit] = [
    Edit(
      name: "body below the summary",
      files: [
        "Content/posts/a.md":
          "---\ntitle: A\ndate: 2026-01-01\ntags: [x]\naliases: [/old/a/]\n---\nFirst post, see [b](/posts/b/).\n\nMore about a, edited.\n"
      ],
      patches: true),
    Edit(
      name: "summary paragraph, shown by the section, home, tag lists and feeds",
      files: [
        "Content/posts/a.md":
          "---\ntitle: A\ndate: 2026-01-01\ntags: [x]\naliases: [/old/a/]\n---\nA new first paragraph.\n\nMore about a.\n"
      ],
      patches: true),
    Edit(
      name: "summary field",
      files: [
        "Content/posts/b.md":
          "---\ntitle: B\ndate: 2026-01-02\ntags: [x, y]\nmood: calm\nsummary: Short.\n---\nSecond post.\n\nMore about b.\n"
      ],
      patches: true),
    Edit(
      name: "parameter",
      files: [
        "Content/posts/b.md":
          "---\ntitle: B\ndate: 2026-01-02\ntags: [x, y]\nmood: stormy\n---\nSecond post.\n\nMore about b.\n"
      ],
      patches: true),
    // On a one-language site too: the language decides a page's redirects' `<html lang>` and
    // the search page's indexes.
    Edit(
      name: "language",
      files: [
        "Content/posts/b.md":
          "---\ntitle: B\ndate: 2026-01-02\ntags: [x, y]\nmood: calm\nlang: ja\n---\nSecond post.\n\nMore about b.\n"
      ],
      patches: false),
    Edit(
      name: "two neighbours at once",
      files: [
        "Content/posts/b.md":
          "---\ntitle: B\ndate: 2026-01-02\ntags: [x, y]\nmood: calm\n---\nSecond post, edited.\n",
        "Content/posts/c.md":
          "---\ntitle: C\ndate: 2026-01-03\nupdated: 2026-02-01\n---\nThird post, edited.\n",
      ],
      patches: true),
    Edit(
      name: "section body",
      files: ["Content/posts/_index.md": "---\ntitle: Posts\n---\nEvery post.\n"],
      patches: true),
    Edit(
      name: "home body",
      files: ["Content/_index.md": "---\ntitle: Home\n---\nWelcome back.\n"],
      patches: true),
    Edit(
      name: "undated page",
      files: ["Content/docs/guide.md": "---\ntitle: Guide\n---\nStill no date. Back [home](/).\n"],
      patches: true),
    Edit(
      name: "hidden draft",
      files: ["Content/posts/e.md": "---\ntitle: E\ndate: 2026-01-05\ndraft: true\n---\nA draft, edited.\n"],
      patches: true),
    Edit(
      name: "broken link added",
      files: [
        "Content/docs/guide.md": "---\ntitle: Guide\n---\nSee [nowhere](/nowhere/) and [c](/posts/c/).\n"
      ],
      patches: true),
    Edit(
      name: "linked static file removed",
      files: ["Content/files/notes.txt": nil],
      patches: true),
    Edit(
      name: "static file added where a link pointed",
      files: ["Content/later/index.html": "<p>Here now.</p>\n"],
      patches: true),
    Edit(
      name: "data file a page reads",
      files: [
        "Content/docs/links.csv": "Title,URL\nExample,https://example.org/\nOther,https://other.example/\n"
      ],
      patches: true),
    Edit(
      name: "page stops reading its data file",
      files: ["Content/docs/links.md": "---\ntitle: Links\n---\nNo bookmarks.\n"],
      patches: true),
    Edit(
      name: "title shown in lists and neighbours",
      files: [
        "Content/posts/b.md":
          "---\ntitle: B renamed\ndate: 2026-01-02\ntags: [x, y]\nmood: calm\n---\nSecond post.\n\nMore about b.\n"
      ],
      patches: false),
    Edit(
      name: "title that reorders a day",
      files: [
        "Content/posts/d.md":
          "---\ntitle: Before C\ndate: 2026-01-03\ntags: [y]\n---\nFourth post, the same day as C.\n"
      ],
      patches: false),
    Edit(
      name: "date that reorders neighbours",
      files: [
        "Content/posts/a.md":
          "---\ntitle: A\ndate: 2026-01-04\ntags: [x]\naliases: [/old/a/]\n---\nFirst post, see [b](/posts/b/).\n\nMore about a.\n"
      ],
      patches: false),
    Edit(
      name: "updated date, shown by the sitemap",
      files: [
        "Content/posts/c.md": "---\ntitle: C\ndate: 2026-01-03\nupdated: 2026-03-01\n---\nThird post.\n"
      ],
      patches: false),
    Edit(
      name: "weight",
      files: [
        "Content/posts/c.md":
          "---\ntitle: C\ndate: 2026-01-03\nupdated: 2026-02-01\nweight: -1\n---\nThird post.\n"
      ],
      patches: false),
    Edit(
      name: "tag added",
      files: [
        "Content/posts/a.md":
          "---\ntitle: A\ndate: 2026-01-01\ntags: [x, z]\naliases: [/old/a/]\n---\nFirst post, see [b](/posts/b/).\n\nMore about a.\n"
      ],
      patches: false),
    Edit(
      name: "tag removed",
      files: [
        "Content/posts/d.md": "---\ntitle: D\ndate: 2026-01-03\n---\nFourth post, the same day as C.\n"
      ],
      patches: false),
    Edit(
      name: "alias removed",
      files: [
        "Content/posts/a.md":
          "---\ntitle: A\ndate: 2026-01-01\ntags: [x]\n---\nFirst post, see [b](/posts/b/).\n\nMore about a.\n"
      ],
      patches: false),
    Edit(
      name: "slug",
      files: [
        "Content/posts/c.md":
          "---\ntitle: C\nslug: see\ndate: 2026-01-03\nupdated: 2026-02-01\n---\nThird post.\n"
      ],
      patches: false),
    Edit(
      name: "section title",
      files: ["Content/posts/_index.md": "---\ntitle: Articles\n---\nAll the posts.\n"],
      patches: false),
    Edit(
      name: "draft published",
      files: ["Content/posts/e.md": "---\ntitle: E\ndate: 2026-01-05\n---\nA draft no more.\n"],
      patches: false),
    Edit(
      name: "page made a draft",
      files: [
        "Content/posts/b.md":
          "---\ntitle: B\ndate: 2026-01-02\ntags: [x, y]\ndraft: true\n---\nSecond post.\n"
      ],
      patches: false),
    Edit(
      name: "page added",
      files: [
        "Content/posts/f.md":
          "---\ntitle: F\ndate: 2026-01-06\ntags: [y, w]\n---\nSixth post, see [c](/posts/c/).\n"
      ],
      patches: false),
    Edit(
      name: "linked page deleted",
      files: ["Content/posts/b.md": nil],
      patches: false),
  ]

  @Test(arguments: edits) func oneEditGivesTheFreshSite(_ edit: Edit) throws {
    let fixture = try SiteFixture(Self.site)
    let session = SiteSession(options: .init(projectRoot: fixture.root))
    let before = try session.build()
    let update = try apply(edit, to: fixture, in: session)
    try expectFresh(update, before: before.files, fixture)
    #expect(update.result.timings.contains { $0.step == "organise" } == !edit.patches)
  }

  @Test(arguments: [false, true]) func everyEditInTurnGivesTheFreshSite(drafts: Bool) throws {
    let fixture = try SiteFixture(Self.site)
    let session = SiteSession(options: .init(projectRoot: fixture.root, includesDrafts: drafts))
    var files = try session.build().files
    for edit in Self.edits {
      let update = try apply(edit, to: fixture, in: session)
      try expectFresh(update, before: files, fixture, drafts: drafts, "\(edit.name)")
      files = update.result.files
      // The same save again: a structure patched by the edit is patched again.
      let again = try apply(edit, to: fixture, in: session)
      #expect(again.changedPaths.isEmpty, "\(edit.name)")
      try expectFresh(again, before: files, fixture, drafts: drafts, "\(edit.name), again")
    }
  }

  @Test func aTemplateChangeWithAPageEditLaysOutEveryPage() throws {
    let fixture = try SiteFixture(Self.site)
    let session = SiteSession(options: .init(projectRoot: fixture.root))
    let before = try session.build()
    try fixture.write(
      "{{<base}}{{$main}}<p>{{page.title}}</p>{{{page.content}}}{{/main}}{{/base}}\n",
      to: "Templates/page.mustache")
    try fixture.write(
      "---\ntitle: C\ndate: 2026-01-03\nupdated: 2026-02-01\n---\nThird post, edited.\n",
      to: "Content/posts/c.md")
    let update = try session.rebuild(.plan(for: ["Templates/page.mustache", "Content/posts/c.md"]))
    try expectFresh(update, before: before.files, fixture)
    #expect(!update.result.timings.contains { $0.step == "organise" })
  }

  // MARK: Helpers

  private func apply(_ edit: Edit, to fixture: SiteFixture, in session: SiteSession) throws
    -> SiteSession.Update
  {
    for (path, text) in edit.files {
      if let text {
        try fixture.write(text, to: path)
      } else if fixture.exists(path) {
        try fixture.remove(path)
      }
    }
    return try session.rebuild(.plan(for: edit.files.keys))
  }

  /// The update holds the files and warnings of a fresh build, and names exactly the files that
  /// differ from `before`.
  private func expectFresh(
    _ update: SiteSession.Update, before: [String: [UInt8]], _ fixture: SiteFixture, drafts: Bool = false,
    _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let fresh = try SiteBuilder(options: .init(projectRoot: fixture.root, includesDrafts: drafts)).render()
    let wrong = Set(fresh.files.keys).union(update.result.files.keys).filter {
      fresh.files[$0] != update.result.files[$0]
    }
    #expect(wrong.sorted() == [], comment, sourceLocation: sourceLocation)
    #expect(
      update.result.warnings.map(\.description) == fresh.warnings.map(\.description), comment,
      sourceLocation: sourceLocation)
    #expect(update.result.pageCount == fresh.pageCount, comment, sourceLocation: sourceLocation)
    let differing = Set(before.keys).union(fresh.files.keys).filter { before[$0] != fresh.files[$0] }
    #expect(update.changedPaths == differing.sorted(), comment, sourceLocation: sourceLocation)
  }
}
