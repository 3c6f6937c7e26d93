import TestSupport
import Testing

/// The home page lists the main section's posts (`mainSections`), not every dated page.
@Suite struct MainSectionsTests {
  private static let site = """
    -- Templates/home.mustache --
    home:{{#list.pages}} {{url}}{{/list.pages}}
    -- Content/posts/a.md --
    ---
    date: 2024-01-01
    ---
    -- Content/posts/b.md --
    ---
    date: 2024-02-01
    ---
    -- Content/docs/guide.md --
    ---
    date: 2024-03-01
    ---
    -- Content/notes/n.md --
    ---
    date: 2024-04-01
    ---

    """

  @Test func theHomeListsTheSectionWithTheMostDatedPages() throws {
    let site = try SiteFixture(Self.site + "-- folio.yaml --\ntitle: T\n")
    let built = try site.build()
    #expect(built.text("index.html") == "home: /posts/b/ /posts/a/\n")
    // The feed still has every dated page.
    #expect(built.text("atom.xml").contains("/docs/guide/"))
  }

  @Test func mainSectionsChoosesTheSections() throws {
    let site = try SiteFixture(Self.site + "-- folio.yaml --\ntitle: T\nmainSections: [notes, docs]\n")
    #expect(try site.build().text("index.html") == "home: /notes/n/ /docs/guide/\n")
  }

  @Test func oneSectionNameIsEnough() throws {
    let site = try SiteFixture(Self.site + "-- folio.yaml --\ntitle: T\nmainSections: docs\n")
    #expect(try site.build().text("index.html") == "home: /docs/guide/\n")
  }

  @Test func eachLanguagesHomeListsItsMainSection() throws {
    let site = try SiteFixture(
      """
      -- Templates/home.mustache --
      home:{{#list.pages}} {{url}}{{/list.pages}}
      -- folio.yaml --
      title: T
      languages: {en: {}, ja: {}}
      -- Content/posts/a.md --
      ---
      date: 2024-01-01
      ---
      -- Content/posts/b.md --
      ---
      date: 2024-01-02
      ---
      -- Content/posts/a.ja.md --
      ---
      date: 2024-01-01
      ---
      -- Content/posts/b.ja.md --
      ---
      date: 2024-01-02
      ---
      -- Content/guide/g.md --
      ---
      date: 2024-05-01
      ---
      -- Content/guide/g.ja.md --
      ---
      date: 2024-05-01
      ---

      """)
    let built = try site.build()
    #expect(built.text("index.html") == "home: /posts/b/ /posts/a/\n")
    #expect(built.text("ja/index.html") == "home: /ja/posts/b/ /ja/posts/a/\n")
  }
}
