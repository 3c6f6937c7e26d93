import TestSupport
import Testing

/// Bookmark tables from a Markdown table and from data files (BookmarkImporter).
@Suite struct BookmarkImporterTests {
  @Test func aTableAfterTheDirectiveBecomesABookmarkTable() throws {
    let site = try SiteFixture(
      contentOnlyTemplate + """
        -- Content/links.md --
        <!-- bookmarks caption="Apps & sites" -->
        | Title | URL | Notes |
        |---|---|---|
        | Genji | https://genjiapp.com/ | *app* |
        | [Swift](https://swift.org/) | | language |
        """)
    let built = try site.build()
    #expect(
      built.text("links/index.html") == """
        <figure class="folio-bookmarks" id="bookmarks-1" data-bookmarks-key="/links/#bookmarks-1">
        <figcaption>Apps &amp; sites</figcaption>
        <table class="folio-bookmarks-table">
        <thead><tr><th scope="col">Title</th><th scope="col">URL</th><th scope="col">Notes</th></tr></thead>
        <tbody>
        <tr data-url="https://genjiapp.com/"><td><a href="https://genjiapp.com/">Genji</a></td><td class="folio-url">genjiapp.com</td><td>app</td></tr>
        <tr data-url="https://swift.org/"><td><a href="https://swift.org/">Swift</a></td><td class="folio-url">swift.org</td><td>language</td></tr>
        </tbody>
        </table>
        </figure>


        """)
    #expect(built.warnings == [])
  }

  @Test func unsafeBookmarksAreDroppedWithAWarningNamingTheirLine() throws {
    let site = try SiteFixture(
      contentOnlyTemplate + """
        -- Content/links.md --
        <!-- bookmarks -->
        | Title | URL |
        |---|---|
        | Good | https://example.org/ |
        | 1️⃣Evil | javascript:alert(1) |
        """)
    let built = try site.build()
    #expect(
      built.warnings == [
        "\(site.location("1️⃣")): warning: bookmark 'Evil' was left out: 'javascript:' URLs can run code"
      ]
    )
    let html = built.text("links/index.html")
    #expect(html.contains("https://example.org/"))
    #expect(!html.contains("javascript"))
    #expect(!html.contains("Evil"))
  }

  @Test func bookmarksFromYAMLKeepExtraColumnsAndTheFileIsNotPublished() throws {
    let site = try SiteFixture(
      contentOnlyTemplate + """
        -- Content/links.md --
        <!-- bookmarks src="data/links.yaml" -->
        -- Content/data/links.yaml --
        - title: Genji
          url: https://genjiapp.com/
          note: 源氏
        - title: Bad
          url: 1️⃣"javascript:alert(1)"
        """)
    let built = try site.build()
    let html = built.text("links/index.html")
    #expect(
      html.contains(
        #"<thead><tr><th scope="col">Title</th><th scope="col">URL</th><th scope="col">Note</th></tr></thead>"#
      ))
    #expect(html.contains(#"<td class="folio-url">genjiapp.com</td><td>源氏</td></tr>"#))
    #expect(!html.contains("javascript"))
    #expect(
      built.warnings == [
        "\(site.location("1️⃣")): warning: bookmark 'Bad' was left out: 'javascript:' URLs can run code"
      ])
    #expect(built.files["data/links.yaml"] == nil)
  }

  @Test func bookmarksFromCSVReadQuotedFields() throws {
    let site = try SiteFixture(
      contentOnlyTemplate + #"""
        -- Content/links.md --
        <!-- bookmarks src="links.csv" -->
        -- Content/links.csv --
        URL,Title,Comment
        https://example.org/,"Example, Inc.","Say ""hi"", then go"
        https://a.example/,A,""""
        """#)
    let html = try site.build().text("links/index.html")
    #expect(
      html.contains(
        #"<thead><tr><th scope="col">Title</th><th scope="col">URL</th><th scope="col">Comment</th></tr></thead>"#
      ))
    #expect(
      html.contains(
        #">Example, Inc.</a></td><td class="folio-url">example.org</td><td>Say &quot;hi&quot;, then go</td>"#)
    )
    #expect(html.contains(#">A</a></td><td class="folio-url">a.example</td><td>&quot;</td>"#))
  }

  @Test func browserExportsKeepNestedFoldersAsGroups() throws {
    let site = try SiteFixture(
      contentOnlyTemplate + """
        -- Content/links.md --
        <!-- bookmarks src="bookmarks.html" -->
        -- Content/bookmarks.html --
        <!DOCTYPE NETSCAPE-Bookmark-file-1>
        <META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
        <TITLE>Bookmarks</TITLE>
        <H1>Bookmarks</H1>
        <DL><p>
            <DT><A HREF="https://top.example/" ADD_DATE="1">Top &amp; level</A>
            <DT><H3 ADD_DATE="1">Dev</H3>
            <DL><p>
                <DT><A HREF="https://swift.org/">Swift</A>
                <DT><H3>Linux</H3>
                <DL><p>
                    <DT><A HREF="https://kernel.org/">Kernel</A>
                    <DT>1️⃣<A HREF="javascript:void(0)">Bookmarklet</A>
                </DL><p>
                <DT><A HREF="https://example.org/after">After Linux</A>
            </DL><p>
        </DL><p>
        """)
    let built = try site.build()
    let html = built.text("links/index.html")
    let groups = html.split(separator: "\n").filter { $0.hasPrefix("<tbody") || $0.hasPrefix("<tr data-url") }
    #expect(
      groups == [
        "<tbody>",
        #"<tr data-url="https://top.example/"><td><a href="https://top.example/">Top &amp; level</a></td><td class="folio-url">top.example</td></tr>"#,
        #"<tbody data-group="Dev">"#,
        #"<tr data-url="https://swift.org/"><td><a href="https://swift.org/">Swift</a></td><td class="folio-url">swift.org</td></tr>"#,
        #"<tbody data-group="Dev / Linux">"#,
        #"<tr data-url="https://kernel.org/"><td><a href="https://kernel.org/">Kernel</a></td><td class="folio-url">kernel.org</td></tr>"#,
        #"<tbody data-group="Dev">"#,
        #"<tr data-url="https://example.org/after"><td><a href="https://example.org/after">After Linux</a></td><td class="folio-url">example.org/after</td></tr>"#,
      ])
    #expect(
      built.warnings == [
        "\(site.location("1️⃣")): warning: bookmark 'Bookmarklet' was left out: 'javascript:' URLs can run code"
      ])
  }

  @Test func firefoxDescriptionsBecomeADescriptionColumn() throws {
    let site = try SiteFixture(
      contentOnlyTemplate + """
        -- Content/links.md --
        <!-- bookmarks src="bookmarks.html" -->
        -- Content/bookmarks.html --
        <DL><p>
            <DT><A HREF="https://swift.org/">Swift</A>
            <DD>The language&#39;s home &#x2014; docs &amp; downloads
            <DT><A HREF="https://kernel.org/">Kernel</A>
        </DL><p>
        """)
    let html = try site.build().text("links/index.html")
    #expect(html.contains(#"<th scope="col">URL</th><th scope="col">Description</th>"#))
    #expect(html.contains("<td>The language's home — docs &amp; downloads</td>"), "\(html)")
    // A bookmark without a description gets an empty cell, so every row has every column.
    #expect(html.contains(#"<td class="folio-url">kernel.org</td><td></td></tr>"#), "\(html)")
  }

  @Test func csvColumnsAreTitledAsYAMLKeysAre() throws {
    let site = try SiteFixture(
      contentOnlyTemplate + """
        -- Content/links.md --
        <!-- bookmarks src="links.csv" -->
        -- Content/links.csv --
        title,url,notes
        Swift,https://swift.org/,The language
        """)
    let html = try site.build().text("links/index.html")
    #expect(html.contains(#"<th scope="col">Notes</th>"#), "\(html)")
  }

  @Test func aLatin1ExportIsReadAsLatin1() throws {
    let site = try SiteFixture(
      contentOnlyTemplate + """
        -- Content/links.md --
        <!-- bookmarks src="old.htm" -->
        """)
    // "Café" in ISO-8859-1: é is the single byte 0xE9, which is not valid UTF-8.
    let export =
      Array(#"<DL><p><DT><A HREF="https://cafe.example/">Caf"#.utf8) + [0xE9] + Array("</A></DL>\n".utf8)
    try site.write(export, to: "Content/old.htm")
    let html = try site.build().text("links/index.html")
    #expect(html.contains(#"<a href="https://cafe.example/">Café</a>"#))
  }

  @Test func aDataFileOutsideContentIsRefused() throws {
    let site = try SiteFixture(
      """
      -- Content/links.md --
      1️⃣<!-- bookmarks src="../folio.yaml" -->
      -- folio.yaml --
      title: T
      """)
    #expect(
      site.buildError().hasPrefix(
        "\(site.location("1️⃣")): error: bookmarks src '../folio.yaml' points outside Content/"))
  }
}

extension BookmarkImporterTests {
  @Test func aBookmarkWithoutURLIsLeftOutWithAWarning() throws {
    let site = try SiteFixture(
      contentOnlyTemplate + """
        -- Content/links.md --
        <!-- bookmarks -->
        | Title | URL |
        |---|---|
        | 1️⃣Nowhere | |
        """)
    let built = try site.build()
    #expect(
      built.warnings == ["\(site.location("1️⃣")): warning: bookmark 'Nowhere' was left out: it has no URL"])
    #expect(!built.text("links/index.html").contains("Nowhere"))
  }
}
