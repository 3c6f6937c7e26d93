import Testing

@testable import SiteContent

@Suite struct EditDistanceTests {
  @Test(arguments: [
    ("cli", "cli", 0), ("cil", "cli", 1), ("CLI", "cli", 0), ("gude", "guide", 1),
    ("confguration", "configuration", 1),
    ("smartPunctuaton", "smartPunctuation", 1), ("logo.png", "logo.svg", 2), ("", "ab", 2),
  ])
  func countsEditsIgnoringCaseWithSwapsAsOne(a: String, b: String, edits: Int) {
    #expect(EditDistance.between(a, b, limit: 2) == edits)
  }

  @Test func namesFurtherThanTheLimitHaveNoDistance() {
    #expect(EditDistance.between("guide", "glossary", limit: 2) == nil)
    #expect(EditDistance.between("a", "abcd", limit: 2) == nil)
  }

  @Test func theClosestNameIsSuggested() {
    let settings = ["title", "taxonomies", "pagination", "checkLinks"]
    #expect(EditDistance.closest(to: "titel", in: settings) == "title")
    #expect(EditDistance.closest(to: "checklinks", in: settings) == "checkLinks")
    #expect(EditDistance.closest(to: "taxonomy", in: settings) == "taxonomies")
    #expect(EditDistance.closest(to: "paginate", in: settings) == "pagination")
    #expect(EditDistance.closest(to: "theme", in: settings) == nil)
  }
}
