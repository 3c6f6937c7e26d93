import Testing

@testable import SiteContent

@Suite struct XMLTextTests {
  @Test(arguments: [
    ("https://example.org/a/", "https://example.org/a/"), ("Fish & <Chips>", "Fish &amp; &lt;Chips&gt;"),
    ("\"it's\"", "&quot;it&apos;s&quot;"), ("tab\tand\u{1}bell", "tab\tandbell"),
    ("日本語\u{FFFE}¿", "日本語¿"),
  ])
  func escapesTheFiveAndLeavesOutWhatXMLForbids(text: String, escaped: String) {
    #expect(XMLText.escape(text) == escaped)
    var bytes = Array("<".utf8)
    XMLText.append(text[...], to: &bytes)
    #expect(bytes == Array(("<" + escaped).utf8))
  }
}
