import Diagnostics
import TestSupport
import Testing
import YAML

/// JSON data files go through the same parser: JSON is YAML's flow syntax.
@Suite struct SurrogatePairsTests {
  @Test func parsesAJSONDocument() throws {
    let value = try YAMLValue.parse(
      """
      {
        "name": "caf\\u00e9 \\u65e5\\u672c",
        "nested": [[1, 2], [3, [4.5e1, -0.25, []]], {}],
        "flag": false,
        "nothing": null,
        "text": "line\\nbreak \\"quoted\\" back\\\\slash\\ttab \\/",
        "big": 12345678901234567890,
        "order": {"z": 1, "a": 2, "m": 3}
      }
      """, path: "data.json")
    #expect(
      value == [
        "name": "café 日本",
        "nested": [[1, 2], [3, [45.0, -0.25, []]], [:]],
        "flag": false,
        "nothing": nil,
        "text": "line\nbreak \"quoted\" back\\slash\ttab /",
        "big": 12_345_678_901_234_567_890.0,
        "order": ["z": 1, "a": 2, "m": 3],
      ])
    #expect(value["order"]?.mapping?.keys == ["z", "a", "m"])
    #expect(value["nested"]?[1]?[1]?[0]?.location?.description == "data.json:3:27")
  }

  @Test func decodesSurrogatePairsAsJSONWritersEmitThem() throws {
    // Python's json.dumps writes 😀 as "\ud83d\ude00"; libyaml alone rejects each half.
    let value = try YAMLValue.parse(
      #"[{"emoji": "\ud83d\ude00 and \uD83C\uDDEF\uD83C\uDDF5", "after": "x"}, "\ud83d\udc08"]"#,
      path: "data.json")
    #expect(value[0]?["emoji"]?.string == "😀 and 🇯🇵")
    #expect(value[1]?.string == "🐈")
  }

  @Test func columnsAfterARewrittenPairStillMatchTheFile() throws {
    let fixture = MarkedText(#"{"a": "\ud83d\ude00", "b": 1️⃣"c", "d": [2️⃣"\ud83d\ude00\ud83d\ude00", 3️⃣5]}"#)
    let value = try YAMLValue.parse(fixture.text, path: "test.yaml")
    #expect(value["b"]?.location == fixture.location("1️⃣"))
    #expect(value["d"]?[0]?.location == fixture.location("2️⃣"))
    #expect(value["d"]?[0]?.string == "😀😀")
    #expect(value["d"]?[1]?.location == fixture.location("3️⃣"))
  }

  @Test func escapesInBlockScalarsStayLiteral() throws {
    let value = try YAMLValue.parse(
      "code: |\n  print(\"\\ud83d\\ude00\")\nemoji: \"\\ud83d\\ude00\"\n", path: "test.yaml")
    #expect(value["code"]?.string == "print(\"\\ud83d\\ude00\")\n")
    #expect(value["emoji"]?.string == "😀")
  }

  @Test func onlyDoubleQuotedEscapesAreRewritten() throws {
    let value = try YAMLValue.parse(
      #"""
      single: '\ud83d\ude00'  # \ud83d\ude00 in a comment
      plain: a \ud83d\ude00 b
      escaped: "\\ud83d\\ude00"
      real: "\ud83d\ude00"
      """#, path: "test.yaml")
    #expect(value["single"]?.string == #"\ud83d\ude00"#)
    #expect(value["plain"]?.string == #"a \ud83d\ude00 b"#)
    #expect(value["escaped"]?.string == #"\ud83d\ude00"#)
    #expect(value["real"]?.string == "😀")
  }

  @Test func manyEscapedScalarsParseInOnePass() throws {
    let items = (0..<5_000).map { #"{"id": \#($0), "name": "\ud83d\ude00 \#($0)"}"# }
    let value = try YAMLValue.parse("[" + items.joined(separator: ",\n") + "]", path: "d.json")
    #expect(value[4_999]?["name"]?.string == "😀 4999")
    #expect(value[4_999]?["name"]?.location?.description == "d.json:5000:22")
  }

  @Test func aLoneSurrogateIsAnErrorAtTheEscape() {
    let found = diagnostic {
      try YAMLValue.parse(#"{"ok": "\ud83d\ude00", "bad": "\ud83d!"}"#, path: "data.json")
    }
    #expect(
      found?.description == """
        data.json:1:34: error: found invalid Unicode character escape code
            note: while parsing a quoted scalar, which started at line 1, column 31
            hint: \\uD800 to \\uDFFF are only valid as a high surrogate followed by a low one
        """)
  }
}
