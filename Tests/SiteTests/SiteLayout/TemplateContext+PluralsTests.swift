import TestSupport
import Testing

/// `inflect` and `plural` in templates, and the default theme's counts.
@Suite struct TemplateContextPluralsTests {
  /// The page `a` of a one-language site in `language` whose page template is `template`,
  /// rendered for each of `counts`.
  static func render(_ template: String, _ language: String, counts: String = "[1, 3]") throws -> String {
    try SiteFixture(
      """
      -- folio.yaml --
      language: \(language)
      -- Templates/page.mustache --
      {{#page.params.counts}}\(template);{{/page.params.counts}}
      -- Content/a.md --
      ---
      counts: \(counts)
      ---
      A
      """
    ).build().text("a/index.html")
  }

  @Test func inflectMakesRenderedWordsAgreeInEnglish() throws {
    #expect(
      try Self.render("{{#inflect}}{{.}} result{{/inflect}}", "en", counts: "[0, 1, 2, 21, 1.5]")
        == "0 results;1 result;2 results;21 results;1.5 results;\n")
    // Markup and character references are neither words nor numbers.
    #expect(
      try Self.render("{{#inflect}}<b>{{.}}</b> Q&amp;A session{{/inflect}}", "en")
        == "<b>1</b> Q&amp;A session;<b>3</b> Q&amp;A sessions;\n")
  }

  @Test func inflectMakesSpanishNounsAndAdjectivesAgree() throws {
    #expect(
      try Self.render("{{#inflect}}{{.}} manzana roja{{/inflect}}", "es", counts: "[1, 2]")
        == "1 manzana roja;2 manzanas rojas;\n")
  }

  @Test func inflectLeavesJapaneseAndUndecidedPhrasesAsRendered() throws {
    #expect(try Self.render("{{#inflect}}{{.}} 件{{/inflect}}", "ja") == "1 件;3 件;\n")
    // No number to agree with.
    #expect(try Self.render("{{#inflect}}result{{/inflect}}", "en") == "result;result;\n")
  }

  @Test func digitGroupingWritesCountsAsTheLanguageWritesNumbers() throws {
    let site = """
      -- Templates/page.mustache --
      {{#plural.pageCount}}12345{{/plural.pageCount}}; {{#inflect}}1234 result{{/inflect}}
      -- Content/en.md --
      ---
      lang: en
      ---
      -- Content/es.md --
      ---
      lang: es
      ---

      """
    let grouped = try SiteFixture("-- folio.yaml --\ndigitGrouping: true\n" + site).build()
    #expect(grouped.text("en/index.html") == "12,345 pages; 1,234 results\n")
    // Spanish groups from five digits, with a point: "1234" stays.
    #expect(grouped.text("es/index.html").hasPrefix("12.345 "))
    #expect(grouped.text("es/index.html").hasSuffix("; 1234 results\n"))
    // Without the setting a number stays as written.
    let plain = try SiteFixture("-- folio.yaml --\ntitle: T\n" + site).build()
    #expect(plain.text("en/index.html") == "12345 pages; 1234 results\n")
  }

  @Test func aPageWithALangOfItsOwnCountsInItsLanguage() throws {
    let built = try SiteFixture(
      """
      -- folio.yaml --
      language: ja
      -- Templates/page.mustache --
      {{#plural.pageCount}}3{{/plural.pageCount}} {{#inflect}}3 result{{/inflect}}
      -- Content/en.md --
      ---
      lang: en
      ---
      English
      -- Content/ja.md --
      日本語
      """
    ).build()
    #expect(built.text("en/index.html") == "3 pages 3 results\n")
    #expect(built.text("ja/index.html") == "3 件 3 result\n")
  }

  @Test func theThemeCountsTermsPagesInThePageLanguage() throws {
    let pages = (1...3).map {
      "-- Content/posts/p\($0).md --\n---\ntitle: P\($0)\ntags: [swift\($0 == 1 ? ", go" : "")]\n---\nText\n"
    }
    let english = try SiteFixture(pages.joined()).build()
    let taxonomy = english.text("tags/index.html")
    #expect(
      taxonomy.contains(
        #"<a href="/tags/swift/" rel="tag">swift</a> <span class="term-count"><span aria-hidden="true">·</span> 3 pages</span>"#
      ))
    #expect(
      taxonomy.contains(#"go</a> <span class="term-count"><span aria-hidden="true">·</span> 1 page</span>"#))
    #expect(english.text("tags/swift/index.html").contains(#"<p class="term-count">3 pages</p>"#))
    // The whole list's count, on every page of its pager.
    let paginated = try SiteFixture("-- folio.yaml --\npagination: 2\n" + pages.joined()).build()
    #expect(paginated.text("tags/swift/page/2/index.html").contains(#"<p class="term-count">3 pages</p>"#))
    let japanese = try SiteFixture("-- folio.yaml --\nlanguage: ja\n" + pages.joined()).build()
    #expect(japanese.text("tags/swift/index.html").contains(#"<p class="term-count">3 件</p>"#))
  }

  @Test func theSearchPageHandsTheResultFormsToItsScript() throws {
    let built = try SiteFixture("-- folio.yaml --\nsearch: true\n-- Content/a.md --\nA\n").build()
    #expect(
      built.text("search/index.html").contains(
        #"data-none="No pages found." data-count-one="{count} page found." data-count-other="{count} pages found.""#
      ))
  }
}
