import TestSupport
import Testing
import YAML

@Suite struct ScalarResolverTests {
  /// Parses `value: <text>` and returns the value's kind.
  private func resolve(_ text: String) throws -> YAMLValue.Kind? {
    try YAMLValue.parse("value: \(text)\n", path: "test.yaml")["value"]?.kind
  }

  @Test(arguments: [
    ("true", YAMLValue.Kind.bool(true)), ("True", .bool(true)), ("TRUE", .bool(true)),
    ("false", .bool(false)), ("False", .bool(false)), ("FALSE", .bool(false)),
    ("null", .null), ("Null", .null), ("NULL", .null), ("~", .null), ("", .null),
    ("42", .int(42)), ("-17", .int(-17)), ("+5", .int(5)), ("0", .int(0)), ("007", .int(7)),
    ("0x1F", .int(31)), ("0xff", .int(255)), ("0o17", .int(15)),
    ("3.14", .double(3.14)), ("-.5", .double(-0.5)), ("1.", .double(1)), ("1e3", .double(1000)),
    ("6.02E+23", .double(6.02e23)), (".inf", .double(.infinity)), ("+.INF", .double(.infinity)),
    ("-.Inf", .double(-.infinity)), (".nan", .double(.nan)), (".NaN", .double(.nan)),
    ("99999999999999999999", .double(1e20)),
  ])
  func plainScalarsFollowTheCoreSchema(text: String, expected: YAMLValue.Kind) throws {
    #expect(try resolve(text) == expected)
  }

  /// YAML 1.1 booleans, dates, times, versions and almost-numbers stay text.
  @Test(arguments: [
    "yes", "No", "on", "OFF", "y", "2024-01-05", "2024-01-05T10:00:00Z", "12:30", "1.2.3", "0x", "0xG1",
    "0b101", "1_000", "+-1", "-1x", ".", "-.", "+.", "nan", "inf", "0o8", "1e", "e5", "TrUe", "nULL",
  ])
  func otherPlainScalarsAreStrings(text: String) throws {
    #expect(try resolve(text) == .string(text))
  }

  @Test(arguments: [
    ("\"true\"", "true"), ("'42'", "42"), ("\"null\"", "null"), ("''", ""), ("\"0x1F\"", "0x1F"),
    ("'.inf'", ".inf"), ("|\n  42", "42\n"), (">-\n  true", "true"),
  ])
  func quotedAndBlockScalarsAreAlwaysStrings(text: String, expected: String) throws {
    #expect(try resolve(text) == .string(expected))
  }

  @Test(arguments: [
    ("!!str 42", YAMLValue.Kind.string("42")), ("!!str true", .string("true")), ("!!str", .string("")),
    ("!!int \"42\"", .int(42)), ("!!int 0x10", .int(16)), ("!!float 1", .double(1)),
    ("!!float '2.5'", .double(2.5)), ("!!bool \"false\"", .bool(false)), ("!!null ''", .null),
    ("! 12", .string("12")), ("!!timestamp 2024-01-05", .string("2024-01-05")),
    ("!<tag:yaml.org,2002:int> '7'", .int(7)),
  ])
  func explicitCoreTagsAreHonoured(text: String, expected: YAMLValue.Kind) throws {
    #expect(try resolve(text) == expected)
  }

  @Test func aValueThatDoesNotMatchItsTagIsAnErrorAtTheValue() {
    let found = diagnostic { try YAMLValue.parse("a: 1\ncount: !!int twelve\n", path: "test.yaml") }
    #expect(
      found?.description == """
        test.yaml:2:8: error: 'twelve' is not a valid !!int value
            hint: remove the tag or change the value
        """)
  }

  @Test func anUnknownTagIsAnError() {
    let found = diagnostic { try YAMLValue.parse("when: !ruby/date 2024-01-05\n", path: "test.yaml") }
    #expect(found?.message == "unsupported tag '!ruby/date'")
    #expect(found?.location?.column == 7)
  }

  @Test func aHexadecimalIntegerBeyond64BitsIsAnError() {
    let found = diagnostic { try YAMLValue.parse("id: 0x1FFFFFFFFFFFFFFFF\n", path: "test.yaml") }
    #expect(found?.message == "the integer 0x1FFFFFFFFFFFFFFFF does not fit in 64 bits")
    #expect(found?.hint == "put the number in quotes to keep it as text")
  }

  @Test func collectionsAcceptOnlyTheirOwnTags() throws {
    let value = try YAMLValue.parse("a: !!seq [1]\nb: !!map {c: 2}\n", path: "test.yaml")
    #expect(value == ["a": [1], "b": ["c": 2]])
    let found = diagnostic { try YAMLValue.parse("a: !!map [1]\n", path: "test.yaml") }
    #expect(found?.message == "unsupported tag '!!map'")
  }
}
