import HTMLRendering
import MarkdownParsing
import Testing

/// cmark-gfm reads the characters that start extension inlines from one process-wide table;
/// parses on many threads, with different extensions, must each see their own.
@Suite struct CMarkSpecialCharactersTests {
  // `foo*~bar*` is emphasis only when `~` is a strikethrough character: the delimiter scan then
  // looks past it.
  private let markdown = "See www.example.com, ~~gone~~ and foo*~bar*.\n"
  private let extensionSets: [Set<MarkdownExtension>] = [
    [], [.strikethrough], [.autolink], [.strikethrough, .autolink],
  ]

  private func render(_ extensions: Set<MarkdownExtension>) -> String {
    let text = MarkdownParser(options: MarkdownOptions(extensions: extensions)).parse(markdown)
    return String(decoding: HTMLRenderer().renderBytes(text), as: UTF8.self)
  }

  @Test func eachExtensionGetsItsCharacters() {
    #expect(render([]) == "<p>See www.example.com, ~~gone~~ and foo*~bar*.</p>\n")
    #expect(render([.strikethrough]) == "<p>See www.example.com, <del>gone</del> and foo<em>~bar</em>.</p>\n")
    #expect(
      render([.autolink])
        == "<p>See <a href=\"http://www.example.com\">www.example.com</a>, ~~gone~~ and foo*~bar*.</p>\n")
    #expect(
      render([.strikethrough, .autolink])
        == "<p>See <a href=\"http://www.example.com\">www.example.com</a>, <del>gone</del> and foo<em>~bar</em>.</p>\n"
    )
  }

  @Test func parsesWithDifferentExtensionsOnManyThreadsAtOnceMatchParsesOneByOne() async {
    let expected = extensionSets.map(render)
    let results = await withTaskGroup(of: (Int, String).self) { group in
      for index in 0..<400 {
        let set = index % extensionSets.count
        group.addTask { (set, render(extensionSets[set])) }
      }
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(results.count == 400)
    for (set, html) in results where html != expected[set] {
      Issue.record("extensions \(extensionSets[set].map(\.rawValue).sorted()): \(html)")
    }
  }
}
