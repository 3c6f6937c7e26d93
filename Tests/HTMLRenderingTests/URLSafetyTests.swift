import HTMLRendering
import Testing

/// cmark-gfm's rule for link and image destinations: the schemes that run code or read local
/// files, in any case, except the four image types of `data:`.
@Suite struct URLSafetyTests {
  @Test(arguments: [
    "javascript:alert(1)", "JAVASCRIPT:alert(1)", "vbScript:msgbox(1)", "file:///etc/passwd", "FILE:x",
    "data:text/html,<script>", "Data:image/svg+xml,<svg>", "data:",
  ])
  func dangerousSchemesAreFoundInAnyCase(url: String) {
    #expect(URLSafety.isDangerous(url))
    #expect(URLSafety.isDangerous(Array(url.utf8)))
  }

  @Test(arguments: [
    "", "https://example.org/", "/docs/", "#fn-1", "d", "java", "files/a.png", "vbscript", "fil:e",
    "data:image/png;base64,AAAA", "DATA:IMAGE/GIF;base64,AAAA", "data:image/jpeg,x", "data:image/webp,x",
    " javascript:alert(1)", "例え:javascript:",
  ])
  func otherDestinationsAreNot(url: String) {
    #expect(!URLSafety.isDangerous(url))
    #expect(!URLSafety.isDangerous(Array(url.utf8)[...]))
  }
}
