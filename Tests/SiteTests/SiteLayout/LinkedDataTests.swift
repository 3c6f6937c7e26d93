import Foundation
import Testing

@testable import SiteLayout

/// The JSON-LD text a page's head carries: valid JSON that reads back as the strings written,
/// and never ends its `<script>` element.
@Suite struct LinkedDataTests {
  @Test(arguments: [
    ("plain words", #""plain words""#),
    (#"a "quote" and \ back"#, #""a \"quote\" and \\ back""#),
    ("line\nand\ttab", #""line\nand\ttab""#),
    ("</script><script>&", #""\u003c/script\u003e\u003cscript\u003e\u0026""#),
    ("\u{0}\u{1}\u{1F}\u{7F}", #""\u0000\u0001\u001f\u007f""#),
    ("a\u{2028}b\u{2029}c", #""a\u2028b\u2029c""#),
    ("日本語 é 🐟 \u{2027}\u{202A}", "\"日本語 é 🐟 \u{2027}\u{202A}\""),
  ])
  func stringsAreQuotedWithEscapesForAScriptElement(written: String, expected: String) throws {
    let text = LinkedData.string(written).text
    #expect(text == expected)
    let read = try JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)
    #expect(read as? String == written)
  }

  @Test func objectsAndArraysKeepTheirOrder() {
    let value = LinkedData.object([
      ("b", .int(2)), ("a<", .array([.string("x"), .int(-1), .object([])])), ("e", .array([])),
    ])
    #expect(value.text == #"{"b":2,"a\u003c":["x",-1,{}],"e":[]}"#)
  }
}
