import TestSupport
import Testing

/// URLs authors and site owners write, checked in one place (`URLPolicy`): bookmarks from every
/// importer and the menu are left out with a warning where they are written; Markdown links
/// keep cmark-gfm's HTML and get a warning.
@Suite struct UnsafeURLTests {
  private let runsCode = "was left out: 'javascript:' URLs can run code"

  @Test func hiddenJavaScriptURLsInATableAreLeftOutAtTheirRows() throws {
    let site = try SiteFixture(
      contentOnlyTemplate + """
        -- Content/links.md --
        <!-- bookmarks -->
        | Title | URL |
        |---|---|
        | 1️⃣Entity | java&#9;script:alert(1) |
        | 2️⃣Case | JaVaScRiPt:alert(2) |
        | 3️⃣Data | data:text/html,<script>alert(3)</script> |
        | 4️⃣VB | vbscript:msgbox(4) |
        | Fine | https://example.org/ |
        """)
    let built = try site.build()
    #expect(
      built.warnings == [
        "\(site.location("1️⃣")): warning: bookmark 'Entity' \(runsCode)",
        "\(site.location("2️⃣")): warning: bookmark 'Case' \(runsCode)",
        "\(site.location("3️⃣")): warning: bookmark 'Data' was left out: 'data:' URLs can run code",
        "\(site.location("4️⃣")): warning: bookmark 'VB' was left out: 'vbscript:' URLs can run code",
      ])
    let html = built.text("links/index.html")
    #expect(html.contains(#"<a href="https://example.org/">Fine</a>"#))
    for hidden in ["script:", "data:", "Entity", "Case"] { #expect(!html.contains(hidden), "\(hidden)") }
  }

  @Test func yamlJSONAndCSVBookmarksAreCheckedAfterTheBrowsersCleaning() throws {
    let site = try SiteFixture(
      contentOnlyTemplate + """
        -- Content/links.md --
        <!-- bookmarks src="a.yaml" -->

        <!-- bookmarks src="b.json" -->

        <!-- bookmarks src="c.csv" -->
        -- Content/a.yaml --
        - title: Tab
          url: 1️⃣"java\\tscript:alert(1)"
        - title: Newline
          url: 2️⃣"java\\nscript:alert(2)"
        -- Content/b.json --
        [{"title": "Control", "url": 3️⃣"\\u0001javascript:alert(3)"},
         {"title": "Kept", "url": " https://kept.example/\\t"}]
        -- Content/c.csv --
        title,url
        4️⃣Space,"\u{1F} javascript:alert(4)"
        """)
    let built = try site.build()
    #expect(
      built.warnings == [
        "\(site.location("1️⃣")): warning: bookmark 'Tab' \(runsCode)",
        "\(site.location("2️⃣")): warning: bookmark 'Newline' \(runsCode)",
        "\(site.location("3️⃣")): warning: bookmark 'Control' \(runsCode)",
        "\(site.location("4️⃣")): warning: bookmark 'Space' \(runsCode)",
      ])
    let html = built.text("links/index.html")
    #expect(!html.contains("script:"))
    // What is written is what the browser would follow, cleaned the same way.
    #expect(
      html.contains(#"<tr data-url="https://kept.example/"><td><a href="https://kept.example/">Kept</a>"#))
  }

  @Test func browserExportsAreDecodedBeforeTheCheck() throws {
    let site = try SiteFixture(
      contentOnlyTemplate + """
        -- Content/links.md --
        <!-- bookmarks src="bookmarks.html" -->
        -- Content/bookmarks.html --
        <DL><p>
            <DT>1️⃣<A HREF="java&#9;script:alert(1)">Numeric</A>
            <DT>2️⃣<A HREF="&#x01;javascript:alert(2)">Control</A>
            <DT>3️⃣<A HREF="java&Tab;script&colon;alert(3)">Named</A>
            <DT>4️⃣<A HREF="file:///etc/passwd">File</A>
            <DT><A HREF="https://example.org/">Fine</A>
        </DL><p>
        """)
    let built = try site.build()
    #expect(
      built.warnings == [
        "\(site.location("1️⃣")): warning: bookmark 'Numeric' \(runsCode)",
        "\(site.location("2️⃣")): warning: bookmark 'Control' \(runsCode)",
        "\(site.location("3️⃣")): warning: bookmark 'Named' \(runsCode)",
        "\(site.location("4️⃣")): warning: bookmark 'File' was left out: the scheme 'file:' is not allowed\n"
          + "    hint: http, https, mailto and relative URLs are allowed; list 'file' under urls.schemes in "
          + "folio.yaml to allow it too",
      ])
    let html = built.text("links/index.html")
    #expect(!html.contains("script") && !html.contains("file:"))
    #expect(html.contains(#"<a href="https://example.org/">Fine</a>"#))
  }

  @Test func urlsSchemesAllowsMoreSchemes() throws {
    let site = try SiteFixture(
      contentOnlyTemplate + """
        -- folio.yaml --
        urls: { schemes: [tel, "web+app:"] }
        -- Content/links.md --
        <!-- bookmarks -->
        | Title | URL |
        |---|---|
        | Call | tel:+81-3-0000-0000 |
        | App | web+app:open |
        | 1️⃣FTP | ftp://ftp.example/ |
        """)
    let built = try site.build()
    #expect(
      built.warnings == [
        "\(site.location("1️⃣")): warning: bookmark 'FTP' was left out: the scheme 'ftp:' is not allowed\n"
          + "    hint: http, https, mailto and relative URLs are allowed; list 'ftp' under urls.schemes in "
          + "folio.yaml to allow it too"
      ])
    let html = built.text("links/index.html")
    #expect(html.contains(#"<a href="tel:+81-3-0000-0000">Call</a>"#))
    #expect(html.contains(#"<a href="web+app:open">App</a>"#))
  }

  @Test func aCodeSchemeInURLsSchemesIsAnErrorAtIt() throws {
    let site = try SiteFixture(
      """
      -- folio.yaml --
      urls:
        schemes: [tel, 1️⃣JavaScript]
      """)
    #expect(
      site.buildError()
        == "\(site.location("1️⃣")): error: the scheme 'javascript:' can run code and cannot be allowed\n"
        + "    hint: remove it from urls.schemes; javascript:, vbscript: and data: URLs are always left out")
  }

  @Test func aSchemeMustBeWrittenAsOne() throws {
    let site = try SiteFixture(
      """
      -- folio.yaml --
      urls:
        schemes: [1️⃣"tel x"]
      """)
    #expect(
      site.buildError()
        == "\(site.location("1️⃣")): error: 'tel x' is not a URL scheme\n"
        + "    hint: a scheme is a letter followed by letters, digits, '+', '-' or '.', like tel or web+app")
  }

  @Test func anUnknownURLsSettingIsAnErrorAtItsKey() throws {
    let site = try SiteFixture(
      """
      -- folio.yaml --
      urls:
        1️⃣scheme: [tel]
      """)
    #expect(
      site.buildError()
        == "\(site.location("1️⃣")): error: unknown setting 'urls.scheme'\n    hint: did you mean 'urls.schemes'?"
    )
  }
}

