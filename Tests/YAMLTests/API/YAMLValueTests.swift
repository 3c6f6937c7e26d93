import Testing
import YAML

@Suite struct YAMLValueTests {
  private let sample = try! YAMLValue.parse(
    """
    title: Hello
    count: 3
    ratio: 2.5
    draft: false
    tags: [a, b]
    author: {name: Ada}
    empty:
    """, path: "test.yaml")

  @Test func accessorsReturnValuesOfTheirOwnKindOnly() {
    #expect(sample["title"]?.string == "Hello")
    #expect(sample["count"]?.int == 3)
    #expect(sample["count"]?.double == 3)
    #expect(sample["ratio"]?.double == 2.5)
    #expect(sample["draft"]?.bool == false)
    #expect(sample["tags"]?.array == ["a", "b"])
    #expect(sample["author"]?.mapping?["name"] == "Ada")
    #expect(sample["empty"]?.isNull == true)
    #expect(sample["count"]?.string == nil)
    #expect(sample["title"]?.int == nil)
    #expect(sample["ratio"]?.int == nil)
  }

  @Test func subscriptsReturnNilInsteadOfTrapping() {
    #expect(sample["missing"] == nil)
    #expect(sample["tags"]?[2] == nil)
    #expect(sample["tags"]?[-1] == nil)
    #expect(sample["title"]?["x"] == nil)
    #expect(sample[0] == nil)
  }

  @Test func equalityIgnoresLocationsAndMappingOrder() throws {
    let parsed = try YAMLValue.parse("{b: 1, a: [x, null]}", path: "other.yaml")
    #expect(parsed == ["a": ["x", nil], "b": 1])
    #expect(parsed.hashValue == (["a": ["x", nil], "b": 1] as YAMLValue).hashValue)
    #expect(parsed != ["a": ["x", nil], "b": 2])
    #expect(YAMLValue(.int(1)) != YAMLValue(.double(1)))
  }

  @Test func notANumberEqualsItselfSoTreesCanBeCompared() throws {
    let value = try YAMLValue.parse("[.nan]", path: "test.yaml")
    #expect(value == [.init(.double(.nan))])
    #expect(Set([value, value]).count == 1)
  }

  @Test func descriptionIsOneLineOfFlowYAML() {
    #expect(
      sample.description
        == #"{"title": "Hello", "count": 3, "ratio": 2.5, "draft": false, "tags": ["a", "b"], "author": {"name": "Ada"}, "empty": null}"#
    )
  }

  @Test func dumpShowsEveryNodeWithItsPosition() throws {
    let value = try YAMLValue.parse("tags: [1, x]\nok: true\n", path: "test.yaml")
    #expect(
      value.dump() == """
        mapping @1:1
          key string "tags" @1:1
          value sequence @1:7
            int 1 @1:8
            string "x" @1:11
          key string "ok" @2:1
          value bool true @2:5
        """)
  }

  @Test func valuesBuiltInCodeHaveNoLocation() {
    let value: YAMLValue = ["a": [1, 2.5, true, nil, "x"]]
    #expect(value.location == nil)
    #expect(value.dump().hasPrefix("mapping\n  key string \"a\"\n"))
  }
}
