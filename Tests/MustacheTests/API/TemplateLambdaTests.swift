import Diagnostics
import TestSupport
import Testing

@testable import Mustache

@Suite struct TemplateLambdaTests {
  @Test func specLambdaResultIsRenderedAsATemplate() throws {
    let context: TemplateValue = [
      "name": "<World>",
      "greet": .lambda(TemplateLambda { _ in "Hello {{name}}" }),
      "wrap": .lambda(TemplateLambda { "<b>\($0.text)</b>" }),
    ]
    #expect(
      try render("{{greet}}|{{#wrap}}{{name}}{{/wrap}}", context)
        == "Hello &amp;lt;World&amp;gt;|<b>&lt;World&gt;</b>")
  }

  @Test func textLambdaResultIsNotExpanded() throws {
    let context: TemplateValue = [
      "user": "{{secret}}",
      "secret": "leaked",
      "upper": .lambda(.returningText { try $0.render($0.text).uppercased() }),
      "raw": .lambda(.returningText { _ in "<{{secret}}>" }),
    ]
    #expect(
      try render("{{#upper}}hi {{user}}{{/upper}}|{{raw}}|{{{raw}}}", context)
        == "HI {{SECRET}}|&lt;{{secret}}&gt;|<{{secret}}>")
  }

  @Test func contextKnowsTheTagAndTheData() throws {
    let probe = TemplateLambda.returningText { context in
      guard case .string(let title)? = context.value(named: "page.title") else { return "none" }
      return "\(context.isSection)/\(context.text)/\(title)"
    }
    let context: TemplateValue = ["page": ["title": "Home"], "probe": .lambda(probe)]
    #expect(
      try render("{{probe}} {{#probe}}raw {{x}}{{/probe}}", context) == "false//Home true/raw {{x}}/Home")
  }

  @Test func sectionLambdaRendersWithTheSectionsDelimiters() throws {
    let context: TemplateValue = [
      "x": "X", "twice": .lambda(.returningText { try $0.render($0.text + $0.text) }),
    ]
    #expect(try render("{{=<% %>=}}<%#twice%>[<%x%>]<%/twice%>", context) == "[X][X]")
  }

  @Test func sectionLambdaInAnIndentedPartialIndentsLaterLines() throws {
    let partial = ["p": "{{#same}}<a>\n<b>{{/same}}\n"]
    for lambda in [TemplateLambda { $0.text }, .returningText { try $0.render($0.text) }] {
      let output = try render("<div>\n  {{>p}}\n</div>", ["same": .lambda(lambda)], partials: partial)
      #expect(output == "<div>\n  <a>\n  <b>\n</div>")
    }
  }

  @Test func lambdaThatThrowsIsReportedAtItsTag() {
    struct Failure: Error, CustomStringConvertible {
      var description: String { "no network" }
    }
    let context: TemplateValue = ["fetch": .lambda(TemplateLambda { _ in throw Failure() })]
    let problem = diagnostic { _ = try render("ok\n  {{fetch}}", context) }
    #expect(problem?.message == "lambda 'fetch' failed: no network")
    #expect(problem?.location == SourceLocation(path: "test", line: 2, column: 3))
  }

  @Test func lambdaReturningBrokenTemplateIsReportedAtItsTag() {
    let context: TemplateValue = ["broken": .lambda(TemplateLambda { _ in "{{#open}}" })]
    let problem = diagnostic { _ = try render("{{#broken}}x{{/broken}}", context) }
    #expect(
      problem?.message
        == "lambda 'broken' returned a template that does not parse: section 'open' is never closed")
    #expect(problem?.location == SourceLocation(path: "test", line: 1, column: 1))
  }

  @Test func lambdaIsTruthyAndNotCalledByInvertedSections() throws {
    let context: TemplateValue = [
      "f": .lambda(
        TemplateLambda { _ in
          Issue.record("called")
          return ""
        })
    ]
    #expect(try render("<{{^f}}hidden{{/f}}>", context) == "<>")
  }

  @Test func lambdaThatExpandsItselfHitsTheIncludeLimit() {
    let context: TemplateValue = ["loop": .lambda(TemplateLambda { _ in "{{loop}}" })]
    let problem = diagnostic { _ = try render("{{loop}}", context) }
    #expect(problem?.message == "templates include each other more than 64 levels deep")
  }
}
