import Diagnostics
import Foundation
import Site
import SiteContent
import TestSupport
import Testing

/// Static files a browser runs script in are a warning each at their path, unless folio.yaml
/// lists them under `static.activeContent`.
@Suite struct ActiveContentTests {
  private let script = "<script>alert(document.domain)</script>"

  @Test func eachFileThatCanRunScriptIsAWarningAtItsPath() throws {
    let site = try SiteFixture(
      """
      -- Content/a.md --
      A
      -- Content/evil.svg --
      <svg xmlns="http://www.w3.org/2000/svg">\(script)</svg>
      -- Content/evil.html --
      \(script)
      -- Content/pages/Old.HTM --
      x
      -- Content/app.xhtml --
      x
      -- Content/js/app.js --
      x
      -- Content/js/mod.MJS --
      x
      -- Content/feed.xml --
      <?xml version="1.0"?>
      <?xml-stylesheet type="text/xsl" href="feed.xsl"?>
      <rss/>
      -- Content/plain.xml --
      <?xml version="1.0"?><data/>
      -- Content/photo.png --
      x
      -- Content/notes.txt --
      \(script)
      """)
    let built = try site.build()
    #expect(built.files["evil.svg"] != nil, "still published: a warning, not an error")
    let hint = "    hint: if the site means to publish it, list it under static.activeContent in folio.yaml"
    #expect(
      built.warnings == [
        "Content/app.xhtml:1:1: warning: an HTML page, published as it is, can run script in visitors' browsers\n\(hint) ('app.xhtml', or a pattern such as '*.xhtml')",
        "Content/evil.html:1:1: warning: an HTML page, published as it is, can run script in visitors' browsers\n\(hint) ('evil.html', or a pattern such as '*.html')",
        "Content/evil.svg:1:1: warning: an SVG image, published as it is, can run script in visitors' browsers\n\(hint) ('evil.svg', or a pattern such as '*.svg')",
        "Content/feed.xml:1:1: warning: an XML file with a stylesheet, published as it is, can run script in visitors' browsers\n\(hint) ('feed.xml', or a pattern such as '*.xml')",
        "Content/js/app.js:1:1: warning: a script, published as it is, can run script in visitors' browsers\n\(hint) ('js/app.js', or a pattern such as 'js/**')",
        "Content/js/mod.MJS:1:1: warning: a script, published as it is, can run script in visitors' browsers\n\(hint) ('js/mod.MJS', or a pattern such as 'js/**')",
        "Content/pages/Old.HTM:1:1: warning: an HTML page, published as it is, can run script in visitors' browsers\n\(hint) ('pages/Old.HTM', or a pattern such as 'pages/**')",
      ])
  }

  @Test func filesListedUnderActiveContentAreNotWarnedAbout() throws {
    let site = try SiteFixture(
      """
      -- folio.yaml --
      static:
        activeContent: ['demos/**', logo.svg]
      -- Content/a.md --
      A
      -- Content/logo.svg --
      <svg/>
      -- Content/demos/one/index.html --
      \(script)
      -- Content/demos/app.js --
      x
      -- Content/other.svg --
      <svg/>
      """)
    let built = try site.build()
    #expect(built.warnings.count == 1)
    #expect(built.warnings.first?.hasPrefix("Content/other.svg:1:1: warning: an SVG image") == true)
  }

  @Test func aBookmarkExportThatFeedsATableIsNotPublishedSoNotWarnedAbout() throws {
    let site = try SiteFixture(
      """
      -- Content/a.md --
      <!-- bookmarks src="bookmarks.html" -->
      -- Content/bookmarks.html --
      <!DOCTYPE NETSCAPE-Bookmark-file-1>
      <DL><p><DT><A HREF="https://example.org/">Example</A></DL>
      """)
    let built = try site.build()
    #expect(built.files["bookmarks.html"] == nil)
    #expect(built.warnings.isEmpty, "\(built.warnings)")
  }

  @Test func aFileInAMountedFolderIsReportedWhereItIsInTheProject() throws {
    let site = try SiteFixture(
      """
      -- folio.yaml --
      mounts: [{source: images, target: pictures}]
      -- Content/a.md --
      A
      -- images/chart.svg --
      <svg/>
      """)
    let built = try site.build()
    #expect(built.files["pictures/chart.svg"] != nil)
    #expect(
      built.warnings.map { $0.prefix { $0 != "\n" } } == [
        "images/chart.svg:1:1: warning: an SVG image, published as it is, can run script in visitors' browsers"
      ])
    try site.write(
      "mounts: [{source: images, target: pictures}]\nstatic: {activeContent: [pictures/]}\n", to: "folio.yaml"
    )
    #expect(try site.build().warnings.isEmpty, "patterns are relative to Content/, as the site reads it")
  }

  @Test func theKindOfAFileIsDecidedByItsExtensionWhateverItsCase() {
    let none: [UInt8] = []
    #expect(ActiveContent.kind(ofFileAt: "a.SVG", bytes: none) == "an SVG image")
    #expect(ActiveContent.kind(ofFileAt: "a/b.Html", bytes: none) == "an HTML page")
    #expect(ActiveContent.kind(ofFileAt: "a.svg.png", bytes: none) == nil)
    #expect(ActiveContent.kind(ofFileAt: "svg", bytes: none) == nil)
    #expect(ActiveContent.kind(ofFileAt: "a.svg/readme", bytes: none) == nil)
    #expect(ActiveContent.kind(ofFileAt: "a.xml", bytes: Array("<?xml version=\"1.0\"?><a/>".utf8)) == nil)
  }
}
