import Site
import TestSupport
import Testing

/// A site's templates that multiply their work stop the build with one error at the inclusion,
/// with the include chain, instead of exhausting memory or never finishing.
@Suite struct TemplateLimitTests {
  @Test func partialsEachIncludingTheNextTwiceFailAtTheInclusion() throws {
    var files = """
      -- Content/a.md --
      ---
      title: A
      ---
      -- Templates/page.mustache --
      {{>partials/p0}}
      -- Templates/partials/p41.mustache --
      \(String(repeating: "x", count: 4096))

      """
    for level in 0...40 {
      files += "-- Templates/partials/p\(level).mustache --\n"
      files += "{{>partials/p\(level + 1)}}{{>partials/p\(level + 1)}}\n"
    }
    let site = try SiteFixture(files)
    let errors = site.buildErrors()
    #expect(errors.count == 1)
    // The second tag of p40, `{{>partials/p41}}{{>partials/p41}}`, at column 18.
    #expect(
      errors.first?.description.split(separator: "\n").first
        == "Templates/partials/p40.mustache:1:18: error: rendering writes more than 64 MiB (67108864 bytes)")
    #expect(
      errors.first?.notes.first?.hasPrefix("include chain: page → partials/p0 → partials/p1 → ") == true)
  }
}
