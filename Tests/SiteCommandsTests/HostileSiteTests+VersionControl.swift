import Foundation
import TestSupport
import Testing

/// The second security review (issue 28): where the output goes, and version control. A pull
/// request must not steer the output out of the project with a committed link, publish a
/// working `.git`, or read one.
extension HostileSiteTests {
  /// A sandbox whose project holds a `.git` with a `config` like a CI checkout's.
  static func sandboxWithRepository(_ files: String) throws -> SiteFixture {
    try sandbox(
      files + """

        -- .git/HEAD --
        ref: refs/heads/main
        -- .git/config --
        [http "https://github.com/"]
        \textraheader = AUTHORIZATION: basic c2VjcmV0
        """)
  }

  /// Runs `folio build` on the sandbox's project with `arguments`, and expects exit 1, exactly
  /// `errors` on standard error and nothing outside the project changed.
  static func expectBuildRefused(
    _ site: SiteFixture, _ arguments: [String] = [], _ errors: String,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    let before = snapshot(site)
    let build = runFolioSite(["build", "--source", site.url("project").path] + arguments)
    #expect(build.status == 1, sourceLocation: sourceLocation)
    #expect(build.error == errors, sourceLocation: sourceLocation)
    #expect(snapshot(site) == before, sourceLocation: sourceLocation)
  }

  // MARK: The output location

  @Test func aCommittedPublicLinkDoesNotSteerTheOutputOutOfTheProject() throws {
    let site = try HostileSiteTests.sandbox("-- Content/a.md --\nA\n")
    try HostileSiteTests.link(site, "project/public", to: "../outside")
    let output = site.url("project/public").path
    for arguments in [[], ["--force"]] {
      HostileSiteTests.expectBuildRefused(
        site, arguments,
        """
        error: refusing to write the site through '\(output)': it is a symbolic link to '../outside', and the default output must be a folder in the project
            hint: remove the link, or pass --output DIR to choose where the site goes (an --output that is a link is written through)

        """)
    }
    #expect(site.text("outside/secret.txt") == "secret\n")
  }

