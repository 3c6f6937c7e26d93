import Testing

@testable import SiteComponents
@testable import SiteContent
@testable import SiteLayout

@Suite struct ElementIDsTests {
  @Test func idsAndNamesInDoubleQuotesAreFound() {
    let html = """
      <h2 id="install">Install</h2><p class="x" data-id="not-this">a = b</p>
      <a name="legacy"></a><li id="fn-1">note</li><div id="a&amp;b"></div><input value="=">
      """
    #expect(ElementIDs.find(in: html) == ["install", "legacy", "fn-1", "a&b"])
  }

  @Test func layoutIDsAreKnownUnlessATagMakesOne() {
    #expect(
      ElementIDs.written(by: [#"<main id="main">{{$main}}{{/main}}</main>"#, #"<h2 id="toc-title">"#]) == [
        "main", "toc-title",
      ])
    #expect(ElementIDs.written(by: [#"<main id="main">"#, #"<section id="{{slug}}">"#]) == nil)
  }

  @Test func theDefaultThemeWritesOnlyTheIDsHeadingsMustAvoid() {
    // Headings are given other ids than these (HeadingAnchors.reservedIDs), so a link to a
    // heading never lands on the layout's element instead.
    // A book's print page prefixes its chapters' ids with tags; no page links into it.
    let layouts = DefaultTheme.templates.filter { $0.key != "book-print" }.values
    #expect(ElementIDs.written(by: layouts) == HeadingAnchors.reservedIDs)
  }
}
