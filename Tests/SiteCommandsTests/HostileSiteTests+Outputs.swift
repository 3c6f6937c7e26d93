import Foundation
import TestSupport
import Testing

/// The second security review (issue 28): one URL per name, Folio's own files, and settings a
/// pull request could use to break every page.
extension HostileSiteTests {
  // MARK: One URL per name

  @Test func twoPagesWhoseNamesAreOneInNFCAreAnErrorNamingBoth() throws {
    let (nfc, nfd) = ("r\u{E9}sum\u{E9}", "re\u{301}sume\u{301}")
    #expect(nfc == nfd && Array(nfc.utf8) != Array(nfd.utf8))
    let site = try HostileSiteTests.sandbox(
      "-- Content/\(nfc).md --\nMine\n-- Content/\(nfd).md --\nTheirs\n")
    // Byte order: the NFD name (`e` then U+0301) sorts before the NFC one (U+00E9).
    try HostileSiteTests.expectRefused(
      site,
      """
      Content/\(nfc).md:1:1: error: 'Content/\(nfc).md' and 'Content/\(nfd).md' are one name in two Unicode forms (NFC and NFD), so they would make one URL
          hint: rename one of them (the two look alike but are different bytes; 'git ls-files' lists both)

      """)
  }

  @Test func twoStaticFilesWhoseNamesAreOneInNFCAreAnError() throws {
    let (nfc, nfd) = ("caf\u{E9}.png", "cafe\u{301}.png")
    let site = try HostileSiteTests.sandbox(
      "-- Content/a.md --\nA\n-- Content/\(nfc) --\n1\n-- Content/\(nfd) --\n2\n")
    let build = runFolioSite(["build", "--source", site.url("project").path])
    #expect(build.status == 1)
    #expect(
      build.error.hasPrefix("Content/\(nfc):1:1: error: 'Content/\(nfc)' and 'Content/\(nfd)' are one name"))
    #expect(!site.exists("project/public"))
  }

  @Test func namesThatDifferOnlyInCaseAreAWarningThatStrictMakesAnError() throws {
    let site = try HostileSiteTests.sandbox("-- Content/About.md --\nA\n-- Content/about.md --\nB\n")
    let warning = """
      Content/about.md:1:1: warning: 'Content/about.md' and 'Content/About.md' differ only in case: they are one file on macOS and Windows
          hint: rename one of them so the names differ in more than case

      """
    let check = runFolioSite(["check", "--source", site.url("project").path])
    #expect(check.status == 0)
    #expect(check.error.hasPrefix(warning))
    let strict = runFolioSite(["check", "--strict", "--source", site.url("project").path])
    #expect(strict.status == 1)
  }

  // MARK: Folio's own files win or fail loudly

  @Test(arguments: [
    ("atom.xml", "the Atom feed", "feeds: {atom: false}"),
    ("rss.xml", "the RSS feed", "feeds: {rss: false}"),
    ("sitemap.xml", "the sitemap", "sitemap: false"),
    ("robots.txt", "the robots.txt file", "robots: false"),
  ])
  func aStaticFileOverAFeedIsAnErrorUnlessTheFeedIsOff(file: String, owner: String, setting: String) throws {
    let site = try HostileSiteTests.sandbox("-- Content/a.md --\nA\n-- Content/\(file) --\nmine\n")
    try HostileSiteTests.expectRefused(
      site,
      """
      Content/\(file):1:1: error: 'Content/\(file)' would replace \(owner), which Folio writes at '/\(file)'
          hint: rename or remove the file, or turn Folio's off with '\(setting)' in folio.yaml

      """)
    try site.write(setting + "\n", to: "project/folio.yaml")
    let build = runFolioSite(["build", "--source", site.url("project").path, "--quiet"])
    #expect(build.status == 0)
    #expect(site.text("project/public/\(file)") == "mine\n")
  }

  @Test func aStaticFileOverTheHighlightStylesheetIsAnError() throws {
    let site = try HostileSiteTests.sandbox(
      "-- Content/a.md --\nA\n-- Content/assets/folio-highlight.css --\nx\n")
    try HostileSiteTests.expectRefused(
      site,
      """
      Content/assets/folio-highlight.css:1:1: error: 'Content/assets/folio-highlight.css' would replace the code highlighting stylesheet, which Folio writes at '/assets/folio-highlight.css'
          hint: rename or remove the file, or turn Folio's off with 'highlight: false' in folio.yaml

      """)
  }

  @Test func aStaticFileOverTheListStylesheetIsAnError() throws {
    let site = try HostileSiteTests.sandbox(
      "-- Content/a.md --\nA\n-- Content/assets/folio-lists.css --\nx\n")
    try HostileSiteTests.expectRefused(
      site,
      """
      Content/assets/folio-lists.css:1:1: error: 'Content/assets/folio-lists.css' would replace the list spacing stylesheet, which Folio writes at '/assets/folio-lists.css'
          hint: rename or remove the file

      """)
  }

  // MARK: Checked settings

  @Test(arguments: [
    ("javascript:alert(1)//x/", "is not an absolute http or https URL"),
    ("https://token:x@example.org/", "holds a user name or password, which every page would publish"),
    ("https://example.org/\"><script>/", "has '\"' in its path, which URLs must percent-encode"),
  ])
  func aBaseURLThatIsNotAPlainAddressIsRefused(url: String, reason: String) throws {
    let site = try HostileSiteTests.sandbox("-- Content/a.md --\nA\n")
    HostileSiteTests.expectBuildRefused(
      site, ["--base-url", url],
      """
      error: --base-url '\(url)' \(reason)
          hint: write the address the site is published at, like https://example.org/ or https://user.github.io/project/

      """)
    try site.write("baseURL: '\(url)'\n", to: "project/folio.yaml")
    try HostileSiteTests.expectRefused(
      site,
      """
      folio.yaml:1:10: error: baseURL '\(url)' \(reason)
          hint: write the address the site is published at, like https://example.org/ or https://user.github.io/project/

      """)
  }

  @Test func aPageAtTheSearchPagesURLMustSaySo() throws {
    let site = try HostileSiteTests.sandbox(
      """
      -- folio.yaml --
      search: true
      -- Content/a.md --
      ---
      slug: search
      ---
      Not the search page
      """)
    try HostileSiteTests.expectRefused(
      site,
      """
      Content/a.md:2:7: error: this page is at '/search/', where Folio writes the search page
          hint: give it another 'slug', or 'layout: search' to make it the search page (it then shows the search box)

      """)
    try site.write("---\nslug: search\nlayout: search\n---\nSearch\n", to: "project/Content/a.md")
    #expect(runFolioSite(["build", "--source", site.url("project").path, "--quiet"]).status == 0)
  }

  @Test(arguments: [
    ("/search/", "the search page"), ("/tags/", "the 'tags' taxonomy"), ("/assets/", "the theme's assets"),
  ])
  func aLanguagePathAtAFolderFolioWritesIsRefused(path: String, owner: String) throws {
    let site = try HostileSiteTests.sandbox(
      """
      -- folio.yaml --
      search: true
      languages:
        en: {}
        ja: {path: \(path)}
      -- Content/a.md --
      A
      """)
    try HostileSiteTests.expectRefused(
      site,
      """
      folio.yaml:4:14: error: the language path '\(path)' is where Folio writes \(owner)
          hint: choose another folder, such as the language's code

      """)
  }

  @Test(arguments: [
    ("slug: \"%2e%2e\"", "2:7", "slug '%2e%2e' has '%2e', a percent-encoded '.' that browsers decode"),
    ("slug: \"a?b\"", "2:7", "slug 'a?b' has '?', which ends a URL's path"),
    ("aliases: [\"/old#x/\"]", "2:11", "alias '/old#x/' has '#', which ends a URL's path"),
  ])
  func aURLNameThatBreaksItsLinksIsRefused(field: String, position: String, message: String) throws {
    let site = try HostileSiteTests.sandbox("-- Content/a.md --\n---\n\(field)\n---\nA\n")
    try HostileSiteTests.expectRefused(
      site,
      """
      Content/a.md:\(position): error: \(message)
          hint: use letters, digits, '-' and '_'

      """)
  }
}
