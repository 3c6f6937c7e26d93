import HTMLRendering
import MarkdownParsing
import RichText
import Testing

/// Slices of a parsed text: their characters are their own text, and they keep the document's
/// block and container identities, which a site's render decorations are keyed by.
@Suite struct SlicingTests {
  private let document = "# Title\n\nFirst *para* [link](/a).\n\n> quoted\n> text\n\n- item\n"

  @Test func prefixOfTopLevelBlocksHasOnlyTheirText() {
    let text = MarkdownParser().parse(document)
    #expect(text.characters == "TitleFirst para link.quoted textitem")
    #expect(text.prefix(topLevelBlocks: 1).characters == "Title")
    #expect(text.prefix(topLevelBlocks: 2).characters == "TitleFirst para link.")
    #expect(text.prefix(topLevelBlocks: 0).characters == "")
    #expect(text.prefix(topLevelBlocks: 9).characters == text.characters)
  }

  @Test func sliceOfRunsHasOnlyTheirText() {
    let text = MarkdownParser().parse(document)
    let paragraph = text.runs.firstIndex { $0.text == "First " }!
    let slice = text.slice(runs: paragraph..<(paragraph + 5))
    #expect(slice.characters == "First para link.")
    #expect(slice.runs.map(\.text) == ["First ", "para", " ", "link", "."])
    #expect(text.slice(runs: 100..<200).characters == "")
    #expect(text.prefix(upToRun: 1).characters == "Title")
  }

  @Test func slicesRenderTheirBlocksOnly() {
    let text = MarkdownParser().parse(document)
    #expect(HTMLRenderer().render(text.prefix(topLevelBlocks: 1)) == "<h1>Title</h1>\n")
    let paragraph = text.runs.firstIndex { $0.text == "First " }!
    #expect(
      HTMLRenderer().render(text.slice(runs: paragraph..<(paragraph + 5)))
        == "<p>First <em>para</em> <a href=\"/a\">link</a>.</p>\n")
  }

  @Test func slicesKeepBlockIdentitiesAndInlineIndices() {
    let text = MarkdownParser().parse(document)
    let paragraph = text.runs.firstIndex { $0.text == "First " }!
    let slice = text.slice(runs: paragraph..<(paragraph + 5))
    #expect(slice.runs[0].presentationIntent?.innermost == text.runs[paragraph].presentationIntent?.innermost)
    // Render decorations name links by their container's identity; a slice keeps it.
    let link = text.runs.first { $0.link != nil }!.inlineIntent!.innermost.identity
    var decorations = RenderDecorations()
    decorations.destinations[link] = "/base/a"
    #expect(
      HTMLRenderer().render(slice, decorations: decorations)
        == "<p>First <em>para</em> <a href=\"/base/a\">link</a>.</p>\n")
  }

  @Test func invalidUTF8IsKeptInTheSlicesBytes() {
    let text = MarkdownParser().parse([0x61, 0xFF, 0x0A, 0x0A, 0x62, 0x0A] as [UInt8])
    #expect(text.prefix(topLevelBlocks: 1).utf8 == [0x61, 0xFF])
    #expect(text.prefix(topLevelBlocks: 1).characters == "a\u{FFFD}")
  }
}
