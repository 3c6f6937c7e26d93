import Diagnostics
import Testing

@testable import YAML

/// The direct reader of plain front matter gives exactly the tree libyaml's events give (kinds,
/// key order, every location), and leaves every other text to libyaml.
@Suite struct SimpleMappingReaderTests {
  private func direct(_ text: String, lineOffset: Int = 0) -> YAMLValue? {
    SimpleMappingReader.read(Array(text.utf8), path: "a.md", lineOffset: lineOffset)
  }

  private func throughEvents(_ text: String, lineOffset: Int = 0) throws -> YAMLValue {
    let loader = DocumentLoader(limits: .standard, path: "a.md", lineOffset: lineOffset)
    return try loader.loadThroughEvents(Array(text.utf8), singleDocument: true)[0]
  }

  /// Texts the reader takes: each must read as libyaml reads it, locations included.
  static let plain: [String] = [
    "title: \"collections.Complement 9999\"\ndate: 2013-06-14T11:44:00Z\ntags: [\"table\", \"this\"]\n",
    "title: Hello\n",
    "title: Hello",
    "title: 'It is'\ndraft: true\nweight: -3\nratio: .5\nbig: 99999999999999999999\n",
    "a: null\nb: ~\nc: True\nd: FALSE\ne: 0x1F\nf: 0o17\ng: 1e3\nh: -.inf\ni: .NaN\nj: 2024-01-05\n",
    "title: Don't \"panic\", [really] {ok} & *so* !yes | > % @ `x`\n",
    "url: https://example.com/a?b=c&d=e\ntime: 12:30\n",
    "title: \"日本語のタイトル\"\nsummary: 日本語 — «guillemets» 😀\n",
    "title:    spaced\n",
    "tags: []\nmore: [ a , b,c ]\nnums: [1, 2.5, true, null, x-y/z+w]\nmixed: ['a', \"b\", c_d]\n",
    "tags:\n  - one\n  - \"two\"\n  - 'three'\n  - 4\ntitle: after\n",
    "tags:\n- one\n- two\ntitle: after\n",
    "tags:\n    - deep\n",
    "null: 1\ntrue: 2\n_x-y: 3\nA9: 4\n",
    "path: /posts/first/\nparen: (a)\nmoney: $5\ntilde: ~x\nplus: +1\ndash: -x\ndot: .hidden\n",
    "title: \"\"\nsub: ''\n",
  ]

  @Test(arguments: plain) func readsAsLibYAMLDoes(_ text: String) throws {
    let read = try #require(direct(text, lineOffset: 1), "left to libyaml: \(text.debugDescription)")
    let expected = try throughEvents(text, lineOffset: 1)
    #expect(read.dump() == expected.dump())
    #expect(read == expected)
  }

  /// Texts the reader leaves to libyaml: other shapes, escapes, comments, and errors, whose
  /// messages libyaml's path words.
  static let leftToLibYAML: [String] = [
    "",
    "# comment\ntitle: a\n",
    "title: a # comment\n",
    "title: a\n\ndate: b\n",
    "title: a\r\n",
    "title:\ta\n",
    "title: \"a\\nb\"\n",
    "title: 'it''s'\n",
    "title: Swift: the good parts\n",
    "title: ends with colon:\n",
    "title: trailing \n",
    "title:\n",
    "title: \n",
    "title: a\n  continued\n",
    "title: a\ntitle: b\n",
    "title: &anchor a\n",
    "title: !!str 1\n",
    "title: *alias\n",
    "title: |\n  block\n",
    "title: >\n  folded\n",
    "title: -\n",
    "title: - a\n",
    "title: ?x\n",
    "site:\n  title: a\n",
    "tags: [a, [b]]\n",
    "tags: [a,]\n",
    "tags: [a\n",
    "tags: {a: 1}\n",
    "tags: [\"a\"] extra\n",
    "tags:\n  - a\n - b\n",
    "tags:\n  - [a]\n",
    "tags:\n  -\n",
    "tags:\n  - a: b\n",
    "key : a\n",
    "key:a\n",
    "\"quoted key\": a\n",
    "---\ntitle: a\n",
    "title: \"a\u{2028}b\"\n",
    "title: a\u{85}b\n",
    "title: \u{FEFF}a\n",
    "title: \"a\u{7}b\"\n",
  ]

  @Test(arguments: leftToLibYAML) func leavesOtherShapesToLibYAML(_ text: String) {
    #expect(direct(text) == nil)
  }

  @Test func invalidUTF8IsLeftToLibYAML() {
    for bytes: [UInt8] in [[0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE3, 0x81]] {
      let text = Array("title: a".utf8) + bytes + [0x0A]
      #expect(SimpleMappingReader.read(text, path: "a.md", lineOffset: 0) == nil)
    }
  }

  /// Every value form against every other, in both orders, so that what one value leaves behind
  /// (a position, a line count) is checked by the next.
  @Test func everyPairOfValueFormsReadsAsLibYAMLDoes() throws {
    let values = [
      "\"quoted\"", "'single'", "plain words", "42", "[a, \"b\"]", "[]", "\n  - x\n  - y", "\n- x", "été",
    ]
    for first in values {
      for second in values {
        let text =
          "one:\(first.hasPrefix("\n") ? "" : " ")\(first)\ntwo:\(second.hasPrefix("\n") ? "" : " ")\(second)\n"
        let read = try #require(direct(text, lineOffset: 3), "left to libyaml: \(text.debugDescription)")
        #expect(read.dump() == (try throughEvents(text, lineOffset: 3)).dump(), "\(text.debugDescription)")
      }
    }
  }

  @Test func aParseOfPlainFrontMatterGivesTheSameTreeThroughThePublicAPI() throws {
    let value = try YAMLParser().parse(
      "title: \"A\"\ntags: [x, y]\n", path: "a.md", lineOffset: 1)
    #expect(
      value.dump() == """
        mapping @2:1
          key string "title" @2:1
          value string "A" @2:8
          key string "tags" @3:1
          value sequence @3:7
            string "x" @3:8
            string "y" @3:11
        """)
  }
}
