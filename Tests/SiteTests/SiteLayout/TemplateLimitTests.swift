import TestSupport
import Testing

/// A site's templates that multiply their work stop the build with one error at the inclusion,
/// with the include chain, instead of exhausting memory or never finishing.
@Suite struct TemplateLimitTests {
  /// Pages `a0`… and a page layout whose 41 partials each include the next twice.
  private func runawaySite(pages: Int) throws -> SiteFixture {
    var files = (0..<pages).map { "-- Content/a\($0).md --\n---\ntitle: A\($0)\n---\n" }.joined()
    files += """
      -- Templates/page.mustache --
      {{>partials/p0}}
      -- Templates/partials/p41.mustache --
      \(String(repeating: "x", count: 4096))

      """
    for level in 0...40 {
      files += "-- Templates/partials/p\(level).mustache --\n"
      files += "{{>partials/p\(level + 1)}}{{>partials/p\(level + 1)}}\n"
    }
    return try SiteFixture(files)
  }

  @Test func partialsEachIncludingTheNextTwiceFailAtTheInclusion() throws {
    let errors = try runawaySite(pages: 1).buildErrors()
    #expect(errors.count == 1)
    // The second tag of p40, `{{>partials/p41}}{{>partials/p41}}`, at column 18.
    #expect(
      errors.first?.description.split(separator: "\n").first
        == "Templates/partials/p40.mustache:1:18: error: rendering writes more than 64 MiB (67108864 bytes)")
    #expect(
      errors.first?.notes.first?.hasPrefix("include chain: page → partials/p0 → partials/p1 → ") == true)
  }

  @Test func aRunawayLayoutIsReportedOnceNotOncePerPage() throws {
    // The first render past the budget stops the others: the error is the same for every page.
    let errors = try runawaySite(pages: 20).buildErrors()
    #expect(errors.map(\.message) == ["rendering writes more than 64 MiB (67108864 bytes)"])
  }
}
