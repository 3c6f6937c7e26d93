import Foundation
import TestSupport
import Testing

/// What a contributor the site owner does not fully trust, or a careless user, can write into a
/// site: every case stops `folio build` and `folio check` with an error at the field's own place,
/// and nothing outside the project changes.
///
/// Each fixture is a sandbox: the project in `project/`, and beside it `outside/`, which stands
/// for the rest of the machine.
@Suite struct HostileSiteTests {
  /// A sandbox with `project/` around `files` (paths relative to the project) and an `outside/`
  /// folder with a file in it.
  static func sandbox(_ files: String) throws -> SiteFixture {
    var text = "-- outside/secret.txt --\nsecret\n"
    for (path, body) in try SiteFixture.files(in: files) {
      text += "-- project/\(path) --\n\(body)"
    }
    return try SiteFixture(text)
  }

  /// Runs `folio build` and `folio check` on the sandbox's project; both must fail with exactly
  /// `errors` on standard error (before the summary line) and leave `outside/` and the sandbox's
  /// other folders as they were.
  static func expectRefused(
    _ site: SiteFixture, _ errors: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws {
    let before = snapshot(site)
    let project = site.url("project").path
    let build = runFolioSite(["build", "--source", project])
    #expect(build.status == 1, sourceLocation: sourceLocation)
    // The errors first; warnings found on the way (no baseURL) may follow them.
    #expect(build.error.hasPrefix(errors), sourceLocation: sourceLocation)
    #expect(!build.error.dropFirst(errors.count).contains(": error: "), sourceLocation: sourceLocation)
    let check = runFolioSite(["check", "--source", project])
    #expect(check.status == 1, sourceLocation: sourceLocation)
    #expect(check.error.hasPrefix(errors), sourceLocation: sourceLocation)
    #expect(snapshot(site) == before, sourceLocation: sourceLocation)
    #expect(!site.exists("project/public"), sourceLocation: sourceLocation)
  }

  /// The sandbox's top-level entries and every file of `outside/`.
  static func snapshot(_ site: SiteFixture) -> [String: [UInt8]] {
    var files = site.tree("outside")
    let top = (try? FileManager.default.contentsOfDirectory(atPath: site.root.path)) ?? []
    for entry in top { files["/" + entry] = [] }
    return files
  }

  static func link(_ site: SiteFixture, _ path: String, to target: String) throws {
    try FileManager.default.createSymbolicLink(atPath: site.url(path).path, withDestinationPath: target)
  }

  // MARK: Writes outside the output folder

  @Test func aSlugThatClimbsOutIsRefusedAtTheSlug() throws {
    let site = try HostileSiteTests.sandbox(
      """
      -- Content/a.md --
      ---
      slug: "../../../outside/x"
      ---
      A
      """)
    try HostileSiteTests.expectRefused(
      site,
      """
      Content/a.md:2:7: error: slug '../../../outside/x' leaves the site
          hint: write the URL's name alone, such as 'my-page'

      """)
  }

  /// A title written to close the page's JSON-LD block and open a script stays a string.
  @Test func aTitleCannotEndTheJSONLDBlock() throws {
    let site = try HostileSiteTests.sandbox(
      """
      -- folio.yaml --
      baseURL: https://example.org/
      -- Content/posts/a.md --
      ---
      title: "</script><script>alert(1)</script>"
      date: 2024-01-02
      description: "<!-- </SCRIPT > \\u2028"
      ---
      A
      """)
    let run = runFolioSite(["build", "--source", site.root.path + "/project", "-q"])
    #expect(run.status == 0, "\(run.error)")
    let page = site.text("project/public/posts/a/index.html") ?? ""
    let start = try #require(page.range(of: "<script type=\"application/ld+json\">"))
    let block = page[start.upperBound...]
    let end = try #require(block.range(of: "</script>"))
    let json = String(block[..<end.lowerBound])
    #expect(!json.contains("<") && !json.contains(">") && !json.contains("\u{2028}"))
    #expect(json.contains("\\u003c/script\\u003e\\u003cscript\\u003ealert(1)"))
    #expect(!page.contains("<script>alert"))
  }

  @Test func anAliasThatClimbsOutIsRefusedAtTheAlias() throws {
    let site = try HostileSiteTests.sandbox(
      """
      -- Content/a.md --
      ---
      aliases: ["/ok/", "/../../../outside/y/", "/../../../outside/.bashrc"]
      ---
      A
      """)
    try HostileSiteTests.expectRefused(
      site,
      """
      Content/a.md:2:19: error: alias '/../../../outside/y/' leaves the site
          hint: write the URL's name alone, such as 'my-page'
      Content/a.md:2:43: error: alias '/../../../outside/.bashrc' leaves the site
          hint: write the URL's name alone, such as 'my-page'

      """)
  }

  @Test func aNULInASlugIsRefused() throws {
    let site = try HostileSiteTests.sandbox(
      """
      -- Content/a.md --
      ---
      slug: "x\\0../../../../outside/secret.txt"
      ---
      A
      """)
    let before = HostileSiteTests.snapshot(site)
    let build = runFolioSite(["build", "--source", site.url("project").path])
    #expect(build.status == 1)
    #expect(
      build.error.hasPrefix(
        "Content/a.md:2:7: error: slug 'x\\u{0}../../../../outside/secret.txt' has a control character\n"))
    #expect(HostileSiteTests.snapshot(site) == before)
    #expect(site.text("outside/secret.txt") == "secret\n")
  }

