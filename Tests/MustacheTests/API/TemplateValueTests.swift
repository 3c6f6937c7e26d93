import Foundation
import Testing

@testable import Mustache

@Suite struct TemplateValueTests {
  @Test func literalsBuildTheMatchingCases() throws {
    let value: TemplateValue = [
      "title": "Home", "count": 3, "ratio": 0.5, "draft": false, "tags": ["a"], "none": nil,
    ]
    #expect(
      try render("{{title}} {{count}} {{ratio}} {{draft}} {{tags}} [{{none}}]", value)
        == "Home 3 0.5 false a []")
  }

  @Test func subscriptReadsObjectMembers() {
    let value: TemplateValue = ["page": ["title": "Home"]]
    guard case .string(let title)? = value["page"]?["title"] else {
      Issue.record("expected a string")
      return
    }
    #expect(title == "Home")
    #expect(TemplateValue.string("x")["page"] == nil)
  }

  @Test func decodesJSONKeepingIntegersApartFromDoubles() throws {
    let json = #"{"mph": 85, "power": 1.21, "whole": 2.0, "on": true, "name": "<b>", "list": [1, "a", null]}"#
    let value = try JSONDecoder().decode(TemplateValue.self, from: Data(json.utf8))
    #expect(
      try render("{{mph}} {{power}} {{whole}} {{on}} {{name}} {{list}}", value)
        == "85 1.21 2 true &lt;b&gt; 1,a,")
  }

  @Test func safeHTMLIsNeverEscaped() throws {
    let context: TemplateValue = ["body": .safeHTML("<p>Fish &amp; chips</p>"), "title": "Fish & chips"]
    #expect(
      try render("{{body}}|{{{body}}}|{{&body}}|{{title}}", context)
        == "<p>Fish &amp; chips</p>|<p>Fish &amp; chips</p>|<p>Fish &amp; chips</p>|Fish &amp; chips")
  }
}
