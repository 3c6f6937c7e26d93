import PluralRules
import Testing

/// CLDR plural categories through ICU, numbers read as written.
@Suite struct PluralRulesTests {
  @Test func englishTakesOneOnlyForAnUnwrittenFractionOne() {
    let english = PluralRules(language: "en")
    #expect(english.category(of: "1") == .one)
    #expect(english.category(of: "0") == .other)
    #expect(english.category(of: "1.5") == .other)
    #expect(english.category(of: "21") == .other)
    // Visible fraction digits count: "1.0 bookmarks".
    #expect(english.category(of: "1.0") == .other)
    #expect(english.category(of: "-1") == .one)
  }

  @Test func spanishTakesOneForOneAndManyForMillions() {
    let spanish = PluralRules(language: "es")
    #expect(spanish.category(of: "1") == .one)
    #expect(spanish.category(of: "0") == .other)
    #expect(spanish.category(of: "2") == .other)
    #expect(spanish.category(of: "1.5") == .other)
    #expect(spanish.category(of: "1000000") == .many)
    #expect(PluralRules(language: "es-MX").category(of: "1") == .one)
  }

  @Test func japaneseIsAlwaysOther() {
    let japanese = PluralRules(language: "ja")
    for number in ["0", "1", "2", "1.5", "21"] { #expect(japanese.category(of: number) == .other) }
  }

  @Test func polishAndRussianHaveFewAndMany() {
    let polish = PluralRules(language: "pl")
    #expect(polish.category(of: "1") == .one)
    #expect(polish.category(of: "2") == .few)
    #expect(polish.category(of: "22") == .few)
    #expect(polish.category(of: "5") == .many)
    #expect(polish.category(of: "12") == .many)
    #expect(polish.category(of: "1.5") == .other)
    let russian = PluralRules(language: "ru")
    #expect(russian.category(of: "21") == .one)
    #expect(russian.category(of: "3") == .few)
    #expect(russian.category(of: "11") == .many)
  }

  @Test func aLanguageICURefusesHasTheRootRules() {
    // A site's `language:` is whatever the writer typed; the hostile site's is markup, longer
    // than any locale ID. Its counts are `other`, as a language without rules has them, and the
    // theme's "2 pages" still renders.
    let refused = PluralRules(
      language: #""><script>alert('lang')</script>"# + String(repeating: "x", count: 80))
    #expect(refused.category(of: "2") == .other)
    #expect(refused.category(of: "1") == .other)
    #expect(refused.category(of: "two") == nil)
  }

  @Test func numbersAreWrittenWithTheLanguagesGrouping() {
    #expect(PluralRules(language: "en").formatted("1234.5") == "1,234.5")
    #expect(PluralRules(language: "en").formatted("1000000") == "1,000,000")
    // Spanish groups from five digits, with a point.
    #expect(PluralRules(language: "es").formatted("1234") == "1234")
    #expect(PluralRules(language: "es").formatted("12345") == "12.345")
    #expect(PluralRules(language: "de").formatted("1234.5") == "1.234,5")
    #expect(PluralRules(language: "ja").formatted("12345") == "12,345")
    #expect(PluralRules(language: "en").formatted("12") == "12")
    #expect(PluralRules(language: "en").formatted("many") == nil)
  }

  @Test func textThatIsNoNumberHasNoCategory() {
    let english = PluralRules(language: "en")
    for text in ["", "one", "1,000", "1.", ".5", "1e3", "--1", "١"] {
      #expect(english.category(of: text) == nil)
    }
  }

  @Test func categoriesInUseNameTheFormsALanguagesCountsTake() {
    #expect(PluralRules(language: "en").categoriesInUse() == [.one: ["1"], .other: ["0", "2", "3"]])
    #expect(Set(PluralRules(language: "ja").categoriesInUse().keys) == [.other])
    let polish = PluralRules(language: "pl").categoriesInUse()
    #expect(polish[.few] == ["2", "3", "4"])
    #expect(polish[.many] == ["0", "5", "6"])
    #expect(polish[.other] == ["0.0", "0.5", "1.0"])
    // Millions are not tried: a site's counts never meet Spanish `many`.
    #expect(PluralRules(language: "es").categoriesInUse()[.many] == nil)
  }
}
