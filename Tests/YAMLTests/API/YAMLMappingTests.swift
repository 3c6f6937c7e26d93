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

  /// Small mappings find keys by comparing them in order, larger ones by a table: the same
  /// keys are found, and a repeated key is an error at its place, on either side of the size.
  @Test(arguments: [1, 7, 8, 9, 10, 30])
  func keysAreFoundAndRepeatsRefusedAtEverySize(_ count: Int) throws {
    let lines = (0..<count).map { "k\($0): \($0)\n" }.joined()
    let mapping = try #require(try YAMLValue.parse(lines, path: "t.yaml").mapping)
    for key in 0..<count { #expect(mapping["k\(key)"] == YAMLValue(.int(key))) }
    #expect(mapping["k\(count)"] == nil)
    let copy = YAMLMapping(uniqueEntries: Array(mapping))
    #expect(copy == mapping && copy.entry(forKey: "k0")?.key.location?.line == 1)
    do {
      _ = try YAMLValue.parse(lines + "k\(count - 1): again\n", path: "t.yaml")
      Issue.record("a repeated key was taken")
    } catch {
      #expect("\(error)".contains("t.yaml:\(count + 1):1: error: duplicate key 'k\(count - 1)'"))
    }
  }

  @Test func entryForKeyTellsWhereTheKeyIs() throws {
    let mapping = try #require(try YAMLValue.parse("a: 1\n  # comment\nbb: 2\n", path: "t.yaml").mapping)
    #expect(mapping.entry(forKey: "bb")?.key.location?.description == "t.yaml:3:1")
    #expect(mapping.entry(forKey: "bb")?.value.location?.description == "t.yaml:3:5")
  }
}
