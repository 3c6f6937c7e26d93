import Testing

@testable import Mustache

@Suite struct UnsharedTests {
  /// The address of a string's storage, nil for one stored inline (15 bytes or fewer).
  private func storage(of string: String) -> UnsafeRawPointer? {
    var string = string
    return string.withUTF8 { UnsafeRawPointer($0.baseAddress) }
  }

  @Test func aCopiedLibraryRendersEveryConstructTheSame() throws {
    let library = try TemplateLibrary(templates: [
      "base": "<title>{{$title}}Untitled{{/title}}</title>\n  {{>partials/list}}\n{{$main}}{{/main}}",
      "partials/list":
        "<ul>\n{{#items}}\n<li>{{name}} {{{html}}}</li>\n{{/items}}\n</ul>\n{{^items}}none{{/items}}",
      "page":
        "{{<base}}{{$title}}{{page.title}} – {{site.title}}{{/title}}{{$main}}{{=<% %>=}}<%page.body%><%={{ }}=%>{{/main}}{{/base}}",
      "dynamic": "{{>*layout}}",
    ])
    let context: TemplateValue = [
      "site": ["title": "A site whose title is longer than fifteen bytes"],
      "page": ["title": "Fish & Chips", "body": "<p>A body long enough to be stored out of line</p>"],
      "items": [
        ["name": "one", "html": .safeHTML("<b>1</b>")], ["name": "two", "html": .safeHTML("<i>2</i>")],
      ],
      "layout": "partials/list",
    ]
    let copy = library.unsharedCopy()
    #expect(copy.templateNames == library.templateNames)
    for name in library.templateNames {
      #expect(try copy.render(name, with: context) == library.render(name, with: context))
      #expect(try library.render(name, with: context.unsharedCopy()) == library.render(name, with: context))
    }
    let page = try copy.render("page", with: context)
    #expect(
      page.contains("<title>Fish &amp; Chips – A site whose title is longer than fifteen bytes</title>"))
    #expect(page.contains("<li>one <b>1</b></li>"))
    #expect(page.hasSuffix("&lt;p&gt;A body long enough to be stored out of line&lt;/p&gt;"))
  }

  @Test func aCopiedValueSharesNoStringStorage() throws {
    let long = "A value long enough to be stored out of line, not inline"
    let value: TemplateValue = ["list": [.string(long), .safeHTML(long)], "nested": ["text": .string(long)]]
    let copy = value.unsharedCopy()
    guard case .object(let members) = copy, case .array(let list)? = members["list"],
      case .string(let first) = list[0], case .safeHTML(let second) = list[1],
      case .object(let nested)? = members["nested"], case .string(let third)? = nested["text"]
    else {
      Issue.record("the copy lost its shape: \(copy)")
      return
    }
    #expect([first, second, third].allSatisfy { $0 == long })
    let original = storage(of: long)
    #expect(original != nil)
    #expect(storage(of: first) != original)
    #expect(storage(of: second) != original)
    #expect(storage(of: third) != original)
  }

  @Test func aCopiedJapaneseStringKeepsEveryByte() {
    let text = "日本語のページのタイトル、十五バイトより長い"
    let copy = Unshared.copy(text)
    #expect(copy == text)
    #expect(Array(copy.utf8) == Array(text.utf8))
    #expect(storage(of: copy) != storage(of: text))
  }
}
