import Diagnostics
import Dispatch
import Synchronization
import TestSupport
import Testing

@testable import Mustache

@Suite struct TemplateLibraryTests {
  @Test func rendersTemplatesByNameWithTheirPartials() throws {
    let library = try TemplateLibrary(templates: [
      "page": "<h1>{{title}}</h1>\n{{>partials/footer}}",
      "partials/footer": "<footer>{{site}}</footer>\n",
    ])
    #expect(library.templateNames == ["page", "partials/footer"])
    #expect(
      try library.render("page", with: ["title": "Home", "site": "Folio"])
        == "<h1>Home</h1>\n<footer>Folio</footer>\n")
  }

  @Test func rendersBytesThatAreTheUTF8OfTheRenderedText() throws {
    let library = try TemplateLibrary(templates: [
      "page": "<h1>{{title}}</h1>\n  {{>partials/list}}{{{body}}}",
      "partials/list": "{{#tags}}<li>{{.}}</li>\n{{/tags}}",
    ])
    let context: TemplateValue = [
      "title": "Fish & <Chips> – 日本語", "tags": ["a\"b", "ü"], "body": .safeHTML("<p>é</p>"),
    ]
    let text = try library.render("page", with: context)
    #expect(try library.renderBytes("page", with: context) == Array(text.utf8))
    #expect(throws: DiagnosticError.self) { try library.renderBytes("missing", with: [:]) }
  }

  @Test func earlierSourcesOverrideLaterOnesTemplateByTemplate() throws {
    let library = try TemplateLibrary([
      .templates(["header": "site header"]),
      .templates(["header": "theme header", "footer": "theme footer", "page": "{{>header}} / {{>footer}}"]),
    ])
    #expect(try library.render("page", with: [:]) == "site header / theme footer")
  }

  @Test func overriddenTemplatesAreNotParsed() throws {
    // A broken theme file does not matter once the site replaces it.
    let library = try TemplateLibrary([.templates(["page": "fixed"]), .templates(["page": "{{#broken"])])
    #expect(try library.render("page", with: [:]) == "fixed")
  }

  @Test func aPartialThatFailsToParseIsReportedOnceNotAgainAsMissing() {
    do {
      _ = try TemplateLibrary(
        [
          .templates(["footer": "<p>{{#tags}}x</p>"]), .templates(["base": "{{>footer}}", "footer": "fine"]),
        ],
        missingPartials: .reportError)
      Issue.record("expected an error")
    } catch let error as DiagnosticError {
      #expect(
        error.diagnostics.map(\.description) == [
          "footer:1:4: error: section 'tags' is never closed\n    hint: close it with {{/tags}}"
        ])
    } catch {
      Issue.record("unexpected \(error)")
    }
  }

  @Test func embeddedTemplatesAreNamedInDiagnosticsByTheirDescription() {
    do {
      _ = try TemplateLibrary([.embedded(["partials/head": "\n{{#x}}"], describedAs: "(default theme)")])
      Issue.record("expected an error")
    } catch let error as DiagnosticError {
      #expect(
        error.diagnostics.first?.location
          == SourceLocation(path: "(default theme)/partials/head.mustache", line: 2, column: 1))
    } catch {
      Issue.record("unexpected \(error)")
    }
  }

  @Test func everyBrokenTemplateIsReportedInOneError() {
    do {
      _ = try TemplateLibrary(templates: ["a": "{{#x}}", "b": "ok", "c": "\n{{y"])
      Issue.record("expected an error")
    } catch let error as DiagnosticError {
      #expect(
        error.diagnostics.map(\.location) == [
          SourceLocation(path: "a", line: 1, column: 1), SourceLocation(path: "c", line: 2, column: 1),
        ])
    } catch {
      Issue.record("unexpected \(error)")
    }
  }

  @Test func missingPartialRendersNothingByDefault() throws {
    #expect(try render("[{{>nowhere}}]") == "[]")
    #expect(try render("[{{>*name}}]", ["name": "nowhere"]) == "[]")
  }

  @Test func strictLibraryReportsMissingPartialsWhenLoading() {
    let problem = diagnostic {
      _ = try TemplateLibrary(
        templates: ["page": "<main>\n  {{#items}}{{>item}}{{/items}}\n</main>"], missingPartials: .reportError
      )
    }
    #expect(problem?.message == "no template named 'item'")
    #expect(problem?.location == SourceLocation(path: "page", line: 2, column: 13))
  }

  @Test func strictLibraryReportsUnresolvedDynamicPartialsWhenRendering() throws {
    let library = try TemplateLibrary(
      templates: ["page": "{{>*kind}}", "card": "card"], missingPartials: .reportError)
    #expect(try library.render("page", with: ["kind": "card"]) == "card")
    let unknown = diagnostic { _ = try library.render("page", with: ["kind": "table"]) }
    #expect(unknown?.message == "no template named 'table'")
    #expect(unknown?.location == SourceLocation(path: "page", line: 1, column: 1))
    let missing = diagnostic { _ = try library.render("page", with: [:]) }
    #expect(missing?.message == "'*kind' names no template: 'kind' is missing or not a string")
  }

  @Test func renderingAnUnknownTemplateIsAnError() throws {
    let library = try TemplateLibrary(templates: [:])
    #expect(diagnostic { _ = try library.render("page", with: [:]) }?.message == "no template named 'page'")
  }

  @Test func selfIncludingPartialFailsWithTheChainInsteadOfOverflowing() throws {
    let library = try TemplateLibrary(templates: [
      "page": "{{>list}}", "list": "x{{>item}}", "item": "{{>item}}",
    ])
    let problem = diagnostic { _ = try library.render("page", with: [:]) }
    #expect(problem?.message == "templates include each other more than 64 levels deep")
    #expect(problem?.location == SourceLocation(path: "item", line: 1, column: 1))
    #expect(
      problem?.notes == [
        "include chain: page → list → item → item → item → item → item → item → … → item → item → item"
      ])
  }

  @Test func recursionFollowsDataUpToTheLimit() throws {
    let library = try TemplateLibrary(templates: ["tree": "({{name}}{{#children}}{{>tree}}{{/children}})"])
    func tree(depth: Int) -> TemplateValue {
      // The leaf needs its own empty list: otherwise `children` would resolve in its parent.
      depth == 0
        ? ["name": "leaf", "children": []]
        : ["name": .string("n\(depth)"), "children": [tree(depth: depth - 1)]]
    }
    #expect(try library.render("tree", with: tree(depth: 2)) == "(n2(n1(leaf)))")
    let nested = try library.render("tree", with: tree(depth: 60))
    #expect(nested.hasSuffix("(leaf" + String(repeating: ")", count: 61)))
    let problem = diagnostic { _ = try library.render("tree", with: tree(depth: 200)) }
    #expect(problem?.message == "templates include each other more than 64 levels deep")
  }

  @Test func blockThatOverridesItselfFailsInsteadOfOverflowing() throws {
    let library = try TemplateLibrary(templates: ["base": "{{$a}}{{/a}}"])
    let problem = diagnostic {
      _ = try library.render(
        Template(parsing: "{{<base}}{{$a}}[{{$a}}{{/a}}]{{/a}}{{/base}}", named: "page"), with: [:])
    }
    #expect(problem?.notes.first?.hasPrefix("include chain: page → base → $a → $a") == true)
  }

  @Test func rendersPagesInParallelWithOneLibrary() throws {
    let library = try TemplateLibrary(templates: [
      "page": "{{<layout}}{{$body}}{{#items}}<li>{{.}}</li>{{/items}}{{/body}}{{/layout}}",
      "layout": "<title>{{title}}</title><ul>{{$body}}{{/body}}</ul>",
    ])
    let count = 500
    let results = Mutex([String?](repeating: nil, count: count))
    DispatchQueue.concurrentPerform(iterations: count) { index in
      let context: TemplateValue = [
        "title": .string("Page \(index)"), "items": [.int(index), .int(index + 1)],
      ]
      let html = try? library.render("page", with: context)
      results.withLock { $0[index] = html }
    }
    let rendered = results.withLock { $0 }
    for index in 0..<count {
      #expect(
        rendered[index] == "<title>Page \(index)</title><ul><li>\(index)</li><li>\(index + 1)</li></ul>")
    }
  }
}
