import BuildCache
import Mustache
import Testing

@testable import Site

/// The layout stage's key: the data a layout is given, digested so that what a page shows
/// changing changes the key, and nothing else does.
@Suite struct LayoutStageTests {
  let templates = LayoutStage.templatesDigest([("page.mustache", Array("{{page.title}}".utf8))])

  func key(_ value: TemplateValue, layout: String = "page") -> ContentDigest {
    LayoutStage.key(templates: templates, layout: layout, value: value)
  }

  @Test func anObjectsMembersInAnyOrderGiveOneKeyAndARecordOfThemTheSame() {
    let members: [(name: String, value: TemplateValue)] = [
      ("title", "Fish"), ("url", "/fish/"), ("tags", ["a", "b"]), ("draft", false),
    ]
    let forward = TemplateValue.record(TemplateRecord(members))
    let backward = TemplateValue.record(TemplateRecord(members.reversed()))
    let object = TemplateValue.object(Dictionary(uniqueKeysWithValues: members.map { ($0.name, $0.value) }))
    #expect(key(forward) == key(backward))
    #expect(key(forward) == key(object))
  }

  @Test func whatALayoutCouldShowDifferentlyChangesTheKey() {
    let base: TemplateValue = ["page": ["title": "Fish", "content": .safeHTML("<p>Crisp.</p>"), "n": 1]]
    let variants: [TemplateValue] = [
      ["page": ["title": "Fish!", "content": .safeHTML("<p>Crisp.</p>"), "n": 1]],
      // The same text, escaped by `{{…}}` as text and inserted as it is as HTML.
      ["page": ["title": "Fish", "content": "<p>Crisp.</p>", "n": 1]],
      ["page": ["title": "Fish", "content": .safeHTML("<p>Crisp.</p>"), "n": "1"]],
      ["page": ["title": "Fish", "content": .safeHTML("<p>Crisp.</p>"), "n": 1.5]],
      ["page": ["title": "Fish", "content": .safeHTML("<p>Crisp.</p>")]],
      ["page": ["title": "Fish", "content": .safeHTML("<p>Crisp.</p>"), "n": 1, "extra": .null]],
      ["page": ["titl": "Fish", "content": .safeHTML("<p>Crisp.</p>"), "n": 1]],
    ]
    var keys: Set<ContentDigest> = [key(base)]
    for variant in variants { keys.insert(key(variant)) }
    #expect(keys.count == variants.count + 1)
    #expect(key(base, layout: "post") != key(base))
  }

  @Test func aListsOrderAndItsCutIntoItemsCount() {
    #expect(key(["a", "b"]) != key(["b", "a"]))
    #expect(key(["ab", ""]) != key(["a", "b"]))
    #expect(key([["a"], ["b"]]) != key([["a", "b"]]))
  }

  @Test func anEditedTemplateChangesEveryKeyAndAnUnchangedOneNone() {
    let value: TemplateValue = ["page": ["title": "Fish"]]
    let same = LayoutStage.templatesDigest([("page.mustache", Array("{{page.title}}".utf8))])
    let edited = LayoutStage.templatesDigest([("page.mustache", Array("<b>{{page.title}}</b>".utf8))])
    let renamed = LayoutStage.templatesDigest([("post.mustache", Array("{{page.title}}".utf8))])
    #expect(LayoutStage.key(templates: same, layout: "page", value: value) == key(value))
    #expect(LayoutStage.key(templates: edited, layout: "page", value: value) != key(value))
    #expect(LayoutStage.key(templates: renamed, layout: "page", value: value) != key(value))
  }
}
