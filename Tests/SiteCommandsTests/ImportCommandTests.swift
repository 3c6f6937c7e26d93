import Foundation
import TestSupport
import Testing

/// `folio import`: one command from another tool's repository to a Folio build, writing only
/// `folio.yaml` (and a `.gitignore`), never over an existing one.
@Suite struct ImportCommandTests {
  private let hugoBlog = """
    -- config.toml --
    baseURL = "https://blog.example.org/"
    title = "Ramblings"
    googleAnalytics = "UA-1"
    [params]
    description = "A blog"
    tagline = "from Hugo"
    -- content/post/First-Post.md --
    +++
    title = "First post"
    date = "2021-01-22T12:17:58-07:00"
    description = "The first one"
    tags = ["Swift"]
    +++
    Hello {{< param tagline >}}.
    """

  @Test func aHugoBlogBuildsAfterOneCommandAtItsOldURLs() throws {
    let site = try SiteFixture(hugoBlog)
    let imported = runFolioSite(["import", site.root.path])
    #expect(imported.status == 0, "\(imported.error)")
    #expect(imported.error.contains("config.toml:3:19: warning: 'googleAnalytics' is not carried over"))
    #expect(site.exists("folio.yaml") && site.text(".gitignore") == "/public/\n/.folio/\n")
    #expect(site.text("content/post/First-Post.md")?.hasPrefix("+++\n") == true)

    let built = runFolioSite(["build", "--source", site.root.path, "-q"])
    #expect(built.status == 0, "\(built.error)")
    let page = site.text("public/post/first-post/index.html") ?? ""
    #expect(page.contains("<title>First post"))
    #expect(page.contains("<meta name=\"description\" content=\"The first one\">"))
    #expect(page.contains("Hello from Hugo."))
    #expect(!page.contains("+++") && !page.contains("{{<"))
    #expect(site.text("public/tags/swift/index.html")?.contains("First post") == true)
  }

  @Test func aDryRunWritesNothingAndAnExistingSettingsFileIsKept() throws {
    let site = try SiteFixture(hugoBlog)
    let dry = runFolioSite(["import", "--dry-run", site.root.path])
    #expect(dry.status == 0)
    #expect(dry.output.contains("mounts: [{source: content, target: /}]"))
    #expect(!site.exists("folio.yaml") && !site.exists(".gitignore"))

    try site.write("title: Mine\n", to: "folio.yaml")
    let again = runFolioSite(["import", site.root.path])
    #expect(again.status == 1)
    #expect(again.error.contains("already has a folio.yaml; Folio does not replace it"))
    #expect(site.text("folio.yaml") == "title: Mine\n")
  }

  /// Old URLs no setting reproduces get redirects in folio.yaml, and the report counts them:
  /// MkDocs' README.md as its folder's page, and a Jekyll post whose file name holds a `?`
  /// (published at `%3F`, from a folder whose name holds the `?`).
  @Test func oldURLsThatDifferAreKeptByRedirectsOrNamed() throws {
    let mkdocs = try SiteFixture(
      """
      -- mkdocs.yml --
      site_name: Docs
      -- docs/index.md --
      # Docs
      -- docs/theme/README.md --
      # Theme
      """)
    let imported = runFolioSite(["import", mkdocs.root.path])
    #expect(imported.status == 0, "\(imported.error)")
    #expect(
      imported.error.contains(
        "Compared 2 pages' URLs with MkDocs's: 1 differ, 1 kept by redirects in folio.yaml."))
    #expect(mkdocs.text("folio.yaml")?.hasSuffix("redirects:\n  /theme/: docs/theme/README.md\n") == true)
    let built = runFolioSite(["build", "--source", mkdocs.root.path, "-q"])
    #expect(built.status == 0, "\(built.error)")
    #expect(mkdocs.text("public/theme/index.html")?.contains("url=/theme/README/") == true)

    let jekyll = try SiteFixture(
      """
      -- _config.yml --
      title: Notes
      permalink: pretty
      -- _posts/2021-07-01-Very-fast-hash?.md --
      ---
      title: Hash
      ---
      Fast.
      -- _posts/2021-07-02-Plain.md --
      Plain.
      -- _posts/2021-07-03-Unpublished?.md --
      ---
      published: false
      ---
      Not yet.
      """)
    let run = runFolioSite(["import", jekyll.root.path])
    #expect(run.status == 0, "\(run.error)")
    #expect(
      run.error.contains("Compared 2 pages' URLs with Jekyll's: 1 differ, 1 kept by redirects in folio.yaml.")
    )
    #expect(
      jekyll.text("folio.yaml")?.hasSuffix(
        "redirects:\n  /2021/07/01/Very-fast-hash%3F/: _posts/2021-07-01-Very-fast-hash?.md\n") == true)
    let jekyllBuilt = runFolioSite(["build", "--source", jekyll.root.path, "-q"])
    #expect(jekyllBuilt.status == 0, "\(jekyllBuilt.error)")
    // The folder a server answers /2021/07/01/Very-fast-hash%3F/ from.
    #expect(
      jekyll.text("public/2021/07/01/Very-fast-hash?/index.html")?.contains("url=/2021/07/01/Very-fast-hash/")
        == true)
  }

  @Test func aFolderOfNoKnownToolSaysWhatItLookedFor() throws {
    let site = try SiteFixture("-- notes.md --\nhi\n")
    let run = runFolioSite(["import", site.root.path])
    #expect(run.status == 1)
    #expect(run.error.contains("found no Hugo, Jekyll or MkDocs configuration"))
    #expect(run.error.contains("hint: folio import reads hugo.toml"))
  }
}
