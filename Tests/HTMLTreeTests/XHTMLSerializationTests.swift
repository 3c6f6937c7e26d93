import HTMLTree
import Testing

/// XHTML for EPUB chapters: what an XML parser accepts, with the same content.
@Suite struct XHTMLSerializationTests {
  @Test func aFolioPageBecomesXHTMLThatXMLParsersAccept() throws {
    let xhtml = try HTMLFragment(parsing: Array(Fixtures.folioPage.utf8)).serialized(as: .xhtml)
    #expect(XMLCheck.error(in: xhtml) == nil)
  }

  @Test func voidElementsCloseThemselvesAndOthersHaveEndTags() throws {
    #expect(
      try serialize(#"<p>a<br>b<img src=x alt=""><wbr><span></span><input disabled></p><hr>"#, as: .xhtml)
        == #"<p>a<br />b<img src="x" alt="" /><wbr /><span></span><input disabled="" /></p><hr />"#)
    #expect(
      try serialize(#"<picture><source srcset="a.avif"><img src="a.png"></picture>"#, as: .xhtml)
        == #"<picture><source srcset="a.avif" /><img src="a.png" /></picture>"#)
  }

  @Test func textAndAttributesAreEscaped() throws {
    #expect(
      try serialize(#"<a title='say "hi" & <go>' href="?a=1&amp;b=2">x &lt; y &amp;&gt; z</a>"#, as: .xhtml)
        == #"<a title="say &quot;hi&quot; &amp; &lt;go&gt;" href="?a=1&amp;b=2">x &lt; y &amp;&gt; z</a>"#)
    #expect(try serialize("<p>&nbsp;&copy;</p>", as: .xhtml) == "<p>\u{A0}\u{A9}</p>")
  }

  @Test func mathMLAndSVGRootsDeclareTheirNamespace() throws {
    #expect(
      try serialize(#"<span><math display="block"><mi>x</mi></math></span>"#, as: .xhtml)
        == #"<span><math xmlns="http://www.w3.org/1998/Math/MathML" display="block"><mi>x</mi></math></span>"#
    )
    // A namespace written in the page is not repeated; a wrong one is replaced.
    #expect(
      try serialize(#"<math xmlns="http://www.w3.org/1998/Math/MathML"><mn>1</mn></math>"#, as: .xhtml)
        == #"<math xmlns="http://www.w3.org/1998/Math/MathML"><mn>1</mn></math>"#)
    #expect(
      try serialize(
        #"<svg xmlns="urn:wrong" viewBox="0 0 1 1"><foreignObject><p>x</p></foreignObject></svg>"#, as: .xhtml
      )
        == #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><foreignObject><p xmlns="http://www.w3.org/1999/xhtml">x</p></foreignObject></svg>"#
    )
  }

  @Test func xlinkAttributesDeclareTheirPrefix() throws {
    let xhtml = try HTMLFragment(parsing: Array(##"<svg><use xlink:href="#i"/></svg>"##.utf8)).serialized(
      as: .xhtml)
    #expect(
      String(decoding: xhtml, as: UTF8.self)
        == ##"<svg xmlns="http://www.w3.org/2000/svg"><use xlink:href="#i" xmlns:xlink="http://www.w3.org/1999/xlink"></use></svg>"##
    )
    #expect(XMLCheck.error(in: xhtml) == nil)
  }

  /// A page's own `xmlns:xlink` is kept when it is XLink's, and replaced when it is not.
  @Test func aWrongXLinkDeclarationIsReplaced() throws {
    for declaration in ["urn:wrong", "http://www.w3.org/1999/xlink"] {
      let html = ##"<svg><use xmlns:xlink=""## + declaration + ##"" xlink:href="#i"/></svg>"##
      let xhtml = try HTMLFragment(parsing: Array(html.utf8)).serialized(as: .xhtml)
      #expect(XMLCheck.error(in: xhtml) == nil)
      #expect(
        String(decoding: xhtml, as: UTF8.self).contains(##"xmlns:xlink="http://www.w3.org/1999/xlink""##))
    }
  }

  @Test func namesXMLDoesNotAllowAreLeftOut() throws {
    let fragment = HTMLFragment([
      .element(
        HTMLElement(
          "p",
          attributes: [
            HTMLAttribute(name: "a\"b", value: "1"), HTMLAttribute(name: "foo:bar", value: "2"),
            HTMLAttribute(name: "1x", value: "3"), HTMLAttribute(name: "data-ok", value: "4"),
            HTMLAttribute(name: "data-ok", value: "5"), HTMLAttribute(name: "xml:lang", value: "en"),
          ],
          children: [.element(HTMLElement("x:y", children: [.text("kept")]))]))
    ])
    let xhtml = fragment.serialized(as: .xhtml)
    #expect(String(decoding: xhtml, as: UTF8.self) == #"<p data-ok="4" xml:lang="en">kept</p>"#)
    #expect(XMLCheck.error(in: xhtml) == nil)
    #expect(
      try serialize(#"<p =a b"c='d' e<f=g>x</p>"#, as: .xhtml).hasPrefix("<p") == true)
    #expect(
      XMLCheck.error(
        in: try HTMLFragment(parsing: Array(#"<p =a b"c='d' e<f=g>x</p>"#.utf8)).serialized(as: .xhtml))
        == nil)
  }

  @Test func charactersXMLDoesNotAllowAreLeftOut() throws {
    let text = "a\u{1}b\u{8}c\u{B}d\u{1F}e\u{FFFE}f\u{FFFF}g\t\n\r\u{7F}\u{10FFFF}"
    let fragment = HTMLFragment([
      .element(
        HTMLElement("p", attributes: [HTMLAttribute(name: "title", value: text)], children: [.text(text)]))
    ])
    let xhtml = fragment.serialized(as: .xhtml)
    #expect(
      String(decoding: xhtml, as: UTF8.self)
        == "<p title=\"abcdefg&#9;&#10;&#13;\u{7F}\u{10FFFF}\">abcdefg\t\n&#13;\u{7F}\u{10FFFF}</p>")
    #expect(XMLCheck.error(in: xhtml) == nil)
  }

  @Test func scriptAndStyleTextIsEscapedForXML() throws {
    #expect(
      try serialize("<style>p > a { x: y }</style><script>if (a < b && c) {}</script>", as: .xhtml)
        == "<style>p &gt; a { x: y }</style><script>if (a &lt; b &amp;&amp; c) {}</script>")
  }

  @Test func commentsAreLeftOut() throws {
    #expect(try serialize("<p>a<!-- x -- y -->b</p>", as: .xhtml) == "<p>ab</p>")
  }
}
