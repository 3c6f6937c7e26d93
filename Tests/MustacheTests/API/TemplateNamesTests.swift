import Testing

@testable import Mustache

@Suite struct TemplateNamesTests {
  @Test func aLayoutUsesThePartsOfItsNamesAndThoseOfWhatItIncludes() throws {
    let library = try TemplateLibrary(templates: [
      "page": "{{<base}}{{$main}}{{{page.content}}}{{#list.pages}}{{title}}{{/list.pages}}{{/main}}{{/base}}",
      "base": "<title>{{page.title}}</title>{{$main}}{{/main}}{{>partials/footer}}",
      "partials/footer": "{{^site.author}}anonymous{{/site.author}}",
      "unused": "{{page.meta.jsonLD}}",
    ])
    let names = library.names(usedBy: ["page"])
    for name in ["page", "content", "list", "pages", "title", "site", "author"] {
      #expect(names.contains(name), "\(name)")
    }
    for name in ["meta", "jsonLD", "main", "base", "footer"] {
      #expect(!names.contains(name), "\(name)")
    }
    #expect(library.names(usedBy: ["unused"]).contains("jsonLD"))
    #expect(!library.names(usedBy: ["missing"]).contains("page"))
  }

  @Test func aDynamicPartialCanIncludeAnyTemplateSoAllTheirNamesCount() throws {
    let library = try TemplateLibrary(templates: [
      "page": "{{>*layout.name}}",
      "card": "{{page.summary}}",
    ])
    let names = library.names(usedBy: ["page"])
    #expect(names.contains("layout") && names.contains("name") && names.contains("summary"))
  }

  @Test func leavingOutAMemberNoTagNamesChangesNoByte() throws {
    // `title` falls through to the outer context when the inner one lacks it, so only members
    // whose names appear nowhere may go; `meta` is such a member here.
    let library = try TemplateLibrary(templates: [
      "page": "{{#page}}{{title}}|{{#tags}}{{name}},{{/tags}}{{/page}}|{{.}}"
    ])
    let names = library.names(usedBy: ["page"])
    #expect(!names.contains("meta"))
    let full: TemplateValue = [
      "title": "outer",
      "page": ["title": "inner", "tags": [["name": "a"], ["name": "b"]], "meta": ["title": "x"]],
    ]
    let trimmed: TemplateValue = [
      "title": "outer", "page": ["title": "inner", "tags": [["name": "a"], ["name": "b"]]],
    ]
    #expect(try library.render("page", with: full) == library.render("page", with: trimmed))
    #expect(try library.render("page", with: full) == "inner|a,b,|")
  }

  @Test func everyNameIsInAll() {
    #expect(TemplateNames.all.contains("anything"))
  }
}
