import HTMLRendering
import Testing

/// Escaping decided by the method called: text escapes, raw does not, URLs percent-encode.
@Suite struct HTMLWriterTests {
  @Test func textEscapesTheFourCharactersAnywhereInLongText() {
    // The writer scans eight bytes at a time: put the specials at every offset of a word.
    for offset in 0..<17 {
      let prefix = String(repeating: "a", count: offset)
      var writer = HTMLWriter()
      writer.text(prefix + "<&>\"é" + prefix + "\"")
      #expect(writer.string == prefix + "&lt;&amp;&gt;&quot;é" + prefix + "&quot;", "offset \(offset)")
    }
  }

  @Test func textLeavesEverythingElseAlone() {
    var writer = HTMLWriter()
    writer.text("'single' ünïcödé 日本 = + # % ; \u{0}")
    #expect(writer.string == "'single' ünïcödé 日本 = + # % ; \u{0}")
  }

  @Test func rawDoesNotEscape() {
    var writer = HTMLWriter()
    writer.raw("<b>")
    writer.raw(bytes: Array("&amp;".utf8))
    writer.raw(byte: UInt8(ascii: ">"))
    #expect(writer.string == "<b>&amp;>")
  }

  @Test func urlsKeepSafeCharactersAndEncodeTheRest() {
    var writer = HTMLWriter()
    writer.url("https://e.com/a b?x=1&y='2'#frag~$;é\"<")
    #expect(writer.string == "https://e.com/a%20b?x=1&amp;y=&#x27;2&#x27;#frag~$;%C3%A9%22%3C")
  }

  @Test func newlineIfNeededNeverDoublesOrLeads() {
    var writer = HTMLWriter()
    writer.newlineIfNeeded()
    #expect(writer.bytes.isEmpty)
    writer.raw("a")
    writer.newlineIfNeeded()
    writer.newlineIfNeeded()
    writer.number(42)
    #expect(writer.string == "a\n42")
  }
}