/// Menu entries of folio.yaml and Markdown links.
extension UnsafeURLTests {
  @Test func menuURLsThatCouldRunCodeAreLeftOutAtTheirValue() throws {
    let site = try SiteFixture(
      """
      -- folio.yaml --
      menu:
        - { title: Home, url: / }
        - { title: Evil, url: 1️⃣"javascript:alert(1)" }
        - title: Hidden
          url: 2️⃣"\\u0001java\\tscript:alert(2)"
        - { title: Docs, url: " /docs/\\n" }
      -- Templates/page.mustache --
      {{#site.menu}}[{{title}} {{url}}]{{/site.menu}}
      -- Content/a.md --
      A
      """)
    let built = try site.build()
    #expect(
      built.warnings == [
        "\(site.location("1️⃣")): warning: menu item 'Evil' \(runsCode)",
        "\(site.location("2️⃣")): warning: menu item 'Hidden' \(runsCode)",
      ])
    #expect(built.text("a/index.html") == "[Home /][Docs /docs/]\n")
  }

  @Test func markdownLinksTheRendererEmptiesAreWarnedAboutAtTheirPlace() throws {
    let site = try SiteFixture(
      contentOnlyTemplate + """
        -- Content/a.md --
        1️⃣[click](javascript:alert(1)) and 2️⃣![x](vbscript:x) and 3️⃣<javascript:alert(3)>
        and 4️⃣[file](file:///etc/passwd), [fine](https://example.org/), ![ok](data:image/png;base64,AA)
        """)
    let built = try site.build()
    let hint =
      "\n    hint: markdown.unsafeHTML: true in folio.yaml keeps such URLs (only for content you trust)"
    #expect(
      built.warnings == [
        "\(site.location("1️⃣")): warning: link to 'javascript:alert(1)' is written without its URL: "
          + "'javascript:' URLs can run code" + hint,
        "\(site.location("2️⃣")): warning: image 'vbscript:x' is written without its source: "
          + "'vbscript:' URLs can run code" + hint,
        "\(site.location("3️⃣")): warning: link to 'javascript:alert(3)' is written without its URL: "
          + "'javascript:' URLs can run code" + hint,
        "\(site.location("4️⃣")): warning: link to 'file:///etc/passwd' is written without its URL: "
          + "the scheme 'file:' is not allowed" + hint,
      ])
    // The HTML is cmark-gfm's: the link keeps its text, with an empty href.
    #expect(
      built.text("a/index.html")
        == #"""
        <p><a href="">click</a> and <img src="" alt="x" /> and <a href="">javascript:alert(3)</a>
        and <a href="">file</a>, <a href="https://example.org/">fine</a>, <img src="data:image/png;base64,AA" alt="ok" loading="lazy" decoding="async" /></p>


        """#)
  }

  @Test func withUnsafeHTMLMarkdownLinksKeepTheirURLsWithoutWarnings() throws {
    let site = try SiteFixture(
      contentOnlyTemplate + """
        -- folio.yaml --
        markdown: { unsafeHTML: true }
        -- Content/a.md --
        [click](javascript:void(0))
        """)
    let built = try site.build()
    #expect(built.warnings == [])
    #expect(built.text("a/index.html").contains(#"<a href="javascript:void(0)">click</a>"#))
  }
}
