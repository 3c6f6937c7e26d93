import HTMLRendering
import MarkdownParsing
import Testing

/// cmark-gfm reads the characters that start extension inlines from one process-wide table;
/// parses on many threads, with the same or with different extensions, must each see their own.
@Suite struct CMarkSpecialCharactersTests {
  // `foo*~bar*` is emphasis only when `~` is a strikethrough character: the delimiter scan then
  // looks past it. Later cmark-gfm versions also add and remove the characters around each table
  // row while the text is fed.
  private let markdown = """
    See www.example.com, ~~gone~~ and foo*~bar*.

    | a | b |
    | --- | --- |
    | ~~x~~ | www.example.com |

    """
  private let extensionSets: [Set<MarkdownExtension>] = [
    [], [.strikethrough], [.autolink, .table], [.strikethrough, .autolink, .table],
  ]

  private func render(_ extensions: Set<MarkdownExtension>) -> String {
    let text = MarkdownParser(options: MarkdownOptions(extensions: extensions)).parse(markdown)
    return String(decoding: HTMLRenderer().renderBytes(text), as: UTF8.self)
  }

  /// Renders the document on many threads at once, the extensions of parse `index` chosen by
  /// `sets(index)`; reports every result that differs from the same parse done alone.
  private func expectParsesAtOnceMatchParsesAlone(count: Int, _ sets: @escaping @Sendable (Int) -> Int) async
  {
    let expected = extensionSets.map(render)
    let results = await withTaskGroup(of: (Int, String).self) { group in
      for index in 0..<count {
        let set = sets(index)
        group.addTask { (set, render(extensionSets[set])) }
      }
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(results.count == count)
    for (set, html) in results where html != expected[set] {
      Issue.record("extensions \(extensionSets[set].map(\.rawValue).sorted()): \(html)")
    }
  }

  @Test func eachExtensionGetsItsCharacters() {
    let none = render([])
    #expect(none.hasPrefix("<p>See www.example.com, ~~gone~~ and foo*~bar*.</p>\n<p>| a | b |"))
    #expect(render([.strikethrough]).contains("<del>gone</del> and foo<em>~bar</em>.</p>\n<p>| a | b |"))
    let linksAndTables = render([.autolink, .table])
    #expect(
      linksAndTables.contains(
        "<a href=\"http://www.example.com\">www.example.com</a>, ~~gone~~ and foo*~bar*."))
    #expect(
      linksAndTables.contains(
        "<td>~~x~~</td>\n<td><a href=\"http://www.example.com\">www.example.com</a></td>"))
    let all = render([.strikethrough, .autolink, .table])
    #expect(all.contains("<del>gone</del> and foo<em>~bar</em>."))
    #expect(
      all.contains("<td><del>x</del></td>\n<td><a href=\"http://www.example.com\">www.example.com</a></td>"))
  }

  @Test func parsesWithTheSameExtensionsOnManyThreadsAtOnceMatchParsesOneByOne() async {
    await expectParsesAtOnceMatchParsesAlone(count: 2000) { _ in 3 }
  }

  @Test func parsesWithDifferentExtensionsOnManyThreadsAtOnceMatchParsesOneByOne() async {
    await expectParsesAtOnceMatchParsesAlone(count: 800) { $0 % 4 }
  }

  @Test func parsesWithRunsOfOneExtensionSetThenAnotherMatchParsesOneByOne() async {
    // A site's pages parse with one set while, say, a test parses with another: the table is
    // refilled each time the set changes.
    await expectParsesAtOnceMatchParsesAlone(count: 800) { ($0 / 50) % 4 }
  }

  #if os(Linux)
    @Test func pagesParseOnManyThreadsAtOnceOnLinux() {
      // Folio links cmark-gfm statically on Linux and owns its table; if the linker stopped
      // routing cmark-gfm's calls to Folio's wrappers, parses would silently take turns again.
      #expect(MarkdownParser.parsesOnManyThreadsAtOnce)
    }
  #endif
}
