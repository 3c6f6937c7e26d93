import PluralRules
import SiteContent
import TestSupport
import Testing

/// Labels that hold a count, from `i18n/<code>.yaml` as Hugo's files write them, and their
/// mistakes at their places.
@Suite struct PluralLabelTests {
  /// A one-language site in `language` whose page template writes `plural.pageCount` for each
  /// of the page's `counts`.
  static func countingSite(_ language: String, i18n: String = "") throws -> SiteFixture {
    try SiteFixture(
      """
      -- folio.yaml --
      language: \(language)
      -- Templates/page.mustache --
      {{#page.params.counts}}{{#plural.pageCount}}{{.}}{{/plural.pageCount}};{{/page.params.counts}}
      -- Content/a.md --
      ---
      counts: [0, 1, 2, 5, 21, 22, 25, 1.5]
      ---
      A
      \(i18n.isEmpty ? "" : "-- i18n/\(language).yaml --\n" + i18n)
      """)
  }

  @Test func englishChoosesByCLDRCategoryNotByEqualsOne() throws {
    let built = try Self.countingSite("en").build()
    #expect(
      built.text("a/index.html")
        == "0 pages;1 page;2 pages;5 pages;21 pages;22 pages;25 pages;1.5 pages;\n")
  }

  @Test func japaneseHasOneForm() throws {
    let built = try Self.countingSite("ja").build()
    #expect(built.text("a/index.html") == "0 件;1 件;2 件;5 件;21 件;22 件;25 件;1.5 件;\n")
  }

  @Test func polishTakesFewAndManyFromItsFile() throws {
    let built = try Self.countingSite(
      "pl",
      i18n: """
        pageCount:
          one: "{count} strona"
          few: "{count} strony"
          many: "{count} stron"
          other: "{count} strony"

        """
    ).build()
    #expect(
      built.text("a/index.html")
        == "0 stron;1 strona;2 strony;5 stron;21 stron;22 strony;25 stron;1.5 strony;\n")
    #expect(built.warnings == [])
  }

  @Test func hugosTOMLAndJSONFilesAreReadToo() throws {
    // A Hugo site's i18n/pl.toml, as Hugo writes it, read where no i18n/pl.yaml is.
    let toml = try SiteFixture(
      """
      -- folio.yaml --
      language: pl
      -- Templates/page.mustache --
      {{#plural.pageCount}}2{{/plural.pageCount}} {{#plural.pageCount}}5{{/plural.pageCount}} {{labels.search}}
      -- Content/a.md --
      A
      -- i18n/pl.toml --
      search = "Szukaj"

      [pageCount]
      one = "{{ .Count }} strona"
      few = "{{ .Count }} strony"
      many = "{{ .Count }} stron"
      other = "{{ .Count }} strony"
      """
    ).build()
    #expect(toml.text("a/index.html") == "2 strony 5 stron Szukaj\n")
    let json = try SiteFixture(
      """
      -- folio.yaml --
      language: en
      -- Templates/page.mustache --
      {{#plural.pageCount}}3{{/plural.pageCount}}
      -- Content/a.md --
      A
      -- i18n/en.json --
      {"pageCount": {"one": "{count} article", "other": "{count} articles"}}
      """
    ).build()
    #expect(json.text("a/index.html") == "3 articles\n")
  }

  @Test func aFormTheLanguageNeedsOrNeverUsesIsAWarningAtTheLabel() throws {
    let polish = try SiteFixture(
      """
      -- folio.yaml --
      language: pl
      -- i18n/pl.yaml --
      pageCount:
        1️⃣one: "{count} strona"
        other: "{count} stron"
      -- Content/a.md --
      A
      """)
    #expect(
      try polish.build().warnings == [
        "\(polish.location("1️⃣")): warning: the label 'pageCount' in i18n/pl.yaml has no 'few' form, so the 'pl' "
          + "numbers that take it (2, 3, 4…) get its 'other' form\n    hint: add 'few:' with the words for those numbers",
        "\(polish.location("1️⃣")): warning: the label 'pageCount' in i18n/pl.yaml has no 'many' form, so the 'pl' "
          + "numbers that take it (0, 5, 6…) get its 'other' form\n    hint: add 'many:' with the words for those numbers",
      ])
    let english = try SiteFixture(
      """
      -- i18n/en.yaml --
      pageCount:
        one: "{count} page"
        1️⃣few: "{count} pages"
        other: "{count} pages"
      -- Content/a.md --
      A
      """)
    #expect(
      try english.build().warnings == [
        "\(english.location("1️⃣")): warning: 'few' in the label 'pageCount' is a form no 'en' number takes\n"
          + "    hint: 'en' numbers take one, other; remove 'few'"
      ])
  }

  @Test func hugosCountPlaceholderAndAPlainStringWork() throws {
    let hugo = try Self.countingSite(
      "en", i18n: "pageCount:\n  one: \"{{ .Count }} post\"\n  other: \"{{.Count}} posts\"\n"
    ).build()
    #expect(hugo.text("a/index.html").hasPrefix("0 posts;1 post;2 posts;"))
    // A string is the `other` form, as go-i18n reads it.
    let plain = try Self.countingSite("en", i18n: "pageCount: \"{count} entries\"\n").build()
    #expect(plain.text("a/index.html").hasPrefix("0 entries;1 entries;"))
  }

  @Test func theOlderListFormOfHugoFilesWorks() throws {
    let built = try Self.countingSite(
      "en",
      i18n: """
        - id: pageCount
          translation:
            one: "{{ .Count }} article"
            other: "{{ .Count }} articles"

        """
    ).build()
    #expect(built.text("a/index.html").hasPrefix("0 articles;1 article;2 articles;"))
  }

  @Test func aMappingWithOtherAloneIsAPlainLabelAsInHugo() throws {
    let built = try SiteFixture(
      """
      -- i18n/en.yaml --
      next:
        other: Onwards
      -- Templates/page.mustache --
      {{labels.next}}
      -- Content/a.md --
      A
      """
    ).build()
    #expect(built.text("a/index.html") == "Onwards\n")
  }

  @Test func formsAreEscapedAndReachableByCategory() throws {
    let built = try SiteFixture(
      """
      -- i18n/en.yaml --
      items:
        one: "{count} <item>"
        other: "{count} <items>"
      -- Templates/page.mustache --
      {{#plural.items}}1{{/plural.items}}|{{labels.items.other}}|{{#plural.next}}2{{/plural.next}}
      -- Content/a.md --
      A
      """
    ).build()
    #expect(built.text("a/index.html") == "1 &lt;item&gt;|{count} &lt;items&gt;|Next\n")
  }

  @Test func aMissingOtherFormIsAnErrorAtTheLabel() throws {
    let site = try SiteFixture(
      """
      -- i18n/en.yaml --
      pageCount:
        1️⃣one: "{count} page"
      -- Content/a.md --
      A
      """)
    #expect(
      site.buildError()
        == """
        \(site.location("1️⃣")): error: the label 'pageCount' in i18n/en.yaml has plural forms but no 'other' form
            hint: add 'other:', the form for every count the language's other categories leave, such as other: "{count} pages"
        """)
  }

  @Test func anUnknownCategoryIsAnErrorNamingTheCategories() throws {
    let site = try SiteFixture(
      """
      -- i18n/en.yaml --
      pageCount:
        one: "{count} page"
        1️⃣oen: "{count} page"
        other: "{count} pages"
      -- Content/a.md --
      A
      """)
    #expect(
      site.buildError()
        == """
        \(site.location("1️⃣")): error: 'oen' in the label 'pageCount' is not a CLDR plural category
            hint: did you mean 'one'? the categories are zero, one, two, few, many and other
        """)
  }

  @Test func aSectionThatRendersNoNumberIsATemplateError() throws {
    let site = try SiteFixture(
      """
      -- Templates/page.mustache --
      1️⃣{{#plural.pageCount}}{{page.title}}{{/plural.pageCount}}
      -- Content/a.md --
      # A
      """)
    let error = site.buildError()
    #expect(error.hasPrefix("\(site.location("1️⃣")): error: lambda 'plural.pageCount' failed: the count 'A'"))
  }

  @Test func builtInTablesHaveTheCountedLabelsOfTheTheme() {
    #expect(
      Labels.pluralLabels(in: "en")["pageCount"]?.text(for: "1", rules: PluralRules(language: "en"))
        == "1 page")
    #expect(Labels.pluralLabels(in: "ja-JP")["searchResults"]?.forms == [.other: "{count} 件見つかりました。"])
    #expect(Labels.required.contains("pageCount") && Labels.required.contains("searchResults"))
  }
}
