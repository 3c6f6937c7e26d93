import Diagnostics
import TestSupport
import Testing

@testable import Mustache

@Suite struct TemplateTests {
  @Test func rendersWithoutALibrary() throws {
    let template = try Template(parsing: "Hello, {{name}}!{{>missing}}", named: "greeting")
    #expect(try template.render(with: ["name": "world"]) == "Hello, world!")
  }

  @Test func diagnosticsNameThePathWhenGiven() {
    let problem = diagnostic {
      _ = try Template(parsing: "{{#a}}", named: "page", path: "Templates/page.html")
    }
    #expect(problem?.location == SourceLocation(path: "Templates/page.html", line: 1, column: 1))
  }

  @Test func mismatchedCloseIsReportedWithWhereTheOpenSectionStarts() {
    let source = """
      <ul>
      {{#items}}
          {{#links}}<a href="{{url}}">x</a>
      {{/items}}
      """
    let problem = diagnostic { _ = try Template(parsing: source, named: "list") }
    #expect(problem?.location == SourceLocation(path: "list", line: 4, column: 1))
    #expect(problem?.message == "'/items' does not close the open section 'links'")
    #expect(problem?.notes == ["'links' is opened at list:3:5"])
  }

  @Test func unclosedSectionIsReportedAtItsOpeningTag() {
    let source = "line one\nline two\n    {{#items}}\n{{.}}\n"
    let problem = diagnostic { _ = try Template(parsing: source, named: "list") }
    #expect(problem?.location == SourceLocation(path: "list", line: 3, column: 5))
    #expect(problem?.message == "section 'items' is never closed")
  }

  @Test func openBlocksAndParentsNameTheirKind() {
    #expect(
      diagnostic { _ = try Template(parsing: "{{$title}}x", named: "t") }?.message
        == "block 'title' is never closed")
    #expect(
      diagnostic { _ = try Template(parsing: "{{<base}}", named: "t") }?.message
        == "parent 'base' is never closed")
    #expect(
      diagnostic { _ = try Template(parsing: "{{^empty}}", named: "t") }?.message
        == "inverted section 'empty' is never closed")
  }

  @Test func closingTagWithNothingOpenIsReported() {
    let problem = diagnostic { _ = try Template(parsing: "a\nb {{/items}}", named: "t") }
    #expect(problem?.location == SourceLocation(path: "t", line: 2, column: 3))
    #expect(problem?.message == "'/items' closes nothing: no section named 'items' is open")
  }

  @Test func unclosedTagIsReportedAtItsOpeningDelimiter() {
    let atEnd = diagnostic { _ = try Template(parsing: "Hi\n  {{name", named: "t") }
    #expect(atEnd?.location == SourceLocation(path: "t", line: 2, column: 3))
    #expect(atEnd?.message == "tag is never closed")
    // The tag runs into the next one instead of ending: blame the first.
    let runOn = diagnostic { _ = try Template(parsing: "{{title and {{name}}", named: "t") }
    #expect(runOn?.location == SourceLocation(path: "t", line: 1, column: 1))
    #expect(runOn?.message == "tag is never closed")
    let triple = diagnostic { _ = try Template(parsing: "x {{{html}}", named: "t") }
    #expect(triple?.location == SourceLocation(path: "t", line: 1, column: 3))
  }

  @Test func columnsCountUTF8Bytes() {
    // "é" is two bytes, "→" three: the tag starts at byte 8 of its line, character 5.
    let problem = diagnostic { _ = try Template(parsing: "é → {{#x}}", named: "t") }
    #expect(problem?.location == SourceLocation(path: "t", line: 1, column: 8))
  }

  @Test func badDelimitersAreReported() {
    for source in ["{{=<%=}}", "{{=<% %> x=}}", "{{=<= =>=}}"] {
      let problem = diagnostic { _ = try Template(parsing: "ok\n" + source, named: "t") }
      #expect(problem?.location == SourceLocation(path: "t", line: 2, column: 1), "\(source)")
      #expect(problem?.message.hasSuffix("does not set delimiters") == true, "\(source)")
    }
  }

  @Test func malformedNamesAreReported() {
    #expect(diagnostic { _ = try Template(parsing: "{{ }}", named: "t") }?.message == "tag has no name")
    #expect(diagnostic { _ = try Template(parsing: "{{#}}{{/}}", named: "t") }?.message == "tag has no name")
    #expect(
      diagnostic { _ = try Template(parsing: "{{first name}}", named: "t") }?.message
        == "'first name' is not a valid tag name")
    #expect(
      diagnostic { _ = try Template(parsing: "{{a..b}}", named: "t") }?.message
        == "'a..b' is not a valid tag name")
  }

  @Test func errorsAfterADelimiterChangeKeepTheirPosition() {
    let problem = diagnostic { _ = try Template(parsing: "{{=<% %>=}}\n<%#a%>\n  <%/b%>", named: "t") }
    #expect(problem?.location == SourceLocation(path: "t", line: 3, column: 3))
  }

  @Test func linesAreCountedThroughMultilineComments() {
    let problem = diagnostic { _ = try Template(parsing: "{{! one\ntwo\nthree }} {{/x}}", named: "t") }
    #expect(problem?.location == SourceLocation(path: "t", line: 3, column: 10))
  }

  @Test func nestingIsBoundedAtParseTime() throws {
    let limit = TokenTree.maximumNesting
    let tooDeep =
      String(repeating: "{{#a}}", count: limit + 1) + String(repeating: "{{/a}}", count: limit + 1)
    let problem = diagnostic { _ = try Template(parsing: tooDeep, named: "t") }
    #expect(problem?.message == "sections nest deeper than \(limit) levels")
    #expect(problem?.location == SourceLocation(path: "t", line: 1, column: 6 * limit + 1))
    let deepest = String(repeating: "{{#a}}", count: limit) + "x" + String(repeating: "{{/a}}", count: limit)
    #expect(try Template(parsing: deepest, named: "t").render(with: ["a": true]) == "x")
  }
}
