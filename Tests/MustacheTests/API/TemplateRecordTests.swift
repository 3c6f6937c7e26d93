import Testing

@testable import Mustache

@Suite struct TemplateRecordTests {
  private let keys = TemplateRecord.Keys(["title", "url", "tags", "author"])

  private func page(_ title: String) -> TemplateValue {
    .record(
      TemplateRecord(keys: keys) { index in
        switch index {
        case 0: .string(title)
        case 1: "/fish/"
        case 2: [["name": "food"], ["name": "uk"]]
        default: .null
        }
      })
  }

  @Test func aRecordRendersAsTheSameObjectWould() throws {
    let template = try Template(
      parsing:
        "{{#page}}<a href=\"{{url}}\">{{title}}</a>{{#tags}} #{{name}}{{/tags}}{{^author}} anon{{/author}}{{/page}}|{{page.title}}|{{{page.title}}}",
      named: "t")
    let object: TemplateValue = [
      "page": [
        "title": "Fish & Chips", "url": "/fish/", "tags": [["name": "food"], ["name": "uk"]], "author": .null,
      ]
    ]
    let record: TemplateValue = .record(TemplateRecord([("page", page("Fish & Chips"))]))
    let expected = #"<a href="/fish/">Fish &amp; Chips</a> #food #uk anon|Fish &amp; Chips|Fish & Chips"#
    #expect(try template.render(with: object) == expected)
    #expect(try template.render(with: record) == expected)
  }

  @Test func aNameARecordLacksIsLookedUpInTheContextsBelow() throws {
    let template = try Template(parsing: "{{#page}}{{site}}: {{title}}{{/page}}", named: "t")
    let root: TemplateValue = .record(TemplateRecord([("site", "Folio"), ("page", page("Home"))]))
    #expect(try template.render(with: root) == "Folio: Home")
  }

  @Test func membersAreFoundByNameAndTheFirstOfTwoWins() {
    let record = TemplateRecord([("a", "first"), ("b", 2), ("a", "second")])
    guard case .string(let a)? = record["a"], case .int(let b)? = record["b"] else {
      Issue.record("members not found: \(record.names)")
      return
    }
    #expect(a == "first")
    #expect(b == 2)
    #expect(record["c"] == nil)
    #expect(TemplateValue.record(record)["b"] != nil)
    #expect(record.names == ["a", "b", "a"])
  }

  @Test func settingReplacesAMemberOrAddsItLast() {
    let record = TemplateRecord([("menu", []), ("title", "Site")])
    let replaced = record.setting("menu", to: ["Home"])
    let added = record.setting("home", to: "/")
    #expect(replaced.names == ["menu", "title"])
    guard case .array(let items)? = replaced["menu"], case .array(let before)? = record["menu"] else {
      Issue.record("menu missing")
      return
    }
    #expect(items.count == 1)
    #expect(before.isEmpty)
    #expect(added.names == ["menu", "title", "home"])
  }

  @Test func namesHashTheSameOnEveryRun() {
    // FNV-1a 64's published values: a record made on one run is looked up the same on another.
    #expect(TemplateRecord.hash("") == 0xcbf2_9ce4_8422_2325)
    #expect(TemplateRecord.hash("a") == 0xaf63_dc4c_8601_ec8c)
    #expect(
      TemplateRecord.hash("日本語") == TemplateRecord.hash(String(decoding: Array("日本語".utf8), as: UTF8.self)))
  }

  @Test func aCopiedRecordRendersTheSame() throws {
    let template = try Template(parsing: "{{title}} {{url}}{{#tags}} {{name}}{{/tags}}", named: "t")
    let value = page("A title long enough to live outside the string itself")
    #expect(try template.render(with: value.unsharedCopy()) == template.render(with: value))
  }
}
