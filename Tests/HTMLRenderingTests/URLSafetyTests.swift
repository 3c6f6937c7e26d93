import HTMLRendering
import Testing

/// Which URLs count as dangerous: cmark-gfm's scheme list, and for URLs written into an `href`
/// as they are, that list applied to what a browser's URL parser makes of them.
@Suite struct URLSafetyTests {
  @Test(arguments: [
    "javascript:alert(1)", "JavaScript:x", "vbscript:x", "file:///etc/passwd", "data:text/html,x",
  ])
  func dangerousSchemes(_ url: String) {
    #expect(URLSafety.isDangerous(url))
    #expect(URLSafety.isDangerousInHref(url))
  }

  /// A browser drops C0 controls and spaces around a URL and tabs and newlines inside it.
  @Test(arguments: [
    "java\tscript:alert(1)", "\u{1}javascript:x", " javascript:x", "jav\nascript:x", "\rvbscript:x ",
  ])
  func dangerousOnlyAsABrowserReadsThem(_ url: String) {
    #expect(!URLSafety.isDangerous(url))
    #expect(URLSafety.isDangerousInHref(url))
  }

  @Test(arguments: ["https://example.com/", "/javascript:x", "data:image/png;base64,AA", "", " \t "])
  func safe(_ url: String) {
    #expect(!URLSafety.isDangerousInHref(url))
  }
}
