import Diagnostics
import Foundation
import TestSupport
import Testing
import YAML

@Suite struct YAMLParserTests {
  @Test func keysKeepTheOrderTheyWereWrittenIn() throws {
    let value = try YAMLValue.parse("zebra: 1\napple: 2\nmango: 3\n10: 4\n", path: "test.yaml")
    #expect(value.mapping?.keys == ["zebra", "apple", "mango", 10])
    #expect(value.mapping?.map(\.value) == [1, 2, 3, 4])
  }

  @Test func parsesAFrontMatterLikeDocument() throws {
    let value = try YAMLValue.parse(
      """
      title: "Hello: world"
      date: 2024-01-05
      draft: false
      weight: 10
      tags: [swift, yaml]
      summary: >
        One line
        folded.
      """, path: "post.md")
    #expect(
      value == [
        "title": "Hello: world", "date": "2024-01-05", "draft": false, "weight": 10,
        "tags": ["swift", "yaml"], "summary": "One line folded.",
      ])
  }

  @Test func acceptsBytesAndData() throws {
    let text = "name: 日本語\ncount: 3\n"
    let expected: YAMLValue = ["name": "日本語", "count": 3]
    #expect(try YAMLValue.parse(Array(text.utf8), path: "test.yaml") == expected)
    #expect(try YAMLValue.parse(Data(text.utf8), path: "test.yaml") == expected)
    #expect(try YAMLParser().parseDocuments(Data(text.utf8), path: "test.yaml") == [expected])
  }

  @Test func anEmptyTextIsNullOrNoDocuments() throws {
    #expect(try YAMLValue.parse("", path: "test.yaml").isNull)
    #expect(try YAMLValue.parse("# only a comment\n", path: "test.yaml").isNull)
    #expect(try YAMLValue.parseDocuments("", path: "test.yaml").isEmpty)
  }

  @Test func parseDocumentsReturnsEveryDocument() throws {
    let documents = try YAMLValue.parseDocuments("a: 1\n---\nb: 2\n---\n- 3\n...\n", path: "test.yaml")
    #expect(documents == [["a": 1], ["b": 2], [3]])
    #expect(documents[1]["b"]?.location?.description == "test.yaml:3:4")
  }

  @Test func parseRefusesASecondDocumentAtItsStart() {
    let found = diagnostic { try YAMLValue.parse("a: 1\n---\nb: 2\n", path: "test.yaml") }
    #expect(
      found?.description == """
        test.yaml:2:1: error: expected a single YAML document, found a second one
            hint: a line holding only '---' starts a new document; remove it or indent it
        """)
  }

  @Test func anExplicitSingleDocumentIsFine() throws {
    #expect(try YAMLValue.parse("---\na: 1\n...\n", path: "test.yaml") == ["a": 1])
  }

  @Test func japaneseTextSurvivesInEveryScalarStyle() throws {
    let value = try YAMLValue.parse(
      """
      題名: 吾輩は猫である
      引用: "名前はまだ無い。"
      単引用: 'どこで生れたか'
      本文: |
        とんと見当がつかぬ。
        何でも薄暗い所で。
      絵文字: 🐈‍⬛
      """, path: "test.yaml")
    #expect(value["題名"]?.string == "吾輩は猫である")
    #expect(value["引用"]?.string == "名前はまだ無い。")
    #expect(value["単引用"]?.string == "どこで生れたか")
    #expect(value["本文"]?.string == "とんと見当がつかぬ。\n何でも薄暗い所で。\n")
    #expect(value["絵文字"]?.string == "🐈‍⬛")
  }

  @Test func invalidUTF8IsReportedAtTheBadByte() {
    let found = diagnostic { try YAMLValue.parse(Array("a: ok\nb: x".utf8) + [0xFF], path: "test.yaml") }
    #expect(found?.location?.description == "test.yaml:2:5")
    #expect(found?.message == "the text cannot be read: invalid leading UTF-8 octet")
    #expect(found?.hint == "save the file as UTF-8 text")
  }

  @Test func aNulEscapeKeepsTheRestOfTheString() throws {
    #expect(try YAMLValue.parse(#"a: "x\0y""#, path: "test.yaml")["a"]?.string == "x\0y")
  }
}
