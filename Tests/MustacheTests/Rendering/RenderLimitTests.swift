import Diagnostics
import TestSupport
import Testing

@testable import Mustache

/// Templates whose work or output multiplies stop with an error at an inclusion, naming the
/// include chain, instead of running out of memory or never finishing.
@Suite struct RenderLimitTests {
  /// `p0` … `p40`, each including the next twice, and `leaf` as the last one's text: 2^41
  /// inclusions in all.
  private func doublingChain(leaf: String) throws -> TemplateLibrary {
    var templates = ["p41": leaf]
    for level in 0...40 {
      templates["p\(level)"] = "{{>p\(level + 1)}}{{>p\(level + 1)}}"
    }
    return try TemplateLibrary(templates: templates)
  }

  @Test func fortyOnePartialsEachIncludingTheNextTwiceStopAtTheStepLimit() throws {
    let library = try doublingChain(leaf: "")
    let problem = diagnostic { _ = try library.render("p0", with: [:]) }
    #expect(problem?.message == "rendering enters more than 10000000 sections and includes")
    // Depth first: the 10,000,000th step is an inclusion of p41 by p40's second tag.
    #expect(problem?.location == SourceLocation(path: "p40", line: 1, column: 9))
    #expect(
      problem?.notes == [
        "include chain: p0 → p1 → p2 → p3 → p4 → p5 → p6 → p7 → … → p39 → p40 → p41"
      ])
    #expect(problem?.hint == "partials that include others more than once multiply the work at every level")
  }

  @Test func outputPastSixtyFourMebibytesStopsAtAnInclusion() throws {
    let library = try doublingChain(leaf: String(repeating: "x", count: 4096))
    let problem = diagnostic { _ = try library.render("p0", with: [:]) }
    #expect(problem?.message == "rendering writes more than 64 MiB (67108864 bytes)")
    #expect(problem?.location?.path == "p40")
    #expect(problem?.notes.first?.hasPrefix("include chain: p0 → p1 → ") == true)
    #expect(problem?.notes.first?.hasSuffix(" → p40 → p41") == true)
  }

  @Test func sectionsOverALongListCountAsSteps() throws {
    // No partial at all: sections nested five deep over a list of 100 items visit 10^10 items.
    let items: TemplateValue = .array((0..<100).map { _ in TemplateValue.bool(true) })
    let source = "{{#i}}{{#i}}{{#i}}{{#i}}{{#i}}{{/i}}{{/i}}{{/i}}{{/i}}{{/i}}"
    let problem = diagnostic { _ = try render(source, ["i": items]) }
    #expect(problem?.message == "rendering enters more than 10000000 sections and includes")
    #expect(problem?.location?.path == "test")
    #expect(problem?.notes == ["include chain: test"])
  }

  @Test func aLongListOfPartialsIsWellUnderTheLimits() throws {
    let library = try TemplateLibrary(templates: [
      "list": "{{#items}}{{>card}}{{/items}}", "card": "<li>{{#title}}{{.}}{{/title}}</li>",
    ])
    let items: TemplateValue = .array((0..<100_000).map { ["title": .string("t\($0)")] })
    let output = try library.render("list", with: ["items": items])
    #expect(output.hasPrefix("<li>t0</li><li>t1</li>"))
    #expect(output.hasSuffix("<li>t99999</li>"))
  }
}
