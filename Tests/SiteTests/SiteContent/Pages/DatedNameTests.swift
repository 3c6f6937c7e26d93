import Testing

@testable import SiteContent

/// Jekyll's `2024-01-05-title.md`: the date and the rest of the name, read from the file's name
/// alone.
@Suite struct DatedNameTests {
  @Test func aDatedFileNameGivesItsDateAndTheRest() {
    #expect(PageLoader.datedName("_posts/2024-01-05-first-trip.md")! == ("2024-01-05", "first-trip"))
    #expect(PageLoader.datedName("2024-01-05-x.md")! == ("2024-01-05", "x"))
    #expect(PageLoader.datedName("posts/2023-12-31-日本の旅.md")! == ("2023-12-31", "日本の旅"))
    #expect(PageLoader.datedName("2024-01-05/notes.md") == nil)
  }

  @Test(arguments: [
    "notes.md", "posts/2024-1-05-title.md", "posts/2024-01-05_title.md", "posts/2024-01-05-title.txt",
    "posts/20240105-titles.md", "2024-01-05-.md", "",
  ])
  func anyOtherNameIsNotDated(path: String) {
    #expect(PageLoader.datedName(path) == nil)
  }
}
