import HTMLRendering
import RichText
import Testing

/// How custom attributes become a `<span>`: HTML's own attributes by name, the rest as data-.
@Suite struct CustomAttributeSpanTests {
  private func render(_ attributes: CustomAttributes) -> String {
    var builder = AttributedTextBuilder()
    builder.openBlock(.paragraph)
    builder.openInline(.attributes(attributes))
    builder.appendRun(.text, text: "x")
    builder.closeBlock()
    return HTMLRenderer().render(builder.build())
  }

  @Test func htmlAttributesKeepTheirNamesAndOthersBecomeData() {
    #expect(
      render(
        CustomAttributes([
          ("class", .string("a b")), ("lang", .string("ja")), ("id", .string("i")), ("title", .string("t")),
          ("dir", .string("rtl")), ("rating", .number(4.5)),
        ]))
        == "<p><span class=\"a b\" lang=\"ja\" id=\"i\" title=\"t\" dir=\"rtl\" data-rating=\"4.5\">x</span></p>\n"
    )
  }

  @Test func keysAreLowerCasedAndReducedToSafeCharacters() {
    #expect(
      render(
        CustomAttributes([("fooBar", .bool(true)), ("on click", .null), ("ü", .number(1)), ("", .number(2))]))
        == "<p><span data-foobar=\"true\" data-on-click=\"null\" data--=\"1\">x</span></p>\n")
  }

  @Test func valuesAreEscapedAndStructuredValuesPrintAsJSON5() {
    #expect(
      render(CustomAttributes([("q", .string("\"<&>")), ("list", .array([.string("a"), .number(1)]))]))
        == "<p><span data-q=\"&quot;&lt;&amp;&gt;\" data-list=\"['a', 1]\">x</span></p>\n")
  }

  @Test func aRepeatedKeyKeepsItsFirstPlaceAndLastValue() {
    #expect(
      render(CustomAttributes([("class", .string("a")), ("lang", .string("en")), ("CLASS", .string("b"))]))
        == "<p><span class=\"b\" lang=\"en\">x</span></p>\n")
  }
}
