import HTMLRendering
import Testing

/// The one URL check for bookmarks and menus: WHATWG cleaning, then the allowed schemes.
@Suite struct URLPolicyTests {
  private let policy = URLPolicy()

  @Test(arguments: [
    ("https://example.org/", "https://example.org/"),
    ("HTTP://example.org/", "HTTP://example.org/"),
    ("mailto:me@example.org", "mailto:me@example.org"),
    ("/docs/", "/docs/"),
    ("../up/", "../up/"),
    ("#top", "#top"),
    ("?page=2", "?page=2"),
    ("//cdn.example/", "//cdn.example/"),
    // Cleaned as the browser cleans it before it parses: what is written is what it follows.
    ("  https://example.org/\n", "https://example.org/"),
    ("https://exa\tmple.org/", "https://example.org/"),
    // A character no scheme may hold before the colon makes the URL relative, as in browsers.
    ("java script:alert(1)", "java script:alert(1)"),
    ("\u{A0}javascript:alert(1)", "\u{A0}javascript:alert(1)"),
    // Non-ASCII text is never cleaned away (its UTF-8 bytes are all above U+0020)…
    ("https://例え.jp/記事/", "https://例え.jp/記事/"),
    // …but the tabs and spaces around it are.
    ("\thttps://例え.jp/記\n事/ ", "https://例え.jp/記事/"),
  ])
  func allowedURLsAreWrittenAsTheBrowserReadsThem(url: String, written: String) {
    #expect(policy.check(url) == .allowed(written))
  }

  @Test(arguments: [
    ("javascript:alert(1)", "javascript"),
    ("JaVaScRiPt:alert(1)", "javascript"),
    ("java\tscript:alert(1)", "javascript"),
    ("java\nscr\ript:alert(1)", "javascript"),
    ("\u{1}javascript:alert(1)", "javascript"),
    ("\u{0}\u{1F} javascript:alert(1)", "javascript"),
    (" javascript:alert(1)", "javascript"),
    ("javascript:alert(1)\u{7}", "javascript"),
    ("vbscript:msgbox(1)", "vbscript"),
    ("data:text/html,<script>alert(1)</script>", "data"),
    ("data:image/png;base64,AAAA", "data"),
  ])
  func codeSchemesAreRefusedHoweverTheyAreHidden(url: String, scheme: String) {
    #expect(policy.check(url) == .refused(.runsCode(scheme: scheme)))
  }

  @Test func otherSchemesAreRefusedUnlessTheSiteAllowsThem() {
    #expect(policy.check("file:///etc/passwd") == .refused(.schemeNotAllowed("file")))
    #expect(policy.check("Tel:+81-3-0000") == .refused(.schemeNotAllowed("tel")))
    let site = URLPolicy(allowing: ["TEL", "web+app"])
    #expect(site.check("Tel:+81-3-0000") == .allowed("Tel:+81-3-0000"))
    #expect(site.check("web+app:open") == .allowed("web+app:open"))
    #expect(site.check("file:///etc/passwd") == .refused(.schemeNotAllowed("file")))
  }

  @Test func codeSchemesCannotBeAllowed() {
    let site = URLPolicy(allowing: ["javascript", "VBScript", "data"])
    #expect(site.schemes == ["http", "https", "mailto"])
    #expect(site.check("javascript:alert(1)") == .refused(.runsCode(scheme: "javascript")))
  }

  @Test func nothingLeftIsRefusedAsEmpty() {
    #expect(policy.check("") == .refused(.empty))
    #expect(policy.check(" \t\u{1}\n") == .refused(.empty))
  }

  @Test func reasonsReadAsTheEndOfASentence() {
    #expect(URLPolicy.Refusal.empty.description == "it has no URL")
    #expect(URLPolicy.Refusal.runsCode(scheme: "javascript").description == "'javascript:' URLs can run code")
    #expect(URLPolicy.Refusal.schemeNotAllowed("ftp").description == "the scheme 'ftp:' is not allowed")
  }

  @Test func schemeNamesAreCheckedAsTheURLParserReadsThem() {
    #expect(URLPolicy.scheme(of: "HTTPS://x") == "https")
    #expect(URLPolicy.scheme(of: "a+b-c.d:x") == "a+b-c.d")
    #expect(URLPolicy.scheme(of: "1http:x") == nil)
    #expect(URLPolicy.scheme(of: ":x") == nil)
    #expect(URLPolicy.scheme(of: "no-colon") == nil)
    #expect(URLPolicy.isSchemeName("web+app"))
    #expect(!URLPolicy.isSchemeName("tel:x"))
    #expect(!URLPolicy.isSchemeName(""))
  }
}
