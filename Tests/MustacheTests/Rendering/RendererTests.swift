import Diagnostics
import TestSupport
import Testing

@testable import Mustache

@Suite struct RendererTests {
  @Test func sectionsPushTheirValueOntoTheContext() throws {
    let context: TemplateValue = [
      "site": "Folio", "page": ["title": "Home", "tags": [["name": "a"], ["name": "b", "site": "Other"]]],
    ]
    #expect(
      try render("{{#page}}{{title}}:{{#tags}} {{name}}@{{site}}{{/tags}}{{/page}}", context)
        == "Home: a@Folio b@Other")
  }

  @Test func dottedNamesResolveTheirFirstPartOnly() throws {
    let context: TemplateValue = ["a": ["b": [:]], "b": ["c": "outer"]]
    #expect(try render("[{{#a}}{{b.c}}{{/a}}] [{{b.c}}]", context) == "[] [outer]")
  }

  @Test func implicitIteratorShowsScalars() throws {
    #expect(
      try render("{{#list}}<{{.}}>{{/list}}", ["list": ["a&b", 2, 1.5, true]]) == "<a&amp;b><2><1.5><true>")
  }

  @Test func nestedStandalonePartialsAccumulateIndentation() throws {
    let partials = [
      "list": "<ul>\n  {{#items}}\n  {{>item}}\n  {{/items}}\n</ul>\n",
      "item": "<li>\n  {{.}}\n</li>\n",
    ]
    let output = try render("<nav>\n  {{>list}}\n</nav>\n", ["items": ["a", "b"]], partials: partials)
    #expect(
      output == """
        <nav>
          <ul>
            <li>
              a
            </li>
            <li>
              b
            </li>
          </ul>
        </nav>

        """)
  }

  @Test func indentationAppliesToTemplateLinesNotToData() throws {
    let output = try render("  {{>p}}", ["text": "one\ntwo"], partials: ["p": "[{{text}}]\nend"])
    #expect(output == "  [one\ntwo]\n  end")
  }

  @Test func parentFillsBlocksAndKeepsDefaults() throws {
    let partials = ["layout": "<title>{{$title}}Folio{{/title}}</title>\n<main>{{$body}}{{/body}}</main>\n"]
    let output = try render(
      "{{<layout}}{{$body}}<p>{{text}}</p>{{/body}}{{/layout}}", ["text": "Hi"], partials: partials)
    #expect(output == "<title>Folio</title>\n<main><p>Hi</p></main>\n")
  }

  @Test func blockContentIsReindentedWhereItLands() throws {
    let partials = ["layout": "<body>\n  <main>\n    {{$body}}\n    {{/body}}\n  </main>\n</body>\n"]
    let page = """
      {{<layout}}
        {{$body}}
        <h1>{{title}}</h1>
        <p>text</p>
        {{/body}}
      {{/layout}}
      """
    #expect(
      try render(page, ["title": "Home"], partials: partials) == """
        <body>
          <main>
            <h1>Home</h1>
            <p>text</p>
          </main>
        </body>

        """)
  }

  @Test func blockInTheMiddleOfALineIndentsOnlyLaterLines() throws {
    // Text before the tag starts the first line; the line break after `{{/body}}` stays.
    let partials = ["layout": "<main>\n  <div>{{$body}}{{/body}}</div>\n</main>"]
    let page = "{{<layout}}{{$body}}\none\ntwo{{/body}}{{/layout}}"
    #expect(try render(page, partials: partials) == "<main>\n  <div>one\n  two</div>\n</main>")
  }

  @Test func outermostOverrideWinsInMultiLevelInheritance() throws {
    let partials = [
      "base": "[{{$title}}base{{/title}}|{{$footer}}base footer{{/footer}}]",
      "section": "{{<base}}{{$title}}section{{/title}}{{$footer}}section footer{{/footer}}{{/base}}",
    ]
    #expect(
      try render("{{<section}}{{$title}}page{{/title}}{{/section}}", partials: partials)
        == "[page|section footer]")
  }

  @Test func blockOverridesRenderInTheParentsContext() throws {
    let partials = ["list": "{{#items}}{{$item}}-{{/item}}{{/items}}"]
    let output = try render(
      "{{<list}}{{$item}}<{{name}}>{{/item}}{{/list}}", ["items": [["name": "a"], ["name": "b"]]],
      partials: partials)
    #expect(output == "<a><b>")
  }

  @Test func dynamicParentsPickTheirTemplateFromData() throws {
    let partials = ["wide": "W[{{$c}}{{/c}}]", "narrow": "N[{{$c}}{{/c}}]"]
    #expect(
      try render("{{<*layout}}{{$c}}x{{/c}}{{/*layout}}", ["layout": "narrow"], partials: partials) == "N[x]")
  }

  @Test func deepDataDoesNotDeepenRecursion() throws {
    // Nesting in data alone never recurses: only template structure does.
    var value: TemplateValue = "bottom"
    for _ in 0..<2_000 {
      value = ["child": value]
    }
    let path = Array(repeating: "child", count: 2_000).joined(separator: ".")
    #expect(try render("{{\(path)}}", value) == "bottom")
  }

  @Test func nestingDepthIsBoundedInAll() throws {
    // 5 levels of sections per include, 64 includes: beyond the overall bound of 256.
    let partials = ["p": "{{#a}}{{#a}}{{#a}}{{#a}}{{#a}}{{>p}}{{/a}}{{/a}}{{/a}}{{/a}}{{/a}}"]
    let problem = diagnostic { _ = try render("{{>p}}", ["a": true], partials: partials) }
    #expect(problem?.message == "sections and includes nest deeper than 256 levels")
    #expect(problem?.location?.path == "p")
  }
}
