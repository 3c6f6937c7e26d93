import RichText
import Testing

/// Custom attributes print as JSON5 and read as HTML attribute text.
@Suite struct CustomAttributesTests {
  @Test func descriptionIsJSON5ThatReadsBackUnchanged() {
    let attributes = CustomAttributes([
      ("plain", .string("it's a \\ test\n")), ("q k", .number(1.5)), ("big", .number(-.infinity)),
      ("nan", .number(.nan)), ("list", .array([.bool(true), .null])),
      ("o", .object(CustomAttributes([("x", .number(2))]))),
    ])
    #expect(
      attributes.description
        == #"plain: 'it\'s a \\ test\n', 'q k': 1.5, big: -Infinity, nan: NaN, list: [true, null], o: {x: 2}"#
    )
  }

  @Test func textDropsUselessFractionsAndKeepsStringsAsTheyAre() {
    #expect(AttributeValue.number(3).text == "3")
    #expect(AttributeValue.number(-0.25).text == "-0.25")
    #expect(AttributeValue.number(.infinity).text == "Infinity")
    #expect(AttributeValue.string("a 'b'").text == "a 'b'")
    #expect(AttributeValue.bool(false).text == "false")
  }

  @Test func theLastRepeatedKeyWinsAndEqualityKeepsOrder() {
    let attributes = CustomAttributes([("a", .number(1)), ("a", .number(2))])
    #expect(attributes["a"] == .number(2))
    #expect(attributes["b"] == nil)
    #expect(
      CustomAttributes([("a", .null), ("b", .null)]) != CustomAttributes([("b", .null), ("a", .null)]))
  }

  @Test func runsMergeAttributesFromEnclosingContainersInnerFirst() {
    var builder = AttributedTextBuilder()
    builder.openBlock(.paragraph)
    builder.openInline(.attributes(CustomAttributes([("lang", .string("en")), ("class", .string("outer"))])))
    builder.openInline(.attributes(CustomAttributes([("lang", .string("ja"))])))
    builder.appendRun(.text, text: "x")
    builder.closeBlock()
    let run = builder.build().runs[0]
    #expect(run.customAttributes == CustomAttributes([("lang", .string("ja")), ("class", .string("outer"))]))
  }
}
