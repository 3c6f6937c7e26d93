import Site
import TestSupport
import Testing

private let templates = """
  -- Templates/home.mustache --
  home:{{#list.pages}} {{url}}{{/list.pages}}
  -- Templates/term.mustache --
  {{page.title}}:{{#list.pages}} {{url}}{{/list.pages}}
  -- Templates/taxonomy.mustache --
  {{page.title}}:{{#list.terms}} {{name}}({{count}}){{/list.terms}}
  -- Templates/page.mustache --
  {{page.title}} [{{#page.tags}}{{name}},{{/page.tags}}] {{page.params.emoji}} {{page.params.type}} {{page.draft}}

  """

/// The front matter of Zenn and Jekyll repositories: `published`, `topics`, `emoji`, `type`.
@Suite struct ZennFrontMatterTests {
  @Test func publishedFalseIsADraftAndPublishedTrueIsNot() throws {
    let site = try SiteFixture(
      templates + """
        -- Content/hidden.md --
        ---
        title: Hidden
        published: false
        tags: [secret]
        ---
        -- Content/shown.md --
        ---
        title: Shown
        published: true
        ---
        -- Content/both.md --
        ---
        title: Both
        published: false
        draft: false
        ---
        -- Content/marked.md --
        ---
        title: Marked
        draft: true
        published: true
        ---
        """)
    let built = try site.build()
    #expect(built.files["hidden/index.html"] == nil)
    #expect(built.files["both/index.html"] == nil)
    #expect(built.files["marked/index.html"] == nil)
    #expect(built.files["tags/secret/index.html"] == nil)
    #expect(built.text("shown/index.html") == "Shown []   false\n")
    let preview = try site.build(drafts: true)
    #expect(preview.text("hidden/index.html").hasSuffix(" true\n"))
  }

  @Test func aPublishedFieldThatIsNoBooleanStaysAParameter() throws {
    let site = try SiteFixture(
      templates.replacingOccurrences(of: "{{page.params.type}}", with: "{{page.params.published}}") + """
        -- Content/a.md --
        ---
        title: A
        published: 2024-01-01
        ---
        """)
    #expect(try site.build().text("a/index.html") == "A []  2024-01-01 false\n")
  }

  @Test func topicsFeedTheTagsWhenTheTaxonomySaysSo() throws {
    let site = try SiteFixture(
      templates + """
        -- folio.yaml --
        taxonomies:
          - name: tags
            from: [tags, topics]
          - series
        -- Content/a.md --
        ---
        title: A
        emoji: "🐧"
        type: tech
        topics: [swift, linux]
        tags: [linux, folio]
        ---
        -- Content/b.md --
        ---
        title: B
        topics: swift
        series: Zenn
        ---
        """)
    let built = try site.build()
    #expect(built.text("a/index.html") == "A [swift,linux,folio,] 🐧 tech false\n")
    #expect(built.text("tags/index.html") == "Tags: folio(1) linux(1) swift(2)\n")
    #expect(built.text("series/index.html") == "Series: Zenn(1)\n")
  }

  @Test func withoutFromTopicsAreAPlainParameter() throws {
    let site = try SiteFixture(
      templates + """
        -- Content/a.md --
        ---
        title: A
        topics: [swift]
        ---
        """)
    let built = try site.build()
    #expect(built.text("a/index.html") == "A []   false\n")
    #expect(built.files["tags/swift/index.html"] == nil)
  }

  @Test func aFieldFeedingTwoTaxonomiesIsAnError() throws {
    let site = try SiteFixture(
      """
      -- folio.yaml --
      taxonomies:
        - name: tags
          from: [topics]
        - name: labels
          from: [1️⃣topics]
      """)
    #expect(site.buildError() == "\(site.location("1️⃣")): error: field 'topics' already feeds taxonomy 'tags'")
  }
}
