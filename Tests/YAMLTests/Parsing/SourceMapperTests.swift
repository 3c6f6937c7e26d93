import Diagnostics
import TestSupport
import Testing
import YAML

/// Every node reports where it starts: 1-based lines, 1-based columns counted in UTF-8 bytes.
@Suite struct SourceMapperTests {
  @Test func nestedValuesReportTheirOwnLineAndColumn() throws {
    let fixture = MarkedText(
      """
      1️⃣site:
        title: 2️⃣Hello
        authors:
          - name: 3️⃣Ada
            links: 4️⃣[5️⃣a, 6️⃣"b"]
      """)
    let value = try YAMLValue.parse(fixture.text, path: "test.yaml")
    let author = value["site"]?["authors"]?[0]
    #expect(value.location == fixture.location("1️⃣"))
    #expect(value["site"]?["title"]?.location == fixture.location("2️⃣"))
    #expect(author?["name"]?.location == fixture.location("3️⃣"))
    #expect(author?["links"]?.location == fixture.location("4️⃣"))
    #expect(author?["links"]?[0]?.location == fixture.location("5️⃣"))
    #expect(author?["links"]?[1]?.location == fixture.location("6️⃣"))
  }

  @Test func keysReportWhereTheyAreWritten() throws {
    let fixture = MarkedText("a: 1\n1️⃣b:\n  2️⃣c: 3\n")
    let value = try YAMLValue.parse(fixture.text, path: "test.yaml")
    #expect(value.mapping?.entry(forKey: "b")?.key.location == fixture.location("1️⃣"))
    #expect(value["b"]?.mapping?.entry(forKey: "c")?.key.location == fixture.location("2️⃣"))
  }

  /// libyaml counts characters; an editor's byte column after Japanese text is three times wider.
  @Test func columnsCountUTF8BytesAfterMultibyteText() throws {
    let fixture = MarkedText("題名: 2️⃣日本語のテキスト\n著者: [3️⃣山田, 4️⃣田中]\n")
    let value = try YAMLValue.parse(fixture.text, path: "test.yaml")
    #expect(value["題名"]?.location == fixture.location("2️⃣"))
    #expect(value["題名"]?.location?.column == 9)
    #expect(value["著者"]?[0]?.location == fixture.location("3️⃣"))
    #expect(value["著者"]?[1]?.location == fixture.location("4️⃣"))
  }

  @Test func anchorsAndTagsBelongToTheNodeTheyStart() throws {
    let fixture = MarkedText("a: 1️⃣&x [1]\nb: 2️⃣!!str 5\n")
    let value = try YAMLValue.parse(fixture.text, path: "test.yaml")
    #expect(value["a"]?.location == fixture.location("1️⃣"))
    #expect(value["b"]?.location == fixture.location("2️⃣"))
  }

  @Test func lineOffsetShiftsEveryLineButNotColumns() throws {
    // Front matter: the YAML starts on line 2 of the Markdown file, after the opening `---`.
    let fixture = MarkedText("title: 1️⃣Hello\ntags:\n  - 2️⃣swift\n")
    let value = try YAMLValue.parse(fixture.text, path: "post.md", lineOffset: 1)
    #expect(value["title"]?.location == fixture.location("1️⃣", path: "post.md", lineOffset: 1))
    #expect(value["tags"]?[0]?.location == fixture.location("2️⃣", path: "post.md", lineOffset: 1))
    #expect(value["tags"]?[0]?.location?.description == "post.md:4:5")
  }

  @Test func lineOffsetShiftsErrorsToo() {
    let found = diagnostic { try YAMLValue.parse("title: A\ntitle: B\n", path: "post.md", lineOffset: 1) }
    #expect(found?.location?.description == "post.md:3:1")
  }

  @Test func aByteOrderMarkIsNotCountedAsAColumn() throws {
    let value = try YAMLValue.parse([0xEF, 0xBB, 0xBF] + Array("a: 1\n".utf8), path: "test.yaml")
    #expect(value == ["a": 1])
    #expect(value["a"]?.location?.column == 4)
  }

  @Test func windowsLineEndingsCountAsOneLineBreak() throws {
    let value = try YAMLValue.parse("a: 1\r\nb:\r\n  c: 2\r\n", path: "test.yaml")
    #expect(value["b"]?["c"]?.location?.description == "test.yaml:3:6")
  }
}
