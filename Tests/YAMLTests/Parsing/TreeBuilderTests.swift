import Diagnostics
import Foundation
import TestSupport
import Testing
import YAML

@Suite struct TreeBuilderTests {
  @Test func aliasesRepeatTheAnchoredValue() throws {
    let value = try YAMLValue.parse(
      """
      defaults: &defaults {layout: post, toc: true}
      first: *defaults
      list: [&n 1, *n, *n]
      """, path: "test.yaml")
    #expect(value["first"] == ["layout": "post", "toc": true])
    #expect(value["list"] == [1, 1, 1])
  }

  @Test func anAliasedValueKeepsTheLocationOfItsAnchor() throws {
    let fixture = MarkedText("a: 1️⃣&x hello\nb: *x\n")
    let value = try YAMLValue.parse(fixture.text, path: "test.yaml")
    #expect(value["b"]?.location == fixture.location("1️⃣"))
  }

  @Test func aRedefinedAnchorNamesItsLatestNode() throws {
    let value = try YAMLValue.parse("a: &x 1\nb: *x\nc: &x 2\nd: *x\n", path: "test.yaml")
    #expect(value == ["a": 1, "b": 1, "c": 2, "d": 2])
  }

  @Test func anUndefinedAliasIsAnErrorAtTheAlias() {
    let found = diagnostic { try YAMLValue.parse("a: 1\nb: *missing\n", path: "test.yaml") }
    #expect(
      found?.description == """
        test.yaml:2:4: error: alias '*missing' refers to an anchor that is not defined
            hint: define the anchor with '&missing' before the alias uses it
        """)
  }

  @Test func anchorsDoNotReachIntoTheNextDocument() {
    let found = diagnostic { try YAMLValue.parseDocuments("a: &x 1\n---\nb: *x\n", path: "test.yaml") }
    #expect(found?.location?.description == "test.yaml:3:4")
  }

  @Test func anAliasInsideItsOwnAnchorIsAnError() {
    let found = diagnostic { try YAMLValue.parse("a: &loop [1, *loop]\n", path: "test.yaml") }
    #expect(found?.message == "alias '*loop' refers to a node that contains it")
    #expect(found?.location?.description == "test.yaml:1:14")
  }

  @Test func mergeKeysFillInKeysTheMappingDoesNotHave() throws {
    let value = try YAMLValue.parse(
      """
      base: &base {layout: post, toc: true, lang: en}
      extra: &extra {lang: ja, math: true}
      page:
        title: Hello
        <<: [*base, *extra]
        toc: false
      """, path: "test.yaml")
    #expect(value["page"]?.mapping?.keys == ["title", "layout", "lang", "math", "toc"])
    #expect(value["page"] == ["title": "Hello", "layout": "post", "lang": "en", "math": true, "toc": false])
  }

  @Test func aQuotedMergeKeyIsAnOrdinaryKey() throws {
    let value = try YAMLValue.parse("\"<<\": {a: 1}\n", path: "test.yaml")
    #expect(value == ["<<": ["a": 1]])
  }

  @Test func mergingAScalarIsAnError() {
    let found = diagnostic { try YAMLValue.parse("a:\n  <<: 5\n", path: "test.yaml") }
    #expect(found?.message == "the merge key '<<' needs a mapping or a sequence of mappings")
    #expect(found?.location?.description == "test.yaml:2:7")
  }

  @Test func aDuplicateKeyIsAnErrorAtTheSecondKey() {
    let fixture = MarkedText("title: A\ndraft: true\n1️⃣title: B\n")
    let found = diagnostic { try YAMLValue.parse(fixture.text, path: "test.yaml") }
    #expect(found?.location == fixture.location("1️⃣"))
    #expect(
      found?.description == """
        test.yaml:3:1: error: duplicate key 'title'
            note: the first one is at line 1, column 1
            hint: each key may appear once in a mapping; remove or rename one of them
        """)
  }

  @Test func keysThatResolveToTheSameValueAreDuplicates() {
    let found = diagnostic { try YAMLValue.parse("{16: a, 0x10: b}", path: "test.yaml") }
    #expect(found?.message == "duplicate key 16")
    #expect(found?.location?.column == 9)
  }

  @Test func keysOfDifferentKindsAreDistinct() throws {
    let value = try YAMLValue.parse("1: int\n\"1\": string\ntrue: bool\n", path: "test.yaml")
    #expect(value.mapping?.count == 3)
    #expect(value.mapping?.value(forKey: 1) == "int")
    #expect(value["1"] == "string")
  }

  /// The classic exponential document: nine levels of ten aliases each would be 10⁹ strings.
  @Test func aBillionLaughsDocumentIsRefusedQuicklyAtTheAlias() {
    let fixture = MarkedText(
      """
      a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]
      b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]
      c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]
      d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]
      e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]
      f: &f [1️⃣*e,*e,*e,*e,*e,*e,*e,*e,*e]
      g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]
      h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]
      i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]
      """)
    // The limit is on aliased values, so the expansion stops after 100,000 of them however
    // fast the machine is: the error is the proof, not a stopwatch.
    let found = diagnostic { try YAMLValue.parse(fixture.text, path: "lol.yaml") }
    #expect(found?.location == fixture.location("1️⃣", path: "lol.yaml"))
    #expect(found?.message == "alias '*e' would expand the document beyond 100000 aliased values")
    #expect(found?.hint?.contains("billion laughs") == true)
  }

  @Test func theAliasBudgetIsConfigurable() throws {
    let text = "a: &a [1, 2, 3]\nb: [*a, *a]\n"
    let strict = YAMLParser(limits: .init(maximumAliasExpansion: 7))
    #expect(
      try YAMLParser(limits: .init(maximumAliasExpansion: 8)).parse(text, path: "t.yaml")["b"]?.array?.count
        == 2)
    #expect(diagnostic { try strict.parse(text, path: "t.yaml") }?.location?.description == "t.yaml:2:9")
  }

  @Test func tenThousandOpenBracketsAreRefusedAtTheFirstLevelTooDeep() {
    let found = diagnostic { try YAMLValue.parse(String(repeating: "[", count: 10_000), path: "deep.yaml") }
    #expect(
      found?.description == """
        deep.yaml:1:513: error: the document nests more than 512 levels deep
            hint: flatten the data; this limit stops hostile documents from exhausting the stack
        """)
  }

  @Test func deeplyNestedBlockMappingsAreRefusedToo() {
    var text = ""
    for level in 0..<600 {
      text += String(repeating: " ", count: level) + "k:\n"
    }
    let found = diagnostic { try YAMLValue.parse(text, path: "deep.yaml") }
    #expect(found?.message == "the document nests more than 512 levels deep")
    #expect(found?.location?.line == 513)
  }

  @Test func nestingUpToTheLimitParsesComparesPrintsAndIsReleased() throws {
    let text = String(repeating: "[", count: 512) + "x" + String(repeating: "]", count: 512)
    let first = try YAMLValue.parse(text, path: "deep.yaml")
    let second = try YAMLValue.parse(text, path: "deep.yaml")
    #expect(first == second)
    #expect(first.hashValue == second.hashValue)
    #expect(first.description == text.replacingOccurrences(of: "x", with: "\"x\""))
    #expect(first.dump().split(separator: "\n").count == 513)
  }

  @Test func aliasesCannotSmuggleInDeeperNesting() {
    let deep = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
    let text =
      "a: &deep \(deep)\nb: \(String(repeating: "[", count: 250))*deep\(String(repeating: "]", count: 250))\n"
    let found = diagnostic { try YAMLValue.parse(text, path: "deep.yaml") }
    #expect(found?.message == "alias '*deep' would nest the document more than 512 levels deep")
    #expect(found?.location?.description == "deep.yaml:2:254")
  }
}
