import HTMLTree
import Testing

/// `HTMLMarkup` reads what Folio writes as tokens, without gumbo, and what it cannot vouch for
/// with gumbo; either way the bytes are those of the parsed tree rewritten and serialised.
@Suite struct HTMLMarkupTests {
  /// Content as Folio's renderer, its components and KaTeX write it.
  static let folioContent = """
    <h2 id="install">Install &amp; run</h2>
    <p>Folio 1.0 &#169; 2026 &#x2014; see <a href="#usage">usage</a> or <a href="/guide/?a=1&amp;b=2">the guide</a>.<br>
    Next line with <code>a &lt; b &quot;q&quot;</code>, <em>emphasis</em>&nbsp;and <del>gone</del>.<wbr>
    <kbd>K</kbd> <mark>m</mark> <time datetime="2026-12-06">today</time> <abbr title="x">X</abbr> <s>s</s> <q>q</q></p>
    <ul>
    <li><input type="checkbox" checked="" disabled=""> done</li>
    <li class="task"><p>item <strong>bold</strong></p>
    <ol start="3">
    <li>nested</li>
    </ol>
    </li>
    </ul>
    <pre><code class="language-swift"><span class="kw">let</span> x = <span class="num">1</span> &lt; 2
    </code></pre>
    <pre>
    starts with a newline the parser drops</pre>
    <pre>

    two newlines</pre>
    <details class="readmore"><summary>More</summary><p>Hidden</p></details>
    <figure><picture><source srcset="a.avif 1x" type="image/avif"><img src="/a.png" alt="A &quot;photo&quot;" width="640" height="480" loading="lazy"></picture><figcaption>A photo</figcaption></figure>
    <table>
    <thead>
    <tr>
    <th align="left">A</th>
    </tr>
    </thead>
    <tbody>
    <tr>
    <td>1 <a href="#x">x</a></td>
    </tr>
    </tbody>
    </table>
    <p>Inline <span class="katex"><math xmlns="http://www.w3.org/1998/Math/MathML"><semantics><mrow><mi>x</mi><mo>=</mo><mfrac><mn>1</mn><mn>2</mn></mfrac><mspace width="1em"/></mrow><annotation encoding="application/x-tex">x = \\frac12 &amp; y</annotation></semantics></math></span> math.</p>
    <dl><dt>term</dt><dd>definition</dd></dl>
    <blockquote>
    <p>quoted<sup class="footnote-ref"><a href="#fn-1" id="fnref-1" data-footnote-ref="">1</a></sup></p>
    </blockquote>
    <!-- raw HTML omitted -->
    <hr>
    <section class="footnotes" data-footnotes="">
    <ol>
    <li id="fn-1">
    <p>Note <a href="#fnref-1" class="footnote-backref" aria-label="Back to reference 1">↩</a></p>
    </li>
    </ol>
    </section>
    """

  /// A rewrite of the kinds the books make: ids prefixed, links changed, images renamed,
  /// pictures unwrapped, sources removed, disclosures opened.
  static func bookRewrite(_ edit: inout HTMLElementEdit) {
    if let id = edit[attribute: "id"] { edit[attribute: "id"] = "c1-" + id }
    if let href = edit[attribute: "href"], href.hasPrefix("#") {
      edit[attribute: "href"] = "#c1-" + href.dropFirst()
    }
    if edit[attribute: "href"] == "#c1-x" { edit.action = .unwrap }
    if edit.isHTML("picture") { edit.action = .unwrap }
    if edit.isHTML("source") { edit.action = .remove }
    if edit.isHTML("img") {
      edit.name = "span"
      edit.attributes = [HTMLAttribute(name: "title", value: edit[attribute: "alt"] ?? "")]
    }
    if edit.isHTML("del") { edit.action = .remove }
    if edit.isHTML("details") { edit[attribute: "open"] = "" }
    if edit.isHTML("pre"), edit[attribute: "class"] == nil { edit.name = "div" }
  }

  /// The bytes of the tree gumbo parses `html` to, rewritten and serialised.
  private func parsed(
    _ html: String, _ format: HTMLSerialization, _ transform: (inout HTMLElementEdit) -> Void
  )
    throws -> String
  {
    String(
      decoding: try HTMLFragment(parsing: Array(html.utf8)).rewritten(transform).serialized(as: format),
      as: UTF8.self)
  }

  private func read(_ html: String, _ format: HTMLSerialization, _ transform: (inout HTMLElementEdit) -> Void)
    throws -> String
  {
    String(
      decoding: try HTMLMarkup(parsing: Array(html.utf8)).rewritten(as: format, transform), as: UTF8.self)
  }

  @Test func folioContentIsReadWithoutTheParserAndWrittenAsTheTreeIs() throws {
    let markup = try HTMLMarkup(parsing: Array(Self.folioContent.utf8))
    #expect(markup.isReadAsTokens)
    #expect(markup.ids == ["install", "fnref-1", "fn-1"])
    for format in [HTMLSerialization.html, .xhtml] {
      let (plain, plainTree) = (
        try read(Self.folioContent, format) { _ in }, try parsed(Self.folioContent, format) { _ in }
      )
      #expect(plain == plainTree)
      let (book, bookTree) = (
        try read(Self.folioContent, format, Self.bookRewrite),
        try parsed(Self.folioContent, format, Self.bookRewrite)
      )
      #expect(book == bookTree)
    }
  }