  @Test func aTaxonomyThatClimbsOutIsRefusedInFolioYAML() throws {
    let site = try HostileSiteTests.sandbox(
      """
      -- folio.yaml --
      taxonomies: [tags, "../../../outside/t"]
      -- Content/a.md --
      ---
      ../../../outside/t: [x]
      ---
      A
      """)
    try HostileSiteTests.expectRefused(
      site,
      """
      folio.yaml:1:20: error: taxonomy '../../../outside/t' leaves the site
          hint: write the URL's name alone, such as 'my-page'

      """)
  }

  @Test(arguments: [
    ("\"\\\\\\\\evil.example\"", "slug '\\\\evil.example' has a backslash, which browsers read as '/'"),
    ("\"\"", "slug '' has an empty segment"),
    ("\".\"", "slug '.' has a '.' segment, which names its own folder"),
    ("\"..\"", "slug '..' leaves the site"),
    ("\"a//b\"", "slug 'a//b' has an empty segment"),
  ])
  func slugsThatAreNotNamesAreRefused(slug: String, message: String) throws {
    let site = try HostileSiteTests.sandbox("-- Content/a.md --\n---\nslug: \(slug)\n---\nA\n")
    let build = runFolioSite(["build", "--source", site.url("project").path])
    #expect(build.status == 1)
    #expect(build.error.hasPrefix("Content/a.md:2:7: error: \(message)\n"))
    #expect(!site.exists("project/public"))
  }

  // MARK: Silent collisions

  @Test func aliasesOntoTheFeedsAndRobotsAreClashes() throws {
    let site = try HostileSiteTests.sandbox(
      """
      -- Content/a.md --
      ---
      aliases: [/robots.txt, /atom.xml]
      ---
      A
      """)
    try HostileSiteTests.expectRefused(
      site,
      """
      Content/a.md:2:11: error: the alias '/robots.txt' would replace '/robots.txt', which the robots.txt file already claims
          hint: remove the alias or point it at a URL no page uses
      Content/a.md:2:24: error: the alias '/atom.xml' would replace '/atom.xml', which the Atom feed already claims
          hint: remove the alias or point it at a URL no page uses

      """)
  }

  @Test func aStaticFileAtAPagesURLIsAClash() throws {
    let site = try HostileSiteTests.sandbox(
      """
      -- Content/a.md --
      A
      -- Content/a/index.html --
      <p>not the page</p>
      """)
    try HostileSiteTests.expectRefused(
      site,
      """
      Content/a.md:1:1: error: '/a/index.html' is claimed by Content/a.md and the file Content/a/index.html
          hint: give the page another 'slug' or rename the file

      """)
  }

  // MARK: Reads outside the site

