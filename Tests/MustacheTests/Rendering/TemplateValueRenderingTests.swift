import Testing

@testable import Mustache

@Suite struct TemplateValueRenderingTests {
  @Test(arguments: [
    (1.21, "1.21"), (2.0, "2"), (-0.0, "0"), (-3.5, "-3.5"), (0.1 + 0.2, "0.30000000000000004"),
    (1e21, "1e+21"),
  ])
  func doublesPrintInTheirShortestForm(value: Double, expected: String) throws {
    #expect(try render("{{n}}", ["n": .double(value)]) == expected)
  }

  @Test func integersPrintWithoutAFraction() throws {
    #expect(try render("{{a}} {{b}}", ["a": 85, "b": .int(-12_000_000_000)]) == "85 -12000000000")
  }

  @Test func falseyValuesHideSections() throws {
    let falsey: [TemplateValue] = [.null, false, 0, 0.0, "", [], .safeHTML("")]
    for value in falsey {
      #expect(try render("{{#v}}shown{{/v}}{{^v}}hidden{{/v}}", ["v": value]) == "hidden")
    }
    let truthy: [TemplateValue] = [true, 1, -0.5, "x", [false], [:], .safeHTML("<br>")]
    for value in truthy {
      #expect(try render("{{#v}}shown{{/v}}{{^v}}hidden{{/v}}", ["v": value]) == "shown")
    }
  }

  @Test func listsAndObjectsInterpolate() throws {
    #expect(
      try render("[{{list}}] [{{object}}]", ["list": [1, 2.5, "<a>", nil], "object": ["a": 1]])
        == "[1,2.5,&lt;a&gt;,] []")
  }
}
