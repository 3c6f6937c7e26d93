import HTMLTree
import Testing

/// Rewrites as the books feature makes them: ids and links per chapter, images to resources,
/// active content out, disclosures open.
@Suite struct HTMLRewriteTests {
  /// The book's rewrite of one chapter.
  private func bookChapter(_ edit: inout HTMLElementEdit) {
    if edit.isHTML("script") || edit.isHTML("iframe") || edit.isHTML("object") || edit.isHTML("embed")
      || edit.isHTML("form")
    {
      edit.action = .remove
      return
    }
    edit.attributes.removeAll { $0.name.lowercased().hasPrefix("on") }
    if let id = edit[attribute: "id"] { edit[attribute: "id"] = "ch1-" + id }
    if let href = edit[attribute: "href"] {
      if href.hasPrefix("#") {
        edit[attribute: "href"] = "#ch1-" + href.dropFirst()
      } else if href == "../guide/" {
        edit[attribute: "href"] = "ch2.xhtml"
      }
    }
    if edit.isHTML("img"), let source = edit[attribute: "src"] { edit[attribute: "src"] = "images/" + source }
    if edit.isHTML("details") { edit[attribute: "open"] = "" }
  }

  @Test func aChapterIsRewrittenForTheBook() throws {
    let html = """
      <h2 id="use">Use</h2><p onclick="x()" class="c">See <a href="#use">use</a>, \
      <a href="../guide/">the guide</a><img src="a.png" onerror="y()"></p>\
      <script>alert(1)</script><iframe src="/"></iframe><form><input></form>\
      <details><summary>More</summary>text</details><object data="a"><p>fallback</p></object>
      """
    let rewritten = try HTMLFragment(parsing: Array(html.utf8)).rewritten(bookChapter)
    #expect(
      rewritten.string(.xhtml)
        == ##"<h2 id="ch1-use">Use</h2><p class="c">See <a href="#ch1-use">use</a>, "##
        + #"<a href="ch2.xhtml">the guide</a><img src="images/a.png" /></p>"#
        + #"<details open=""><summary>More</summary>text</details>"#)
  }

  @Test func anElementCanBeUnwrappedOrRenamed() throws {
    let fragment = try HTMLFragment(
      parsing: Array("<div><font color=red>a <b>b</b></font><center>c</center></div>".utf8))
    let rewritten = fragment.rewritten { edit in
      if edit.isHTML("font") { edit.action = .unwrap }
      if edit.isHTML("center") {
        edit.name = "div"
        edit[attribute: "class"] = "center"
      }
    }
    #expect(rewritten.string(.html) == #"<div>a <b>b</b><div class="center">c</div></div>"#)
  }

  /// A tree deeper than parsing allows, as a caller may build one: the rewrite and the
  /// serialisation keep their own stacks.
  @Test func aDeepTreeIsRewrittenAndWrittenWithoutRecursion() {
    var node = HTMLNode.text("deep")
    for _ in 0..<5_000 { node = .element(HTMLElement("span", children: [node])) }
    let rewritten = HTMLFragment([node]).rewritten { $0.name = "i" }
    let html = rewritten.serialized(as: .html)
    #expect(html.count == 5_000 * 7 + 4)
    #expect(html.prefix(6) == Array("<i><i>".utf8)[...])
  }
}