  @Test func aCommittedLinkNamedAsALeftoverIsNeitherRenamedNorFollowed() throws {
    let site = try HostileSiteTests.sandbox("-- Content/a.md --\nA\n")
    let leftover = "project/.public.folio-old-4194998"
    try HostileSiteTests.link(site, leftover, to: "../outside")
    // Twice, and with --force: a first build used to rename the link to public/, a second to
    // replace what it leads to.
    for arguments in [[], [], ["--force"]] {
      HostileSiteTests.expectBuildRefused(
        site, arguments,
        """
        error: refusing to build: '\(site.url(leftover).path)' has the name of Folio's staging folders, but it is a symbolic link to '../outside', not a folder Folio made
            hint: remove it (Folio never renames, follows or deletes it), or pass --output DIR to build elsewhere

        """)
    }
    #expect(!site.exists("project/public"))
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: site.url(leftover).path) == "../outside")
  }

  @Test func aCommittedFolderNamedAsAStagingFolderIsNotDeleted() throws {
    let site = try HostileSiteTests.sandbox(
      """
      -- Content/a.md --
      A
      -- .public.folio-new-4194998/notes.txt --
      mine
      """)
    HostileSiteTests.expectBuildRefused(
      site, [],
      """
      error: refusing to build: '\(site.url("project/.public.folio-new-4194998").path)' has the name of Folio's staging folders, but it is a folder without Folio's marker (.folio-output), not a folder Folio made
          hint: remove it (Folio never renames, follows or deletes it), or pass --output DIR to build elsewhere

      """)
    #expect(site.text("project/.public.folio-new-4194998/notes.txt") == "mine\n")
  }

  // MARK: No version-control name in the output

  @Test func aMountAtDotGitIsRefusedAtTheMount() throws {
    let site = try HostileSiteTests.sandbox(
      """
      -- folio.yaml --
      mounts: [{source: gitstuff, target: .git}]
      -- Content/a.md --
      A
      -- gitstuff/HEAD --
      ref: refs/heads/main
      -- gitstuff/config --
      [core]
      \tfsmonitor = "touch PWNED; false"
      """)
    try HostileSiteTests.expectRefused(
      site,
      """
      folio.yaml:1:10: error: mount target '.git' puts a version-control folder ('.git') in the output, which a git command run there would use
          hint: choose another name; no output path may hold a version-control folder

      """)
  }

  @Test(arguments: [
    ("aliases: [\"/.git/config\"]", "2:11", "alias '/.git/config'", ".git"),
    ("slug: .git", "2:7", "slug '.git'", ".git"),
    ("slug: .GIT.", "2:7", "slug '.GIT.'", ".git"),
    ("slug: \"git~1\"", "2:7", "slug 'git~1'", ".git"),
    ("slug: docs/.hg", "2:7", "slug 'docs/.hg'", ".hg"),
    ("aliases: [/_darcs/]", "2:11", "alias '/_darcs/'", "_darcs"),
  ])
  func aPageFieldThatMakesAVersionControlFolderIsRefusedAtTheField(
    field: String, position: String, value: String, name: String
  ) throws {
    let site = try HostileSiteTests.sandbox("-- Content/a.md --\n---\n\(field)\n---\nA\n")
    let explanation =
      name == ".git"
      ? "puts a version-control folder ('.git') in the output, which a git command run there would use"
      : "puts a version-control folder ('\(name)') in the output"
    try HostileSiteTests.expectRefused(
      site,
      """
      Content/a.md:\(position): error: \(value) \(explanation)
          hint: choose another name; no output path may hold a version-control folder

      """)
  }

  @Test func aLanguagePathAtDotGitIsRefusedAtThePath() throws {
    let site = try HostileSiteTests.sandbox(
      """
      -- folio.yaml --
      languages:
        en: {}
        ja: {path: /.git/}
      -- Content/a.md --
      A
      """)
    try HostileSiteTests.expectRefused(
      site,
      """
      folio.yaml:3:14: error: language path '.git' puts a version-control folder ('.git') in the output, which a git command run there would use
          hint: choose another name; no output path may hold a version-control folder

      """)
  }

  @Test func aTermWhoseSlugIsAVersionControlFolderIsRefusedAtThePage() throws {
    let site = try HostileSiteTests.sandbox("-- Content/a.md --\n---\ntags: [_darcs]\n---\nA\n")
    try HostileSiteTests.expectRefused(
      site,
      """
      Content/a.md:1:1: error: the tags term '_darcs' puts a version-control folder ('_darcs') in the output
          hint: choose another name; no output path may hold a version-control folder

      """)
  }

  @Test func aStaticFileInAVersionControlFolderIsRefusedAtTheFile() throws {
    let site = try HostileSiteTests.sandbox("-- Content/_darcs/prefs --\nx\n")
    try HostileSiteTests.expectRefused(
      site,
      """
      Content/_darcs/prefs:1:1: error: the file name '_darcs/prefs' puts a version-control folder ('_darcs') in the output
          hint: choose another name; no output path may hold a version-control folder

      """)
  }

  // MARK: Nothing under version control is read

  @Test func aLinkToTheRepositorysConfigIsNotPublished() throws {
    let site = try HostileSiteTests.sandboxWithRepository("-- Content/a.md --\nA\n")
    try HostileSiteTests.link(site, "project/Content/cfg.txt", to: "../.git/config")
    try HostileSiteTests.expectRefused(
      site,
      """
      Content/cfg.txt:1:1: error: 'Content/cfg.txt' is a symbolic link to '.git/config', inside the version-control folder '.git'
          hint: Folio never reads or publishes version control (it holds the checkout's credentials); remove the link

      """)
  }

  @Test func aMountOfALinkToTheRepositoryIsRefusedAtTheMount() throws {
    let site = try HostileSiteTests.sandboxWithRepository(
      """
      -- folio.yaml --
      mounts: [{source: gitdir, target: g}]
      -- Content/a.md --
      A
      """)
    try HostileSiteTests.link(site, "project/gitdir", to: ".git")
    try HostileSiteTests.expectRefused(
      site,
      """
      folio.yaml:1:10: error: 'gitdir' is a symbolic link to '.git', inside the version-control folder '.git'
          hint: Folio never reads or publishes version control (it holds the checkout's credentials); remove the link

      """)
  }

  /// A mount of the project's top (`source: .`, Jekyll's pages) reads its files alone: never
  /// `.git`, Folio's own folders or the output; and a top-level link into the repository or
  /// out of the project is refused at the link.
  @Test func aMountOfTheTopReadsNoFolderAndNoLinkIntoTheRepository() throws {
    let site = try HostileSiteTests.sandboxWithRepository(
      """
      -- folio.yaml --
      mounts: [{source: ., target: /}]
      -- about.md --
      About
      """)
    let built = runFolioSite(["build", "--source", site.url("project").path, "-q"])
    #expect(built.status == 0, "\(built.error)")
    #expect(site.exists("project/public/about/index.html"))
    for absent in [
      "project/public/.git", "project/public/HEAD", "project/public/config", "project/public/public",
    ] {
      #expect(!site.exists(absent), "\(absent)")
    }
    try site.remove("project/public")
    try HostileSiteTests.link(site, "project/cfg.txt", to: ".git/config")
    try HostileSiteTests.expectRefused(
      site,
      """
      cfg.txt:1:1: error: 'cfg.txt' is a symbolic link to '.git/config', inside the version-control folder '.git'
          hint: Folio never reads or publishes version control (it holds the checkout's credentials); remove the link

      """)
  }

  @Test func aTemplateThatLinksIntoTheRepositoryIsNotRead() throws {
    let site = try HostileSiteTests.sandboxWithRepository("-- Content/a.md --\nA\n")
    try FileManager.default.createDirectory(
      at: site.url("project/Templates"), withIntermediateDirectories: true)
    try HostileSiteTests.link(site, "project/Templates/page.mustache", to: "../.git/config")
    try HostileSiteTests.expectRefused(
      site,
      """
      Templates/page.mustache:1:1: error: 'Templates/page.mustache' is a symbolic link to '.git/config', inside the version-control folder '.git'
          hint: Folio never reads or publishes version control (it holds the checkout's credentials); remove the link

      """)
  }
}
