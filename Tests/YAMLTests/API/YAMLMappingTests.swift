import Testing
import YAML

@Suite struct YAMLMappingTests {
  @Test func findsKeysOfAnyKindByContent() throws {
    let mapping = try #require(
      try YAMLValue.parse("1: one\ntrue: yes\n[a, b]: pair\nname: x\n", path: "t.yaml").mapping)
    #expect(mapping.value(forKey: 1) == "one")
    #expect(mapping.value(forKey: true) == "yes")
    #expect(mapping.value(forKey: ["a", "b"]) == "pair")
    #expect(mapping["name"] == "x")
    #expect(mapping["1"] == nil)
  }

  @Test func iteratesPairsInWrittenOrder() throws {
    let mapping = try #require(try YAMLValue.parse("c: 3\na: 1\nb: 2\n", path: "t.yaml").mapping)
    #expect(mapping.map(\.key) == ["c", "a", "b"])
    #expect(mapping.map(\.value) == [3, 1, 2])
    #expect(mapping.count == 3)
    #expect(mapping[1].key.location?.line == 2)
  }

  @Test func entryForKeyTellsWhereTheKeyIs() throws {
    let mapping = try #require(try YAMLValue.parse("a: 1\n  # comment\nbb: 2\n", path: "t.yaml").mapping)
    #expect(mapping.entry(forKey: "bb")?.key.location?.description == "t.yaml:3:1")
    #expect(mapping.entry(forKey: "bb")?.value.location?.description == "t.yaml:3:5")
  }
}
