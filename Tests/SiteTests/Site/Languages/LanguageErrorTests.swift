import Diagnostics
import Foundation
import Site
import SiteContent
import TestSupport
import Testing

/// What a multilingual site refuses, each at its place, and labels from `i18n/`.
@Suite struct LanguageErrorTests {
  static let settings = """
    -- folio.yaml --
    title: Site
    language: en
    languages:
      en: {}
      ja: {name: 日本語}

    """

  @Test func aTranslationForAnUnlistedLanguageIsAnErrorAtTheFile() throws {
    let site = try SiteFixture(Self.settings + "-- Content/about.fr.md --\n1️⃣Bonjour.\n")
    #expect(
      site.buildError()
        == """
        \(site.location("1️⃣")): error: the language 'fr' is not one of the site's languages
            hint: add it to 'languages' in folio.yaml, or use one of: en, ja
        """)
  }

  @Test func anUnlistedLangIsAnErrorAtTheField() throws {
    let site = try SiteFixture(Self.settings + "-- Content/about.md --\n---\nlang: 1️⃣de\n---\nHallo.\n")
    #expect(site.buildError().hasPrefix("\(site.location("1️⃣")): error: the language 'de' is not one of"))
  }

  @Test func twoPagesOfOneLanguageWithOneKeyAreAnError() throws {
    let site = try SiteFixture(
      Self.settings
        + "-- Content/a.ja.md --\n---\ntranslationKey: about\n---\nA\n"
        + "-- Content/b.ja.md --\n---\ntranslationKey: 1️⃣about\n---\nB\n"
        + "-- Content/c.md --\n---\ntranslationKey: about\n---\nC\n")
    #expect(
      site.buildError().hasPrefix(
        "\(site.location("1️⃣")): error: two 'ja' pages are translations of 'about': this one and Content/a.ja.md"
      ))
  }

  @Test func theDefaultLanguageMustBeListed() throws {
    let site = try SiteFixture("-- folio.yaml --\nlanguage: 1️⃣de\nlanguages: {en: {}, ja: {}}\n")
    #expect(
      site.buildError().hasPrefix(
        "\(site.location("1️⃣")): error: the default language 'de' is not listed under 'languages'"))
  }

  @Test func aLanguageCodeMustBeATag() throws {
    let site = try SiteFixture("-- folio.yaml --\nlanguages:\n  en: {}\n  1️⃣not a tag: {}\n")
    #expect(
      site.buildError().hasPrefix("\(site.location("1️⃣")): error: 'not a tag' is not a BCP 47 language tag"))
  }

  /// A language's `path` from folio.yaml becomes a folder of the output: one folder, checked by
  /// the output-path authority, never a way out of the output.
  @Test(arguments: ["/../", "/a/b/", "ja", "/./", "//", "/a\\b/"])
  func aHostileLanguagePathIsAnErrorAtItsValue(path: String) throws {
    let site = try SiteFixture(
      "-- folio.yaml --\nlanguage: en\nlanguages:\n  en: {}\n  ja: {path: 1️⃣\"\(path)\"}\n-- Content/a.ja.md --\nx\n"
    )
    let error = site.buildError()
    #expect(error.hasPrefix("\(site.location("1️⃣")): error: "), "\(error)")
  }

  @Test func anUnknownLanguageSettingSuggestsTheKnownOne() throws {
    let site = try SiteFixture("-- folio.yaml --\nlanguages:\n  en: {}\n  ja: {1️⃣titel: T}\n")
    let error = site.buildError()
    #expect(error.hasPrefix("\(site.location("1️⃣")): error: unknown setting 'languages.ja.titel'"))
    #expect(error.contains("did you mean 'languages.ja.title'?"))
  }

  /// A language without built-in labels builds with English ones, and a warning names the file
  /// and every label to write (as Hugo falls back to the default language's strings).
  @Test func aLanguageWithoutBuiltInLabelsIsWarnedAboutAndShowsEnglishOnes() throws {
    let site = try SiteFixture(
      "-- folio.yaml --\nlanguages:\n  en: {}\n  1️⃣fr: {name: Français}\n-- Content/a.fr.md --\nBonjour.\n")
    let built = try site.build()
    let warning = built.warnings.first { $0.contains("has no labels") } ?? "none"
    #expect(
      warning.hasPrefix(
        "\(site.location("1️⃣")): warning: the language 'fr' has no labels: i18n/fr.yaml is missing, so its pages"
          + " show English ones"))
    #expect(warning.contains("skipToContent"))
    #expect(built.text("fr/a/index.html").contains("Skip to content"))
  }

  @Test func anI18nFileMissingLabelsNamesThem() throws {
    let site = try SiteFixture(
      "-- folio.yaml --\nlanguages: {en: {}, fr: {}}\n-- i18n/fr.yaml --\n1️⃣readMore: Lire la suite\n-- Content/a.md --\nA\n"
    )
    let warning = try site.build().warnings.first { $0.contains("has no label for") } ?? "none"
    #expect(warning.hasPrefix("\(site.location("1️⃣")): warning: i18n/fr.yaml has no label for 'allTags', "))
    #expect(!warning.contains("'readMore'"))
  }

  @Test func labelsComeFromI18nFilesAndMayOverrideBuiltInOnes() throws {
    let french = Labels.required.filter { $0 != "skipToContent" }.map { "\($0): FR \($0)" }.joined(
      separator: "\n")
    let built = try SiteFixture(
      """
      -- folio.yaml --
      title: Site
      languages: {en: {}, fr: {name: Français, dateFormat: "%-d/%m/%Y"}}
      -- i18n/fr.yaml --
      \(french)
      skipToContent: Aller au contenu
      -- i18n/en.yaml --
      skipToContent: Jump to the text
      -- Content/a.md --
      ---
      date: 2026-11-20
      ---
      A
      -- Content/a.fr.md --
      ---
      date: 2026-11-20
      ---
      A

      """
    ).build()
    let page = built.text("fr/a/index.html")
    #expect(page.contains("<a class=\"skip-link\" href=\"#main\">Aller au contenu</a>"))
    #expect(
      page.contains("<span>FR published <time datetime=\"2026-11-20T00:00:00Z\">20/11/2026</time></span>"))
    #expect(page.contains("<nav class=\"language-switcher\" aria-label=\"FR language\">"))
    #expect(built.text("a/index.html").contains(">Jump to the text</a>"))
  }

  @Test func aLanguagesTitleLosesWhatXMLForbidsWithAWarning() throws {
    let site = try SiteFixture(
      "-- folio.yaml --\nlanguages:\n  en: {}\n  ja: {title: 1️⃣\"A\\u0001B\"}\n-- Content/a.ja.md --\nA\n")
    let built = try site.build()
    #expect(
      built.warnings.contains {
        $0.hasPrefix("\(site.location("1️⃣")): warning: ") && $0.contains("languages.ja.title")
      })
    #expect(built.text("ja/atom.xml").contains("<title>AB</title>"))
  }

  @Test func datesFollowTheFormatsDirectives() {
    #expect(DateFormat(pattern: "%B %-d, %Y").format("2026-11-02") == "November 2, 2026")
    #expect(DateFormat(pattern: "%Y年%-m月%-d日").format("2026-01-05T09:00:00+09:00") == "2026年1月5日")
    #expect(DateFormat(pattern: "%d %b %Y, 100%%").format("2026-03-07") == "07 Mar 2026, 100%")
    #expect(DateFormat(pattern: "%Y").format("not a date") == "not a date")
  }

  @Test func aFileNameSuffixIsALanguageOnlyWhenItLooksLikeOne() {
    #expect(LanguageTag.suffix(ofMarkdownFile: "docs/about.ja.md") == "ja")
    #expect(LanguageTag.suffix(ofMarkdownFile: "trip/index.pt-BR.md") == "pt-BR")
    #expect(LanguageTag.suffix(ofMarkdownFile: "v1.2.md") == nil)
    #expect(LanguageTag.suffix(ofMarkdownFile: "notes.draft.md") == nil)
    #expect(LanguageTag.suffix(ofMarkdownFile: ".ja.md") == nil)
    #expect(LanguageTag.suffix(ofMarkdownFile: "about.md") == nil)
  }
}
