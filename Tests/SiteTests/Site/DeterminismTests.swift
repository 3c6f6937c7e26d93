import Foundation
import Site
import TestSupport
import Testing

/// Two builds of the same sources are byte-identical: no timestamps, no hash-order output.
@Suite struct DeterminismTests {
  @Test func aSmallSiteBuildsTheSameTwice() throws {
    var text = "-- folio.yaml --\npagination: 3\ntaxonomies: [tags, series]\nbaseURL: https://example.org/\n"
    for index in 1...12 {
      text += """
        -- Content/posts/p\(index).md --
        ---
        title: Post \(index)
        date: 2024-01-\(index < 10 ? "0" : "")\(index)
        tags: [t\(index % 3), 日本語, T\(index % 2)]
        series: [s\(index % 4)]
        aliases: [/old/\(index)/]
        ---
        ## Heading
        ## Heading
        - a
          - b

        <!-- list spacing="\(index)px" -->
        - c

        """
    }
    let site = try SiteFixture(text)
    let first = try site.build()
    let second = try site.build()
    #expect(first.paths == second.paths)
    for path in first.paths where first.files[path] != second.files[path] {
      Issue.record("\(path) differs between two builds")
    }
  }

  @Test func theRepositorySiteBuildsTheSameTwice() throws {
    // Tests/SiteTests/Site/DeterminismTests.swift → the package root.
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    try #require(
      FileManager.default.fileExists(atPath: root.appendingPathComponent("Content/_index.md").path))
    let builder = SiteBuilder(options: .init(projectRoot: root))
    let first = try builder.render()
    let second = try builder.render()
    #expect(first.files.count > 20)
    #expect(first.files.keys.sorted() == second.files.keys.sorted())
    for (path, bytes) in first.files where second.files[path] != bytes {
      Issue.record("\(path) differs between two builds")
    }
  }
}

extension DeterminismTests {
  /// cmark-gfm keeps its extensions' special characters (`:` for autolinks, `~`, `|`) in one
  /// process-wide table that every parse adds to and removes from, so pages parsed on several
  /// threads at once could lose their autolinks and strikethrough at random.
  @Test func pagesParsedInParallelAllGetTheirExtensions() throws {
    var text = contentOnlyTemplate
    let body = String(repeating: "Words and *emphasis* to parse for a while.\n", count: 60)
    for index in 0..<200 {
      text += "-- Content/p\(index).md --\n\(body)\nSee https://example.org/\(index) and ~~gone~~.\n"
    }
    let site = try SiteFixture(text)
    for _ in 0..<2 {
      let built = try site.build()
      for index in 0..<200 {
        let lastParagraph = built.text("p\(index)/index.html").split(separator: "\n").last ?? ""
        #expect(
          lastParagraph
            == "<p>See <a href=\"https://example.org/\(index)\">https://example.org/\(index)</a> and <del>gone</del>.</p>"
        )
      }
    }
  }
}
