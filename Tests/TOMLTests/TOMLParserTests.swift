import Diagnostics
import TOML
import TestSupport
import Testing
import YAML

/// TOML front matter reads into the tree YAML gives, with places, and refuses bad text at the
/// exact place.
@Suite struct TOMLParserTests {
  private func parse(_ text: String, lineOffset: Int = 0) throws -> YAMLValue {
    try TOMLParser().parse(Array(text.utf8), path: "post.md", lineOffset: lineOffset)
  }

  private func error(_ text: String, lineOffset: Int = 0) -> String? {
    diagnostic { try parse(text, lineOffset: lineOffset) }?.description
  }

  @Test func hugoFrontMatterBecomesTheYAMLTree() throws {
    let value = try parse(
      """
      title = "Hello, \\u00e9t\\u00e9"
      date = 2017-06-21T08:00:00-07:00
      tags = ["go", "linux"]
      draft = false
      weight = 3
      ratio = 1.5
      [params]
      image = 'a.png'
      """)
    #expect(
      value
        == [
          "title": "Hello, été", "date": "2017-06-21T08:00:00-07:00", "tags": ["go", "linux"], "draft": false,
          "weight": 3, "ratio": 1.5, "params": ["image": "a.png"],
        ])
    // Keys in the order written, as YAML mappings keep them.
    #expect(
      value.mapping?.keys.compactMap(\.string) == [
        "title", "date", "tags", "draft", "weight", "ratio", "params",
      ])
  }

  @Test func datesKeepTheirOffsetsAndLocalFormsStayLocal() throws {
    let value = try parse(
      """
      a = 1979-05-27T07:32:00Z
      b = 1979-05-27 07:32:00.25+09:30
      c = 1979-05-27T07:32:00
      d = 1979-05-27
      e = 07:32:00
      """)
    #expect(
      value
        == [
          "a": "1979-05-27T07:32:00Z", "b": "1979-05-27T07:32:00.25+09:30", "c": "1979-05-27T07:32:00",
          "d": "1979-05-27", "e": "07:32:00",
        ])
  }

  @Test func valuesAndKeysArePlacedInTheFileAfterTheOffset() throws {
    let value = try parse("title = \"été\"\n  tags = [\"a\", \"b\"]\n", lineOffset: 1)
    let entries = try #require(value.mapping?.entries)
    #expect(entries[0].key.location?.description == "post.md:2:1")
    #expect(entries[0].value.location?.description == "post.md:2:9")
    #expect(entries[1].key.location?.description == "post.md:3:3")
    #expect(entries[1].value.array?[1].location?.description == "post.md:3:16")
  }

  @Test func anEmptyDocumentIsAnEmptyMapping() throws {
    #expect(try parse("") == YAMLValue(.mapping(YAMLMapping())))
    #expect(try parse("# only a comment\n") == YAMLValue(.mapping(YAMLMapping())))
  }

  @Test func syntaxErrorsAreAtTheirPlaceInUTF8Columns() {
    // toml++ counts columns in code points; `é` is two bytes, so the error is at byte column
    // 14, not 13.
    let message = error("title = 'é' é\n", lineOffset: 1)
    #expect(message?.hasPrefix("post.md:2:14: error: TOML: ") == true)
    #expect(message?.contains("hint: ") == true)
  }

  @Test func anUnquotedStringIsAnErrorWithAHint() {
    #expect(
      error("title = Hello\n", lineOffset: 1)?.hasPrefix("post.md:2:") == true)
  }

  @Test func aKeyDefinedTwiceIsAnError() {
    let message = error("title = \"a\"\ntitle = \"b\"\n")
    #expect(message?.hasPrefix("post.md:2:") == true)
    #expect(message?.contains("defined once") == true)
  }

  @Test func deepInlineNestingIsRefusedNotCrashed() {
    let text = "a = " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    #expect(error(text)?.hasPrefix("post.md:1:") == true)
  }

  @Test func deepDottedKeysAreRefusedNotCrashed() {
    // toml++ bounds inline nesting but not dotted keys or table headers: half a megabyte of
    // `a.a.a…` nests 262,144 tables deep, which its recursive walks would overflow any
    // ordinary thread's stack with.
    let levels = 262_144
    let key = Array(repeating: "a", count: levels).joined(separator: ".")
    #expect(error(key + " = 1\n")?.contains("nests more than 512 levels deep") == true)
    #expect(error("[" + key + "]\n")?.contains("nests more than 512 levels deep") == true)
  }

  @Test func nestingUpToTheLimitIsRead() throws {
    let key = Array(repeating: "a", count: 511).joined(separator: ".")
    var value = try parse(key + " = 1\n")
    for _ in 0..<511 { value = try #require(value.mapping?["a"]) }
    #expect(value == 1)
  }
}
