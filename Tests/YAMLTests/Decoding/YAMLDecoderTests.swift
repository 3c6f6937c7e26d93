import Diagnostics
import Foundation
import TestSupport
import Testing
import YAML

@Suite struct YAMLDecoderTests {
  struct FrontMatter: Decodable, Equatable {
    struct Author: Decodable, Equatable {
      var name: String
      var email: String?
    }

    enum Layout: String, Decodable {
      case post, page
    }

    var title: String
    var draft: Bool
    var weight: Int?
    var ratio: Double
    var date: String
    var tags: [String]
    var author: Author
    var layout: Layout
    var counts: [String: Int]
    var matrix: [[Int8]]
    var summary: String?
  }

  private let frontMatter = """
    title: Hello
    draft: false
    ratio: 2
    date: 2024-01-05
    tags: [swift, yaml]
    author:
      name: Ada
    layout: post
    counts: {views: 10, likes: 3}
    matrix: [[1, 2], [-3]]
    summary:
    """

  private func error<T: Decodable>(_ type: T.Type, _ text: String) -> String? {
    diagnostic { try YAMLDecoder().decode(type, from: text, path: "post.md", lineOffset: 1) }?.description
  }

  @Test func decodesNestedStructsArraysDictionariesAndOptionals() throws {
    let decoded = try YAMLDecoder().decode(FrontMatter.self, from: frontMatter, path: "post.md")
    #expect(
      decoded
        == FrontMatter(
          title: "Hello", draft: false, weight: nil, ratio: 2, date: "2024-01-05", tags: ["swift", "yaml"],
          author: .init(name: "Ada", email: nil), layout: .post, counts: ["views": 10, "likes": 3],
          matrix: [[1, 2], [-3]], summary: nil))
  }

  @Test func decodesJSONData() throws {
    let json = #"{"name": "\u5c71\u7530", "email": "y@example.com"}"#
    let author = try YAMLDecoder().decode(FrontMatter.Author.self, from: json, path: "data.json")
    #expect(author == .init(name: "山田", email: "y@example.com"))
  }

  @Test func aMismatchedScalarNamesTheKeyTheValueAndWhereItIs() {
    #expect(
      error(FrontMatter.self, frontMatter.replacingFirst("draft: false", with: "draft: maybe")) == """
        post.md:3:8: error: expected a boolean for 'draft', found the string 'maybe'
            hint: write true or false (YAML 1.2 reads words such as yes and on as strings)
        """)
  }

  @Test func aNumberWhereTextIsExpectedSuggestsQuotes() {
    #expect(
      error(FrontMatter.self, frontMatter.replacingFirst("title: Hello", with: "title: 1984")) == """
        post.md:2:8: error: expected a string for 'title', found the integer 1984
            hint: put the value in quotes to make it a string
        """)
  }

  @Test func mismatchesInsideArraysAndNestedMappingsGiveTheirPath() {
    #expect(
      error(FrontMatter.self, frontMatter.replacingFirst("[swift, yaml]", with: "[swift, {a: 1}]"))
        == "post.md:6:15: error: expected a string for 'tags[1]', found a mapping")
    #expect(
      error(FrontMatter.self, frontMatter.replacingFirst("name: Ada", with: "name: [Ada]"))
        == "post.md:8:9: error: expected a string for 'author.name', found a sequence")
    #expect(
      error(FrontMatter.self, frontMatter.replacingFirst("[-3]", with: "[-3, 1.5]"))
        == "post.md:11:23: error: expected an integer for 'matrix[1][1]', found the number 1.5")
  }

  @Test func aMissingKeyIsReportedAtItsMapping() {
    #expect(
      error(FrontMatter.self, frontMatter.replacingFirst("title: Hello\n", with: ""))
        == "post.md:2:1: error: missing required key 'title'")
    #expect(
      error(FrontMatter.self, frontMatter.replacingFirst("name: Ada", with: "email: a@b.c"))
        == "post.md:8:3: error: missing required key 'name' in 'author'")
  }

  @Test func anEmptyValueForARequiredListSaysNull() {
    #expect(
      error(FrontMatter.self, frontMatter.replacingFirst("tags: [swift, yaml]", with: "tags:"))
        == "post.md:6:6: error: expected a sequence for 'tags', found null")
    #expect(
      error(FrontMatter.self, frontMatter.replacingFirst("tags: [swift, yaml]", with: "tags: swift"))
        == """
        post.md:6:7: error: expected a sequence for 'tags', found the string 'swift'
            hint: write a list as [a, b] or as lines starting with '- '
        """)
  }

  @Test func anIntegerTooLargeForItsTypeIsOutOfRange() {
    #expect(
      error(FrontMatter.self, frontMatter.replacingFirst("[1, 2]", with: "[1, 300]"))
        == "post.md:11:14: error: the integer 300 for 'matrix[0][1]' does not fit in Int8")
  }

  @Test func anUnknownEnumValueIsLocated() {
    #expect(
      error(FrontMatter.self, frontMatter.replacingFirst("layout: post", with: "layout: video"))
        == "post.md:9:9: error: invalid value for 'layout': Cannot initialize Layout from invalid String value video"
    )
  }

  @Test func aWrongTopLevelKindSaysSo() {
    #expect(
      error(FrontMatter.self, "- a\n- b\n")
        == "post.md:2:1: error: expected a mapping at the top level, found a sequence")
  }

  @Test func decodesFixedLengthTuplesFromUnkeyedContainers() throws {
    struct Point: Decodable, Equatable {
      var x: Int
      var y: Int
      init(x: Int, y: Int) {
        self.x = x
        self.y = y
      }
      init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        x = try container.decode(Int.self)
        y = try container.decode(Int.self)
      }
    }
    #expect(try YAMLDecoder().decode(Point.self, from: "[3, 4]", path: "t.yaml") == Point(x: 3, y: 4))
    #expect(
      error(Point.self, "[3]")
        == "post.md:2:1: error: expected more items at the top level, found only 1 item")
  }

  @Test func keepsFreeFormValuesWithTheirLocations() throws {
    struct Page: Decodable {
      var title: String
      var params: YAMLValue
      var extra: YAMLValue?
    }
    let page = try YAMLDecoder().decode(Page.self, from: "title: x\nparams: {a: [1, 2]}\n", path: "p.md")
    #expect(page.params == ["a": [1, 2]])
    #expect(page.params["a"]?[1]?.location?.description == "p.md:2:17")
    #expect(page.extra == nil)
  }

  @Test func numericAndBooleanKeysDecodeIntoStringAndIntDictionaries() throws {
    let text = "2023: old\n2024: new\n"
    #expect(
      try YAMLDecoder().decode([Int: String].self, from: text, path: "t.yaml") == [2023: "old", 2024: "new"])
    #expect(
      try YAMLDecoder().decode([String: String].self, from: text, path: "t.yaml") == [
        "2023": "old", "2024": "new",
      ])
  }

  @Test func optionalsAcceptNullAndMissingKeys() throws {
    struct Options: Decodable {
      var a: Int?
      var b: Int?
      var c: [String?]
    }
    let options = try YAMLDecoder().decode(Options.self, from: "a: ~\nc: [x, null, '']\n", path: "t.yaml")
    #expect(options.a == nil)
    #expect(options.b == nil)
    #expect(options.c == ["x", nil, ""])
  }

  @Test func integralNumbersDecodeAsIntegersAndIntegersAsDoubles() throws {
    struct Numbers: Decodable {
      var whole: Int
      var real: Double
      var single: Float
      var unsigned: UInt16
    }
    let numbers = try YAMLDecoder().decode(
      Numbers.self, from: "whole: 10.0\nreal: 3\nsingle: 0.5\nunsigned: 0xFFFF\n", path: "t.yaml")
    #expect(numbers.whole == 10)
    #expect(numbers.real == 3)
    #expect(numbers.single == 0.5)
    #expect(numbers.unsigned == 65535)
  }

  @Test func parseErrorsComeThroughUnchanged() {
    #expect(
      error(FrontMatter.self, "title: \"x\n")?.hasPrefix(
        "post.md:2:8: error: this quoted string is never closed") == true)
  }
}

