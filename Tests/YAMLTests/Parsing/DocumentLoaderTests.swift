import Diagnostics
import TestSupport
import Testing
import YAML

/// Syntax errors read as compiler errors at the exact place, with advice where a cause is likely.
@Suite struct DocumentLoaderTests {
  private func error(_ text: String) -> String? {
    diagnostic { try YAMLValue.parse(text, path: "test.yaml") }?.description
  }

  @Test func aKeyIndentedUnderAScalarValue() {
    #expect(
      error("title: A\n author: B\n") == """
        test.yaml:2:8: error: mapping values are not allowed in this context
            hint: if the value contains ': ', put the whole value in quotes; otherwise check this line's indentation
        """)
  }

  @Test func anUnquotedColonInAValue() {
    #expect(
      error("title: Swift: the good parts\n")?.hasPrefix(
        "test.yaml:1:13: error: mapping values are not allowed in this context") == true)
  }

  @Test func aKeyOutdentedFromItsMapping() {
    #expect(
      error("site:\n  title: A\n theme: B\n") == """
        test.yaml:3:2: error: did not find expected key
            note: while parsing a block mapping, which started at line 1, column 1
            hint: check the indentation: the keys of one mapping must start in the same column
        """)
  }

  @Test func anUnclosedQuoteIsReportedWhereItOpens() {
    #expect(
      error("title: \"Hello\ndate: 2024-01-05\n") == """
        test.yaml:1:8: error: this quoted string is never closed
            note: the file ends at line 3, column 1 without a closing quote
            hint: end the string with the same quote character it starts with
        """)
  }

  @Test func tabIndentationIsReportedAtTheTab() {
    #expect(
      error("site:\n\ttitle: A\n") == """
        test.yaml:2:1: error: found character that cannot start any token
            hint: YAML does not allow tabs for indentation; indent with spaces
        """)
  }

  @Test func aTabAfterAValueIsReportedWithTheSameAdvice() {
    #expect(
      error("a: 1\n\tb: 2\n") == """
        test.yaml:2:1: error: found a tab character that violates indentation
            note: while scanning a plain scalar, which started at line 1, column 4
            hint: YAML does not allow tabs for indentation; indent with spaces
        """)
  }

  @Test func aWindowsPathInDoubleQuotes() {
    #expect(
      error("path: \"C:\\Users\\me\"\n") == """
        test.yaml:1:12: error: did not find expected hexdecimal number
            note: while parsing a quoted scalar, which started at line 1, column 7
            hint: in double quotes a backslash starts an escape; write '\\\\' for a backslash, or use single quotes
        """)
    #expect(
      error("path: \"C:\\projects\"\n") == """
        test.yaml:1:10: error: found unknown escape character
            note: while parsing a quoted scalar, which started at line 1, column 7
            hint: in double quotes a backslash starts an escape; write '\\\\' for a backslash, or use single quotes
        """)
  }

  @Test func anUnclosedFlowSequence() {
    #expect(
      error("tags: [a, b\ntitle: x\n") == """
        test.yaml:2:6: error: did not find expected ',' or ']'
            note: while parsing a flow sequence, which started at line 1, column 7
            hint: a '[' sequence must be closed with ']', with ',' between its items
        """)
  }

  @Test func aReservedCharacterStartingAValue() {
    #expect(
      error("handle: @swift\n") == """
        test.yaml:1:9: error: found character that cannot start any token
            hint: '@' and '`' are reserved in YAML; put the value in quotes
        """)
  }

  @Test func aSequenceItemOutOfLine() {
    #expect(
      error("tags:\n  - a\n  - b\n key: c\n") == """
        test.yaml:4:2: error: did not find expected key
            note: while parsing a block mapping, which started at line 1, column 1
            hint: check the indentation: the keys of one mapping must start in the same column
        """)
  }
}
