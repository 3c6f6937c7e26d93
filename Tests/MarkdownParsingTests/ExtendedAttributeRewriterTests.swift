import HTMLRendering
import MarkdownParsing
import RichText
import Testing

/// Apple's `^[text](key: value)` syntax with `extendedAttributes` on: valid forms become an
/// attributes container over the text, everything else stays exactly as parsed.
@Suite struct ExtendedAttributeRewriterTests {
  private func parse(_ markdown: String, smart: Bool = false) -> AttributedText {
    MarkdownParser(options: MarkdownOptions(smartPunctuation: smart, extendedAttributes: true)).parse(
      markdown)
  }

  private func plain(_ markdown: String, smart: Bool = false) -> AttributedText {
    MarkdownParser(options: MarkdownOptions(smartPunctuation: smart)).parse(markdown)
  }

  @Test func literalFormBecomesAContainerAndTheSyntaxDisappears() {
    let text = parse("Say ^[hello *there*](key: 1, other: \"x\") now\n")
    #expect(
      text.dump() == """
        paragraph#1 @1:1-1:44
          text @1:1-1:4 "Say "
          attributes(key: 1, other: 'x')#2 @1:5-1:40
            text @1:7-1:12 "hello "
            emphasized#3 @1:13-1:19
              text @1:14-1:18 "there"
          text @1:41-1:44 " now"

        """)
    #expect(text.characters == "Say hello there now")
    #expect(
      text.runs[2].customAttributes == CustomAttributes([("key", .number(1)), ("other", .string("x"))]))
  }

  @Test func linkShapedFormIsRecognisedFromDestinationAndTitle() {
    // `(lang: 'ja')` looks like a link destination `lang:` with the title `ja` to cmark-gfm.
    #expect(plain("^[こんにちは](lang: 'ja')\n").runs[1].link == Link(url: "lang:", title: "ja"))
    let text = parse("^[こんにちは](lang: 'ja')\n")
    #expect(text.runs.count == 1)
    #expect(text.runs[0].link == nil)
    #expect(text.runs[0].customAttributes["lang"] == .string("ja"))
    #expect(text.runs[0].inlineIntent?.innermost.sourceSpan.description == "1:1-1:30")
    #expect(html(of: text) == "<p><span lang=\"ja\">こんにちは</span></p>\n")
  }

  @Test func linkShapedFormWithoutSpaceOrWithEmptyTitle() {
    #expect(parse("^[a](k:'x')\n").runs[0].customAttributes["k"] == .string("x"))
    #expect(
      parse("^[a](k:1,b:true)\n").runs[0].customAttributes
        == CustomAttributes([("k", .number(1)), ("b", .bool(true))]))
    #expect(parse("^[a](lang: '')\n").runs[0].customAttributes["lang"] == .string(""))
  }

  @Test func valuesFollowJSON5() {
    let text = parse(
      "^[t](s: 'it\\\\'s', d: \"q\", n: -0x1F, f: .5e1, p: +Infinity, z: NaN, b: false, u: null, a: [1, 'two', [3],], o: {x: {y: []}, 'q k': 2,}, $id_2: 0,)\n"
    )
    let attributes = text.runs[0].customAttributes
    #expect(attributes["s"] == .string("it's"))
    #expect(attributes["d"] == .string("q"))
    #expect(attributes["n"] == .number(-31))
    #expect(attributes["f"] == .number(5))
    #expect(attributes["p"] == .number(.infinity))
    #expect(attributes["b"] == .bool(false))
    #expect(attributes["u"] == .null)
    #expect(attributes["a"] == .array([.number(1), .string("two"), .array([.number(3)])]))
    #expect(
      attributes["o"]
        == .object(
          CustomAttributes([("x", .object(CustomAttributes([("y", .array([]))]))), ("q k", .number(2))])))
    #expect(attributes["$id_2"] == .number(0))
    if case .number(let nan) = attributes["z"] {
      #expect(nan.isNaN)
    } else {
      Issue.record("z is not a number")
    }
  }

  @Test func smartQuotesDelimitStrings() {
    let text = parse("^[t](a: 'x', b: \"y\")\n", smart: true)
    // With smart punctuation the quotes arrive curled: ‘x’ and “y”.
    #expect(plain("^[t](a: 'x', b: \"y\")\n", smart: true).characters.contains("‘x’"))
    #expect(text.runs[0].customAttributes == CustomAttributes([("a", .string("x")), ("b", .string("y"))]))
  }

  @Test func attributesSpanLinesAndNest() {
    let text = parse("^[outer ^[inner](b: 2) end](a: 1,\nc: 3) after\n")
    #expect(text.characters == "outer inner end after")
    let inner = text.runs.first { $0.text == "inner" }!
    #expect(inner.inlineIntent?.components.count == 2)
    #expect(
      inner.customAttributes == CustomAttributes([("b", .number(2)), ("a", .number(1)), ("c", .number(3))]))
    #expect(
      html(of: text)
        == "<p><span data-a=\"1\" data-c=\"3\">outer <span data-b=\"2\">inner</span> end</span> after</p>\n")
  }

  @Test(arguments: [
    "^[t](k: 1\n",  // missing )
    "^[t(k: 1)\n",  // unbalanced brackets
    "^[a [b](k: 1)\n",  // the ] closes the inner bracket
    "^[t]()\n",  // empty key list
    "^[t](k:)\n",  // no value
    "^[t](k: 'x' y)\n",  // junk after a value
    "^[t](k: 01)\n",  // leading zero
    "^[t](k: 'x\n",  // unterminated string
    "^[t](1: 2)\n",  // a key may not be a number
    "^[](k: 1)\n",  // no text
    "^ alone and [t](k: 1)\n",  // ^ not right before [
    "x `^[t](k: 1)`\n",  // code span
    "    ^[t](k: 1)\n",  // code block
    "^[t][r]\n\n[r]: k:1\n",  // a reference link whose destination looks like attributes
    "^[t](https://example.com)\n",  // an ordinary link
  ])
  func malformedFormsStayExactlyAsParsed(markdown: String) {
    let rewritten = parse(markdown)
    #expect(rewritten.dump() == plain(markdown).dump())
    #expect(!rewritten.dump().contains("attributes("))
  }

  @Test func attributeValuesInsideCodeStayCode() {
    let text = parse("`^[t](k: 1)`\n")
    #expect(text.runs[0].kind == .code)
    #expect(text.runs[0].text == "^[t](k: 1)")
  }

  @Test func renderingMapsKeysToSpanAttributes() {
    let text = parse("^[x](class: 'note', lang: \"en\", id: 'a&b', data: [1, 2], Weird_Key: true)\n")
    #expect(
      html(of: text)
        == "<p><span class=\"note\" lang=\"en\" id=\"a&amp;b\" data-data=\"[1, 2]\" data-weird-key=\"true\">x</span></p>\n"
    )
  }
}
