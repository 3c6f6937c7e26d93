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
    // Tests/SiteTests/DeterminismTests.swift → the package root.
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    try #require(FileManager.default.fileExists(atPath: root.appendingPathComponent("Content/_index.md").path))
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