  @Test func theNewlineAfterPreIsKeptAsHTMLParsingReadsIt() throws {
    let html = "<pre>\n\nx</pre><pre><!-- c -->\ny</pre>"
    #expect(try read(html, .html, { _ in }) == "<pre>\n\nx</pre><pre>\n\ny</pre>")
    #expect(try read(html, .xhtml, { _ in }) == "<pre>\nx</pre><pre>\ny</pre>")
    let (read, tree) = (try read(html, .html) { _ in }, try parsed(html, .html) { _ in })
    #expect(read == tree)
  }

  @Test func mathMLGetsItsNamespaceInXHTML() throws {
    let html = #"<p><math display="block"><mi>x</mi><mspace width="1em"/></math></p>"#
    #expect(try HTMLMarkup(parsing: Array(html.utf8)).isReadAsTokens)
    #expect(
      try read(html, .xhtml, { _ in })
        == #"<p><math xmlns="http://www.w3.org/1998/Math/MathML" display="block"><mi>x</mi><mspace width="1em"></mspace></math></p>"#
    )
  }

  /// Markup the parser would read differently from its tags, or that needs more of HTML than
  /// the token reader knows: gumbo reads it, and the result is the parsed tree's.
  @Test(arguments: [
    "<p>a<div>b</div></p>",  // the <div> closes the <p>
    "<p>a",  // never closed
    "<table><tr><td>1</td></tr></table>",  // a <tbody> is made for the row
    "<table>text<tbody></tbody></table>",  // the text is moved before the table
    "<a href=x>1</a>",  // unquoted
    "<a href='x'>1</a>",  // single quotes
    "<A HREF=\"x\">1</A>",  // uppercase
    "<a href=\"#\"><a href=\"#\">nested</a></a>",  // the second closes the first
    "<li>outside a list</li>",
    "<ul><li>a<li>b</li></li></ul>",  // the second <li> closes the first
    "<h2>a<h3>b</h3></h2>",
    "<p>&copy; &AMP</p>",  // a reference the reader does not know, one without `;`
    "<p>&#128;</p>",  // mapped to U+20AC by the parser
    "<p>a &amp b</p>",
    "<script>x < y</script>",
    "<svg><foreignObject><p>x</p></foreignObject></svg>",
    "<math><mi><b>x</b></mi></math>",  // HTML inside a text integration point
    "<p><span id=\"a\" id=\"b\">twice</span></p>",
    "<div/>text",  // the slash is ignored: the <div> stays open
    "<p>a</p>\r\n<p>b</p>",  // CR LF is folded
    "<pre>&#10;x</pre>",  // a newline the parser drops, written as a reference
    "<!--> not a comment end",
    "<p>a <!-- b --!> c --> d</p>",
    "<custom-element>x</custom-element>",
    "<p>1 < 2</p>",
    "<math><mi definitionurl=\"x\">x</mi></math>",  // renamed definitionURL
  ])
  func markupTheReaderCannotVouchForIsParsed(_ html: String) throws {
    let markup = try HTMLMarkup(parsing: Array(html.utf8))
    #expect(!markup.isReadAsTokens)
    for format in [HTMLSerialization.html, .xhtml] {
      let (read, tree) = (
        try read(html, format, Self.bookRewrite), try parsed(html, format, Self.bookRewrite)
      )
      #expect(read == tree)
    }
  }

  /// Characters gumbo replaces with U+FFFD (found by the `html-tree` fuzz target): controls,
  /// C1 controls, noncharacters and bytes that are no UTF-8.
  @Test(arguments: [
    [0x01, 0xC3, 0xD0, 0x98, 0x69, 0x76, 0x3E], Array("<p>a\u{7F}b</p>".utf8), Array("<p>\u{85}</p>".utf8),
    Array("<p>".utf8) + [0xEF, 0xB7, 0x90] + Array("</p>".utf8),
    Array("<p>".utf8) + [0xEF, 0xBF, 0xBF] + Array("</p>".utf8), Array("<p title=\"\u{1}\">x</p>".utf8),
    Array("<p>&#xFFFE;</p>".utf8), [0x3C, 0x70, 0x3E, 0xED, 0xA0, 0x80, 0x3C, 0x2F, 0x70, 0x3E],
  ])
  func charactersTheParserReplacesAreLeftToIt(_ bytes: [UInt8]) throws {
    let markup = try HTMLMarkup(parsing: bytes)
    #expect(!markup.isReadAsTokens)
    let tree = try HTMLFragment(parsing: bytes).serialized(as: .html)
    #expect(markup.rewritten(as: .html) { _ in } == tree)
  }

  @Test func aFragmentPastTheLimitsIsRefusedAsTheParserRefusesIt() throws {
    let deep = String(repeating: "<div>", count: 40) + String(repeating: "</div>", count: 40)
    #expect(throws: HTMLTreeProblem.self) {
      try HTMLMarkup(parsing: Array(deep.utf8), limits: HTMLLimits(maxDepth: 20))
    }
    #expect(try HTMLMarkup(parsing: Array(deep.utf8), limits: HTMLLimits(maxDepth: 64)).isReadAsTokens)
  }

  @Test func idsAreTheSameEitherWay() throws {
    let html = #"<p id="a">x</p><script id="s"></script><div><span id="b"></span></div>"#
    let markup = try HTMLMarkup(parsing: Array(html.utf8))
    #expect(!markup.isReadAsTokens)
    #expect(markup.ids == ["a", "s", "b"])
  }
}
