import MarkdownParsing
import SiteSearch
import Testing

@Suite struct SearchTextTests {
  static let markdown = """
    # Title here

    Body with `inline code` and <span>raw</span> html.

    ```swift
    let hidden = 1
    ```

    <div>block html</div>
    """

  @Test func headingsBodyAndInlineCodeButNoCodeBlocksOrHTML() {
    let text = SearchText(title: "T", text: MarkdownParser().parse(SearchTextTests.markdown))
    #expect(
      text.blocks == [
        .init(text: "Title here", isHeading: true),
        .init(text: "Body with inline code and raw html.", isHeading: false),
      ])
  }

  @Test func codeBlocksWhenAsked() {
    let text = SearchText(
      title: "T", text: MarkdownParser().parse(SearchTextTests.markdown), includesCode: true)
    #expect(text.blocks.map(\.text).contains("let hidden = 1\n"))
  }
}
