import HTMLTree

/// Content HTML as Folio's renderer, theme components and KaTeX write it, with raw HTML of the
/// kind a site that allows it may hold.
enum Fixtures {
  static let folioPage = """
    <h2 id="install">Install &amp; run</h2>
    <p>Folio&nbsp;1.0 &copy; 2026 &mdash; see <a href="#usage">usage</a> or <a href="../guide/">the guide</a>.<br />
    Next line with <code>a &lt; b</code> and <em>emphasis</em>.</p>
    <ul>
    <li><input type="checkbox" checked="" disabled="" /> done</li>
    <li>item <strong>bold</strong></li>
    </ul>
    <pre><code class="language-swift"><span class="kw">let</span> x = <span class="num">1</span> &lt; 2
    </code></pre>
    <details><summary>More</summary><p>Hidden</p></details>
    <picture><source srcset="a.avif" type="image/avif"><img src="a.png" alt="A &quot;photo&quot;" width="640" height="480" loading="lazy"></picture>
    <table><thead><tr><th align="left">A</th></tr></thead><tbody><tr><td>1</td></tr></tbody></table>
    <span class="katex"><math xmlns="http://www.w3.org/1998/Math/MathML" display="block"><semantics><mrow><mi>x</mi><mo>=</mo><mfrac><mn>1</mn><mn>2</mn></mfrac></mrow><annotation encoding="application/x-tex">x = \\frac12</annotation></semantics></math></span>
    <svg viewBox="0 0 10 10" width="10"><use xlink:href="#icon"/><path d="M0 0L10 10"/><foreignObject><p>in svg</p></foreignObject></svg>
    <hr>
    <p onclick="steal()">Click <img src=x onerror=alert(1)></p>
    <script>if (a < b && c) { document.write("</p>") }</script>
    <style>p > a { color: red }</style>
    <iframe src="https://example.com/"></iframe>
    <form action="/x"><input name="q"></form>
    <!-- a comment -->
    <template><p>later</p></template>
    """

  /// The first element of `html`'s top-level nodes.
  static func firstElement(_ html: String) throws -> HTMLElement {
    for node in try HTMLFragment(parsing: Array(html.utf8)).nodes {
      if case .element(let element) = node { return element }
    }
    throw FixtureError.noElement
  }

  enum FixtureError: Error { case noElement }
}

extension HTMLFragment {
  /// The serialisation as a string, for assertions.
  func string(_ format: HTMLSerialization) -> String {
    String(decoding: serialized(as: format), as: UTF8.self)
  }
}

/// `html` parsed and written as `format`.
func serialize(_ html: String, as format: HTMLSerialization) throws -> String {
  try HTMLFragment(parsing: Array(html.utf8)).string(format)
}
