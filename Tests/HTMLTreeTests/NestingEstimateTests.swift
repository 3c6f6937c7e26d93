import Testing

@testable import HTMLTree

/// The scan before gumbo: exact for HTML that closes what it opens, and never below the depth of
/// gumbo's tree for the malformed patterns it models.
@Suite struct NestingEstimateTests {
  /// The depth of the deepest element of `html` as gumbo builds it.
  private func treeDepth(_ html: String) throws -> Int {
    var deepest = 0
    var pending = try HTMLFragment(parsing: Array(html.utf8)).nodes.map { ($0, 1) }
    while let (node, depth) = pending.popLast() {
      guard case .element(let element) = node else { continue }
      deepest = max(deepest, depth)
      pending += element.children.map { ($0, depth + 1) }
    }
    return deepest
  }

  private func passes(_ html: String, maxDepth: Int) -> Bool {
    var estimate = NestingEstimate(limits: HTMLLimits(maxDepth: maxDepth))
    return Array(html.utf8).withUnsafeBufferPointer { estimate.problem(in: $0) } == nil
  }

  @Test(arguments: [
    "<div><p>a <b>b</b></p><ul><li><ol><li>x</li></ol></li></ul></div>",
    #"<table><thead><tr><th>a</th></tr></thead><tbody><tr><td><p>x</p></td></tr></tbody></table>"#,
    #"<svg viewBox="0 0 1 1"><g><path d="M0"/><path d="M1"/></g></svg><math><mrow><mi>x</mi></mrow></math>"#,
    "<details><summary>s</summary><pre><code><span>x</span></code></pre></details><br><img src=x>",
    "<script>document.write('<div><div><div>')</script><p>x</p><!-- <div><div> -->",
    "<p>a<br>b<img src=x></p>",
  ])
  func wellFormedHTMLIsMeasuredExactly(_ html: String) throws {
    let depth = try treeDepth(html)
    #expect(passes(html, maxDepth: depth))
    #expect(!passes(html, maxDepth: depth - 1))
  }

  @Test(arguments: [
    "<ul><li>a<li>b<ul><li>c<li>d</ul><li>e</ul>",
    "<p>a<p>b<div>c<p>d</div>",
    "<table><tr><td>a<td>b<tr><td><table><tr><td>x</table></table>",
    "<b><i>x</b>y</i>z",
    "<p><b>x</p>y<p>z",
    "<b><div></b>x<b><div></b>y",
    "<div><table></div><div>x</div></table></div>",
    "<h1><h2>x</h1></h2>",
    "<select><option>a<option>b<optgroup><option>c</select>",
    "<math><mi><b>x</b></mi></math><svg><g><circle/><p>out</svg>",
    "<y>+++</p>",
    "<span></br></span>",
    "<p\u{2}1>a</p>b</p\u{2}1>",
    "<math><mi><circle/><p>x</p></mi></math>",
  ])
  func malformedHTMLIsNeverMeasuredBelowGumbosDepth(_ html: String) throws {
    let depth = try treeDepth(html)
    #expect(!passes(html, maxDepth: depth - 1))
  }
}