extension String {
  fileprivate func replacingFirst(_ target: String, with replacement: String) -> String {
    guard let range = range(of: target) else { return self }
    return replacingCharacters(in: range, with: replacement)
  }
}

@Suite struct YAMLDecoderDepthTests {
  /// A recursive type decodes as deep as the input nests; the parser's depth limit bounds it.
  final class Node: Decodable {
    let children: [Node]
  }

  @Test func aRecursiveTypeDecodesAtTheParserDepthLimit() throws {
    let text = String(repeating: "{children: [", count: 256) + String(repeating: "]}", count: 256)
    var node = try YAMLDecoder().decode(Node.self, from: text, path: "deep.yaml")
    var depth = 1
    while let child = node.children.first {
      node = child
      depth += 1
    }
    #expect(depth == 256)
  }
}

@Suite struct YAMLValueDecodableTests {
  struct Settings: Decodable {
    var name: String
    var extra: YAMLValue
  }

  @Test func otherDecodersRebuildValuesWithoutLocations() throws {
    let json = #"{"name": "x", "extra": {"list": [1, 2.5, true, null, "s"]}}"#
    let settings = try JSONDecoder().decode(Settings.self, from: Data(json.utf8))
    #expect(settings.extra == ["list": [1, 2.5, true, nil, "s"]])
    #expect(settings.extra.location == nil)
  }
}
