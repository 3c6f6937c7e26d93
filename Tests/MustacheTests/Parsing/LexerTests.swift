import Testing

@testable import Mustache

@Suite struct LexerTests {
  private func tokens(_ source: String) throws -> [String] {
    var lexer = Lexer(source: Array(source.utf8), path: "t")
    return try lexer.tokenize().map { token in
      let text = String(decoding: Array(source.utf8)[token.range], as: UTF8.self)
      return
        "\(token.kind)\(token.name.isEmpty ? "" : " " + token.name) \(token.line):\(token.column) \(text.debugDescription)"
    }
  }

  @Test func splitsTextAtLineBreaksAndTags() throws {
    #expect(
      try tokens("a {{b}}\r\n{{{c}}}{{& d }}\n") == [
        "text 1:1 \"a \"", "variable b 1:3 \"{{b}}\"", "newline 1:8 \"\\r\\n\"",
        "unescapedVariable c 2:1 \"{{{c}}}\"", "unescapedVariable d 2:8 \"{{& d }}\"", "newline 2:16 \"\\n\"",
      ])
  }

  @Test func readsEverySigil() throws {
    let kinds = try tokens("{{#s}}{{^i}}{{/c}}{{!x}}{{>p}}{{<q}}{{$b}}{{=| |=}}").map {
      $0.split(separator: " ")[0]
    }
    #expect(
      kinds == ["section", "invertedSection", "close", "comment", "partial", "parent", "block", "delimiters"])
  }

  @Test func followsDelimiterChanges() throws {
    #expect(
      try tokens("{{=<% %>=}}<%x%>{{y}}<%={{ }}=%>{{z}}") == [
        "delimiters 1:1 \"{{=<% %>=}}\"", "variable x 1:12 \"<%x%>\"", "text 1:17 \"{{y}}\"",
        "delimiters 1:22 \"<%={{ }}=%>\"", "variable z 1:33 \"{{z}}\"",
      ])
  }

  @Test func dynamicNamesKeepTheirStarAndLoseTheirPadding() throws {
    #expect(
      try tokens("{{> * dynamic }}{{<*a.b}}") == [
        "partial *dynamic 1:1 \"{{> * dynamic }}\"", "parent *a.b 1:17 \"{{<*a.b}}\"",
      ])
  }

  @Test func aLoneCarriageReturnIsText() throws {
    #expect(try tokens("a\rb\n") == ["text 1:1 \"a\\rb\"", "newline 1:4 \"\\n\""])
  }
}