  @Test func aLinkToAFileOutsideTheSiteIsNotPublished() throws {
    let site = try HostileSiteTests.sandbox("-- Content/a.md --\nA\n")
    try HostileSiteTests.link(site, "project/Content/passwd.txt", to: site.url("outside/secret.txt").path)
    try HostileSiteTests.expectRefused(
      site,
      """
      Content/passwd.txt:1:1: error: 'Content/passwd.txt' is a symbolic link to '\(site.url("outside/secret.txt").path)', outside the site
          hint: copy the file into the project, or link to a file inside it

      """)
  }

  @Test func linkedPagesTemplatesAssetsAndDataOutsideTheSiteAreRefused() throws {
    let site = try HostileSiteTests.sandbox(
      """
      -- Content/a.md --
      <!-- bookmarks src="data/links.yaml" -->
      -- Templates/page.mustache --
      {{page.title}}
      """)
    let secret = site.url("outside/secret.txt").path
    try HostileSiteTests.link(site, "project/Content/b.md", to: "../../outside/secret.txt")
    try HostileSiteTests.link(site, "project/Templates/partial.mustache", to: secret)
    try FileManager.default.createDirectory(
      at: site.url("project/Templates/assets"), withIntermediateDirectories: true)
    try HostileSiteTests.link(site, "project/Templates/assets/x.css", to: secret)
    try FileManager.default.createDirectory(at: site.url("outside/data"), withIntermediateDirectories: true)
    try site.write("- {title: T, url: https://example.org/}\n", to: "outside/data/links.yaml")
    try HostileSiteTests.link(site, "project/Content/data", to: "../../outside/data")
    let project = site.url("project").path
    // Each read is refused where it happens: theme assets, templates, then pages and data.
    for command in ["build", "check"] {
      let run = runFolioSite([command, "--source", project])
      #expect(run.status == 1)
      #expect(
        run.error.hasPrefix(
          "Templates/assets/x.css:1:1: error: 'Templates/assets/x.css' is a symbolic link to '\(secret)', outside the site\n"
        ))
    }
    try site.remove("project/Templates/assets/x.css")
    var run = runFolioSite(["build", "--source", project])
    #expect(
      run.error.hasPrefix(
        "Templates/partial.mustache:1:1: error: 'Templates/partial.mustache' is a symbolic link to '\(secret)', outside the site\n"
      ))
    try site.remove("project/Templates/partial.mustache")
    run = runFolioSite(["build", "--source", project])
    #expect(
      run.error.hasPrefix(
        "Content/b.md:1:1: error: 'Content/b.md' is a symbolic link to '\(secret)', outside the site"))
    try site.remove("project/Content/b.md")
    run = runFolioSite(["build", "--source", project])
    #expect(
      run.error.hasPrefix(
        "Content/data/links.yaml:1:1: error: 'Content/data/links.yaml' is a symbolic link to '\(site.url("outside/data/links.yaml").path)', outside the site"
      ))
    #expect(!site.exists("project/public"))
  }

  @Test func aDeviceOrAFIFOIsNeverRead() throws {
    let site = try HostileSiteTests.sandbox("-- Content/a.md --\nA\n")
    try HostileSiteTests.link(site, "project/Content/zero.md", to: "/dev/zero")
    var run = runFolioSite(["build", "--source", site.url("project").path])
    #expect(run.status == 1)
    #expect(
      run.error.hasPrefix(
        "Content/zero.md:1:1: error: 'Content/zero.md' is a symbolic link to '/dev/zero', outside the site"))
    try site.remove("project/Content/zero.md")
    #expect(mkfifo(site.url("project/Content/pipe.txt").path, 0o644) == 0)
    run = runFolioSite(["build", "--source", site.url("project").path])
    #expect(run.status == 1)
    #expect(
      run.error.hasPrefix(
        """
        Content/pipe.txt:1:1: error: 'Content/pipe.txt' is a FIFO, not a regular file
            hint: Folio reads only regular files; remove it or replace it with a file

        """))
  }

  @Test func aPageLargerThanTheLimitIsRefusedUnread() throws {
    let site = try HostileSiteTests.sandbox("-- Content/a.md --\nA\n")
    // Sparse: 17 MiB on disk costs nothing, and reading it would be the bug.
    let handle = try #require(FileHandle(forWritingAtPath: site.url("project/Content/a.md").path))
    try handle.truncate(atOffset: 17 << 20)
    try handle.close()
    let run = runFolioSite(["build", "--source", site.url("project").path])
    #expect(run.status == 1)
    #expect(
      run.error.hasPrefix(
        "Content/a.md:1:1: error: page file has 17825792 bytes; at most 16 MiB (16777216 bytes)\n"))
  }

  @Test func linksInsideTheSiteWork() throws {
    let site = try HostileSiteTests.sandbox(
      """
      -- Content/a.md --
      # The A page
      -- shared/note.txt --
      shared
      """)
    try HostileSiteTests.link(site, "project/Content/b.md", to: "a.md")
    try HostileSiteTests.link(site, "project/Content/note.txt", to: site.url("project/shared/note.txt").path)
    let run = runFolioSite(["build", "--source", site.url("project").path, "--quiet"])
    #expect(run.status == 0)
    #expect(run.error == "")
    #expect(site.text("project/public/note.txt") == "shared\n")
    #expect(site.text("project/public/b/index.html")?.contains("The A page") == true)
  }

  // MARK: Deletes what Folio never made

  @Test func aFolderFolioDidNotMakeIsNotEmptied() throws {
    let site = try HostileSiteTests.sandbox("-- Content/a.md --\nA\n")
    try site.write("mine", to: "outside/site/notes.txt")
    try site.write("x", to: "outside/site/b.txt")
    try site.write("y", to: "outside/site/c.txt")
    try site.write("z", to: "outside/site/d.txt")
    let before = site.tree("outside")
    let output = site.url("outside/site").path
    let run = runFolioSite(["build", "--source", site.url("project").path, "--output", output])
    #expect(run.status == 1)
    #expect(
      run.error == """
        error: refusing to replace '\(output)': Folio did not make it, and it holds 'b.txt', 'c.txt', 'd.txt' and 1 more
            hint: choose another --output, or pass --force to replace it anyway (Folio marks its own output folders with .folio-output)

        """)
    #expect(site.tree("outside") == before)
    let forced = runFolioSite(["build", "--source", site.url("project").path, "--output", output, "--force"])
    #expect(forced.status == 0)
    #expect(!site.exists("outside/site/notes.txt"))
    #expect(site.exists("outside/site/.folio-output"))
    // Now it is Folio's: the next build replaces it without --force.
    #expect(runFolioSite(["build", "--source", site.url("project").path, "--output", output]).status == 0)
  }

  @Test(arguments: [".git", "project/.git", "outside/repo", "outside/repo/.git/objects"])
  func versionControlIsNeverReplacedEvenWithForce(output: String) throws {
    let site = try HostileSiteTests.sandbox("-- Content/a.md --\nA\n-- .git/HEAD --\nref: refs/heads/main\n")
    try site.write("ref: refs/heads/main\n", to: "outside/repo/.git/HEAD")
    try site.write("x", to: "outside/repo/.git/objects/ab")
    let before = site.tree("")
    let path = site.url(output == ".git" ? "project/.git" : output).path
    let run = runFolioSite(["build", "--source", site.url("project").path, "--output", path, "--force"])
    #expect(run.status == 1)
    #expect(run.error.hasPrefix("error: refusing to use '\(path)' as the output folder: it "))
    #expect(run.error.contains("version-control folder"))
    #expect(site.tree("") == before)
  }

  @Test func anOutputChosenOnTheCommandLineThatIsALinkIsWrittenThrough() throws {
    let site = try HostileSiteTests.sandbox("-- Content/a.md --\nA\n")
    try FileManager.default.createDirectory(at: site.url("outside/www"), withIntermediateDirectories: true)
    try HostileSiteTests.link(site, "project/public", to: site.url("outside/www").path)
    for _ in 0..<2 {
      let run = runFolioSite([
        "build", "--source", site.url("project").path, "--output", site.url("project/public").path, "--quiet",
      ])
      #expect(run.status == 0)
      #expect(run.error == "")
    }
    let kind = try FileManager.default.attributesOfItem(atPath: site.url("project/public").path)[.type]
    #expect(kind as? FileAttributeType == .typeSymbolicLink)
    #expect(site.exists("outside/www/a/index.html"))
    #expect(site.exists("outside/www/.folio-output"))
  }
}
