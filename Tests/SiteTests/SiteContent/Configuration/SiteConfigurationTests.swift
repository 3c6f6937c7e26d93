import Site
import TestSupport
import Testing

/// `folio.yaml`: every key optional, mistakes reported at the offending key or value.
@Suite struct SiteConfigurationTests {
  @Test func anUnknownKeyIsAnErrorAtTheKeyWithTheSettingItProbablyMeant() throws {
    let site = try SiteFixture(
      """
      -- folio.yaml --
      title: T
      1️⃣titel: Typo
      -- Content/a.md --
      A
      """)
    #expect(
      site.buildError()
        == "\(site.location("1️⃣")): error: unknown setting 'titel'\n    hint: did you mean 'title'?")
  }

  @Test func anUnknownKeyWithNoCloseSettingListsTheSettings() throws {
    let site = try SiteFixture(
      """
      -- folio.yaml --
      1️⃣theme: dark
      """)
    #expect(
      site.buildError()
        == "\(site.location("1️⃣")): error: unknown setting 'theme'\n    hint: the settings are: title, description, "
        + "baseURL, language, languages, author, copyright, dateFormat, digitGrouping, markdown, lists, readMore, "
        + "taxonomies, feeds, "
        + "sitemap, robots, pagination, mainSections, checkLinks, menu, urls, externalLinks, mounts, static, params, "
        + "layouts, redirects, highlight, search, repository, lastUpdated, docs, images, books"
    )
  }

  /// The features' sections (`SettingsSection`) are read with the same errors as Folio's own
  /// settings: a misspelt section is suggested, and an unknown key inside one is an error at the
  /// key, named under its section.
  @Test(arguments: [
    ("1️⃣serach: true\n", "serach", "did you mean 'search'?"),
    ("search:\n  1️⃣cod: true\n", "search.cod", "did you mean 'search.code'?"),
    ("highlight:\n  1️⃣darc: GitHub Dark\n", "highlight.darc", "did you mean 'highlight.dark'?"),
  ])
  func aFeaturesSectionReportsUnknownKeysAtTheirPlaces(yaml: String, key: String, hint: String) throws {
    let site = try SiteFixture("-- folio.yaml --\n" + yaml + "-- Content/a.md --\nA\n")
    #expect(
      site.buildError() == "\(site.location("1️⃣")): error: unknown setting '\(key)'\n    hint: \(hint)")
  }

  @Test func anUnknownNestedKeyNamesItsParent() throws {
    let site = try SiteFixture(
      """
      -- folio.yaml --
      markdown:
        1️⃣unsafeHtml: true
      -- Content/a.md --
      A
      """)
    #expect(
      site.buildError()
        == "\(site.location("1️⃣")): error: unknown setting 'markdown.unsafeHtml'\n    hint: did you mean 'markdown.unsafeHTML'?"
    )
  }

  @Test func aBaseURLMustBeAbsolute() throws {
    let site = try SiteFixture(
      """
      -- folio.yaml --
      baseURL: 1️⃣example.org
      -- Content/a.md --
      A
      """)
    #expect(
      site.buildError().hasPrefix(
        "\(site.location("1️⃣")): error: baseURL 'example.org' is not an absolute http or https URL"))
  }

  @Test func cjkSoftBreaksCanBeTurnedOff() throws {
    let site = try SiteFixture(
      contentOnlyTemplate + """
        -- folio.yaml --
        markdown: { cjkSoftBreaks: false }
        -- Content/a.md --
        日本語
        日本語
        """)
    #expect(try site.build().text("a/index.html") == "<p>日本語\n日本語</p>\n\n")
  }

  @Test func aSiteWithoutConfigurationIsTitledAfterItsFolderAndSaysSo() throws {
    let parent = try SiteFixture("-- Field Notes/Content/_index.md --\nHello\n")
    let result = try SiteBuilder(options: SiteBuilder.Options(projectRoot: parent.url("Field Notes")))
      .render()
    let home = String(decoding: result.files["index.html"] ?? [], as: UTF8.self)
    #expect(home.contains("<title>Field Notes</title>"))
    #expect(
      result.warnings.map(\.description) == [
        """
        note: there is no folio.yaml, so the site is titled 'Field Notes' after its folder
            hint: write 'title: …' in folio.yaml to choose the title
        """
      ])
  }

  @Test func aConfigurationWithoutTitleIsTitledAfterItsFolder() throws {
    let parent = try SiteFixture("-- blog/folio.yaml --\nauthor: Ann\n-- blog/Content/_index.md --\nHello\n")
    let result = try SiteBuilder(options: SiteBuilder.Options(projectRoot: parent.url("blog"))).render()
    #expect(String(decoding: result.files["index.html"] ?? [], as: UTF8.self).contains("<title>blog</title>"))
    // folio.yaml is there: leaving `title` out is a choice, and the default is documented.
    #expect(result.warnings.isEmpty)
  }

  @Test func aTitleInTheConfigurationIsNotNoted() throws {
    let site = try SiteFixture("-- folio.yaml --\ntitle: Mine\n-- Content/_index.md --\nHello\n")
    let result = try SiteBuilder(options: SiteBuilder.Options(projectRoot: site.root)).render()
    #expect(result.warnings.isEmpty)
  }
}
