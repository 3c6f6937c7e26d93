import HTMLTree
import Testing

/// HTML5 output for the print page: it parses back to the same tree, and it is the same bytes
/// every time.
@Suite struct HTMLSerializationTests {
  @Test func theSameTreeGivesTheSameBytes() throws {
    let fragment = try HTMLFragment(parsing: Array(Fixtures.folioPage.utf8))
    #expect(fragment.serialized(as: .html) == fragment.serialized(as: .html))
    #expect(fragment.serialized(as: .xhtml) == fragment.serialized(as: .xhtml))
    let again = try HTMLFragment(parsing: Array(Fixtures.folioPage.utf8))
    #expect(again.serialized(as: .html) == fragment.serialized(as: .html))
  }

  /// Parsing the output again and writing it gives the same bytes (comments, left out, were
  /// all that changed: their neighbouring texts are now one).
  @Test func outputParsesBackToTheSameOutput() throws {
    let html = try HTMLFragment(parsing: Array(Fixtures.folioPage.utf8)).serialized(as: .html)
    let reparsed = try HTMLFragment(parsing: html)
    #expect(
      String(decoding: reparsed.serialized(as: .html), as: UTF8.self) == String(decoding: html, as: UTF8.self)
    )
    #expect(!reparsed.nodes.contains { if case .comment = $0 { true } else { false } })
  }

  @Test func voidElementsHaveNoSlashAndRawTextIsAsWritten() throws {
    #expect(
      try serialize(
        #"<p>a<br/>b<img src=x></p><script>if (a < b && c) {}</script><style>p>a{}</style>"#, as: .html)
        == #"<p>a<br>b<img src="x"></p><script>if (a < b && c) {}</script><style>p>a{}</style>"#)
  }

  @Test func aLeadingNewlineInPreSurvivesTheRoundTrip() throws {
    let html = try serialize("<pre>\n\nx</pre>", as: .html)
    #expect(html == "<pre>\n\nx</pre>")
    #expect(try serialize(html, as: .html) == html)
  }

  @Test func rawTextThatWouldEndItsElementIsEscaped() throws {
    let fragment = HTMLFragment([.element(HTMLElement("script", children: [.text("a</SCRIPT>b</scripts")]))])
    #expect(fragment.string(.html) == "<script>a&lt;/SCRIPT>b</scripts</script>")
  }

  @Test func attributesAreEscapedAndNamesThatWouldNotParseAreLeftOut() throws {
    let fragment = HTMLFragment([
      .element(
        HTMLElement(
          "a",
          attributes: [
            HTMLAttribute(name: "href", value: "?a=1&b=\"2\""), HTMLAttribute(name: "x y", value: "1"),
            HTMLAttribute(name: "viewBox", value: "0"),
          ]))
    ])
    #expect(fragment.string(.html) == #"<a href="?a=1&amp;b=&quot;2&quot;" viewBox="0"></a>"#)
  }
}
