import Testing

@testable import Mustache

@Suite struct HTMLEscapingTests {
  private func escaped(_ text: String) -> String {
    var output: [UInt8] = []
    HTMLEscaping.append(text, to: &output)
    return String(decoding: output, as: UTF8.self)
  }

  @Test func escapesTheFiveSpecialCharacters() {
    #expect(
      escaped(#"<a href="x">Tom & Jerry's</a>"#)
        == "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;")
  }

  @Test func leavesOtherTextAloneIncludingEntitiesAndNonASCII() {
    #expect(escaped("café → naïve") == "café → naïve")
    #expect(escaped("&amp;") == "&amp;amp;")
    #expect(escaped("") == "")
  }
}
