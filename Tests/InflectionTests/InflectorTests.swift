import HTMLRendering
import Inflection
import MarkdownParsing
import RichText
import Testing

/// `^[…](inflect: true)` spans made to agree, as a reader of the page sees them.
@Suite struct InflectorTests {
  /// The HTML of `markdown` inflected as `language`, and the problems' messages.
  func render(_ markdown: String, _ language: String) -> (html: String, problems: [String]) {
    let text = MarkdownParser(options: MarkdownOptions(extendedAttributes: true)).parse(markdown)
    let inflection = Inflector(language: language).inflect(text)
    return (
      HTMLRenderer().render(inflection.text),
      inflection.problems.map { $0.diagnostic(in: "page.md").description }
    )
  }

  @Test func englishNounsAgreeWithTheNumber() {
    #expect(render("^[1 bookmark](inflect: true)", "en").html == "<p>1 bookmark</p>\n")
    #expect(render("^[3 bookmark](inflect: true)", "en").html == "<p>3 bookmarks</p>\n")
    #expect(render("^[1.5 bookmark](inflect: true)", "en").html == "<p>1.5 bookmarks</p>\n")
    #expect(render("^[0 bookmark](inflect: true)", "en").html == "<p>0 bookmarks</p>\n")
    #expect(render("^[1 bookmarks](inflect: true)", "en").html == "<p>1 bookmark</p>\n")
    #expect(render("You have ^[2 child](inflect: true).", "en").html == "<p>You have 2 children.</p>\n")
    #expect(render("^[3 cup of tea](inflect: true)", "en").html == "<p>3 cups of tea</p>\n")
    #expect(
      render("^[2 unread *message*](inflect: true)", "en").html == "<p>2 unread <em>messages</em></p>\n")
  }

  @Test func spanishArticlesAndAdjectivesAgreeInNumberAndGender() {
    #expect(render("^[2 manzana roja](inflect: true)", "es").html == "<p>2 manzanas rojas</p>\n")
    #expect(render("^[1 manzana roja](inflect: true)", "es").html == "<p>1 manzana roja</p>\n")
    #expect(render("^[las 3 canción nueva](inflect: true)", "es").html == "<p>las 3 canciones nuevas</p>\n")
    #expect(render("^[el 2 coche rojo](inflect: true)", "es").html == "<p>los 2 coches rojos</p>\n")
    #expect(render("^[2 joven feliz](inflect: true)", "es").html == "<p>2 jóvenes felices</p>\n")
    #expect(render("^[3 lunes](inflect: true)", "es").html == "<p>3 lunes</p>\n")
    #expect(render("^[2 taza de café](inflect: true)", "es").html == "<p>2 tazas de café</p>\n")
  }

  @Test func morphologyStatesGenderAndNumber() {
    let welcome = "^[Bienvenido](inflect: true, morphology: {grammaticalGender: 'feminine'})"
    #expect(render(welcome, "es").html == "<p>Bienvenida</p>\n")
    #expect(
      render("^[bookmark](inflect: true, morphology: {number: 'plural'})", "en").html == "<p>bookmarks</p>\n")
    // The stated number wins over the numeral's.
    #expect(
      render("^[1 bookmark](inflect: true, morphology: {number: 'plural'})", "en").html
        == "<p>1 bookmarks</p>\n")
    #expect(
      render("^[2 estudiante nuevo](inflect: true, morphology: {grammaticalGender: 'feminine'})", "es").html
        == "<p>2 estudiantes nuevas</p>\n")
  }

  @Test func undecidedAgreementTakesTheAlternativeOrWarnsAtTheSpan() {
    let alternative = "^[Bienvenido](inflect: true, inflectionAlternative: 'Te damos la bienvenida')"
    let withAlternative = render(alternative, "es")
    #expect(withAlternative.html == "<p>Te damos la bienvenida</p>\n")
    #expect(withAlternative.problems.isEmpty)
    let withoutGender = render("Hay ^[2 coste nuevo](inflect: true).", "es")
    #expect(withoutGender.html == "<p>Hay <span data-inflect=\"true\">2 coste nuevo</span>.</p>\n")
    #expect(withoutGender.problems.count == 1)
    #expect(
      withoutGender.problems.first?.hasPrefix("page.md:1:5: warning: cannot tell the gender of 'coste'")
        == true)
    let noNumber = render("^[bookmark](inflect: true)", "en")
    #expect(noNumber.problems.first?.contains("no number to agree with") == true)
  }

  @Test func otherLanguagesAreLeftAsWrittenSilently() {
    let japanese = render("^[3 ブックマーク](inflect: true)", "ja")
    #expect(japanese.html == "<p><span data-inflect=\"true\">3 ブックマーク</span></p>\n")
    #expect(japanese.problems.isEmpty)
  }

  @Test func otherAttributesStayOnTheSpan() {
    #expect(
      render("^[3 bookmark](inflect: true, lang: 'en')", "en").html
        == "<p><span lang=\"en\">3 bookmarks</span></p>\n")
  }

  @Test func aPlainPhraseAgreesAndSaysWhichWordsChanged() {
    let english = Inflector(language: "en")
    #expect(english.inflect(phrase: "3 result").text == "3 results")
    #expect(english.inflect(phrase: "1 result").text == "1 result")
    #expect(english.inflect(phrase: "21 result").text == "21 results")
    #expect(english.inflect(phrase: "1.5 result").text == "1.5 results")
    let child = english.inflect(phrase: "2 child")
    #expect(child.replacements.map(\.range) == [2..<7])
    #expect(child.replacements.map(\.text) == ["children"])
    #expect(Inflector(language: "es").inflect(phrase: "2 manzana roja").text == "2 manzanas rojas")
    let japanese = Inflector(language: "ja").inflect(phrase: "3 件")
    #expect(japanese.text == "3 件" && japanese.replacements.isEmpty && japanese.problem == nil)
    let undecided = english.inflect(phrase: "results")
    #expect(undecided.text == "results")
    #expect(undecided.problem == .nothingToAgreeWith)
  }
}
