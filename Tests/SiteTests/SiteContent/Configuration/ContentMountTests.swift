import Foundation
import SiteComponents
import SiteContent
import TestSupport
import Testing

/// `mounts:` in folio.yaml: project folders read as folders of `Content/`, where they are.
@Suite struct ContentMountTests {
  private func mounts(_ yaml: String) throws -> [ContentMount] {
    try SiteConfiguration.parse(Array(yaml.utf8), path: "folio.yaml", sections: SiteFeatures.settingsSections)
      .mounts
  }

  private func error(_ yaml: String) -> String {
    do {
      return "no error: \(try mounts(yaml))"
    } catch {
      return "\(error)"
    }
  }

  @Test func aNameMountsTheFolderUnderItsOwnNameAndAMappingElsewhere() throws {
    #expect(
      try mounts("mounts: [articles, {source: images/, target: static/images}]") == [
        ContentMount(source: "articles", target: "articles"),
        ContentMount(source: "images", target: "static/images"),
      ])
    #expect(try mounts("title: T\n").isEmpty)
  }

  @Test(arguments: [
    ("mounts: [../elsewhere]", "mount source '../elsewhere' is not a folder inside the project"),
    ("mounts: [/etc]", "mount source '/etc' is not a folder inside the project"),
    ("mounts: [.git]", "mount source '.git' is not a folder inside the project"),
    ("mounts: [Content/x]", "mount source 'Content/x' is a folder Folio reads or writes itself"),
    ("mounts: [Templates]", "mount source 'Templates' is a folder Folio reads or writes itself"),
    ("mounts: [{source: a, target: ../b}]", "mount target '../b'"),
    ("mounts: [{target: x}]", "expected a mapping with 'source'"),
    ("mounts: [{source: a, into: b}]", "unknown setting 'mounts.into'"),
  ])
  func badMountsAreErrorsAtTheirPlace(yaml: String, message: String) {
    #expect(error(yaml).hasPrefix("folio.yaml:1:"), "\(error(yaml))")
    #expect(error(yaml).contains(message), "\(error(yaml))")
  }

  @Test func mountedFoldersBuildWhereTheyAreWithoutAContentFolder() throws {
    let site = try SiteFixture(
      """
      -- folio.yaml --
      title: Z
      mounts: [articles, images]
      taxonomies: [{name: tags, from: [topics]}]
      -- articles/first.md --
      ---
      title: "最初の記事"
      emoji: "📝"
      type: "tech"
      topics: ["swift"]
      published: true
      ---
      ![図](/images/figure.png)
      -- articles/draft.md --
      ---
      title: "下書き"
      published: false
      ---
      まだ。
      -- images/figure.png --
      png
      """)
    let built = try site.build()
    #expect(built.warnings.isEmpty, "\(built.warnings)")
    #expect(built.files["images/figure.png"] == Array("png\n".utf8))
    #expect(built.text("articles/first/index.html").contains("<img src=\"/images/figure.png\" alt=\"図\" />"))
    #expect(built.files["articles/draft/index.html"] == nil)
    #expect(built.files["tags/swift/index.html"] != nil)
  }

  @Test func aMountedFolderThatIsMissingOrAlsoInContentIsAnError() throws {
    let missing = try SiteFixture("-- folio.yaml --\nmounts: [articles]\n-- Content/_index.md --\nhome\n")
    #expect(
      missing.buildErrors().map(\.message) == [
        "the mounted folder 'articles/' is not a folder inside the project"
      ])
    let twice = try SiteFixture(
      "-- folio.yaml --\nmounts: [articles]\n-- Content/articles/a.md --\na\n-- articles/b.md --\nb\n")
    #expect(
      twice.buildErrors().map(\.message) == [
        "Content/articles/ exists, and the mount of 'articles/' reads into the same place"
      ])
  }

  /// Hugo's layout: `content/` is the whole content and `static/` is published at the top, both
  /// mounted at `/`, as Hugo's union mounts read them; a file in both is an error naming both.
  @Test func mountsAtTheTopReadAFolderAsTheWholeContentBesideAnother() throws {
    let site = try SiteFixture(
      """
      -- folio.yaml --
      title: H
      mounts: [{source: content, target: /}, {source: static, target: /}]
      -- content/_index.md --
      # Home
      -- content/posts/a.md --
      ---
      title: A
      ---
      ![logo](/images/logo.png)
      -- static/images/logo.png --
      png
      """)
    let built = try site.build()
    #expect(built.warnings.isEmpty, "\(built.warnings)")
    #expect(built.text("index.html").contains("Home"))
    #expect(built.text("posts/a/index.html").contains("<img src=\"/images/logo.png\""))
    #expect(built.files["images/logo.png"] == Array("png\n".utf8))

    let clash = try SiteFixture(
      """
      -- folio.yaml --
      mounts: [{source: content, target: /}, {source: static, target: /}]
      -- content/robots.txt --
      one
      -- static/robots.txt --
      two
      """)
    #expect(
      clash.buildErrors().map(\.description) == [
        "static/robots.txt:1:1: error: 'static/robots.txt' and 'content/robots.txt' are both read as"
          + " Content/robots.txt, so one would hide the other\n    hint: rename or remove one of them"
          + " (mounts that read into one folder share its names)"
      ])

    let shadowed = try SiteFixture(
      "-- folio.yaml --\nmounts: [{source: content, target: /}]\n-- Content/a.md --\na\n-- content/b.md --\nb\n"
    )
    #expect(
      shadowed.buildErrors().map(\.message) == [
        "Content/ has files, and the mount of 'content/' reads into the whole content"
      ])
  }

  /// Jekyll's pages sit beside `_config.yml`: a mount of `.` reads the project's top-level
  /// files alone, never a folder (so never Folio's own, nor the output), and not what Jekyll
  /// leaves unpublished.
  @Test func aMountOfTheTopReadsItsFilesAlone() throws {
    let site = try SiteFixture(
      """
      -- folio.yaml --
      mounts: [{source: _posts, target: posts}, {source: ., target: /}]
      -- about.md --
      # About
      -- favicon.ico --
      ico
      -- _config.yml --
      title: J
      -- Gemfile --
      gem
      -- notes/secret.md --
      # Not mounted
      -- _posts/hello.md --
      # Hello
      """)
    let built = try site.build()
    #expect(built.files["about/index.html"] != nil)
    #expect(built.files["favicon.ico"] == Array("ico\n".utf8))
    #expect(built.files["posts/hello/index.html"] != nil)
    for absent in ["_config.yml", "Gemfile", "folio.yaml", "notes/secret/index.html", "folio/index.html"] {
      #expect(built.files[absent] == nil, "\(absent)")
    }
  }

  /// Jekyll's `index.html`, `atom.xml` and `404.html` beside `_config.yml` are Liquid templates
  /// (they open with front matter): left out with a warning each, never published as they are
  /// nor in place of Folio's home page, feed or 404 page.
  @Test func anotherToolsTemplatesInAMountAreLeftOutWithAWarning() throws {
    let site = try SiteFixture(
      """
      -- folio.yaml --
      mounts: [{source: ., target: /}, {source: assets, target: assets}]
      -- index.html --
      ---
      layout: default
      ---
      {% for post in site.posts %}{{ post.title }}{% endfor %}
      -- atom.xml --
      ---
      ---
      <feed>{{ site.title }}</feed>
      -- assets/main.scss --
      ---
      ---
      @import "main";
      -- assets/plain.css --
      body { color: red }
      -- about.md --
      # About
      """)
    let built = try site.build()
    #expect(
      built.warnings.map { $0.components(separatedBy: ": warning:").first ?? "" }.sorted() == [
        "assets/main.scss:1:1", "atom.xml:1:1", "index.html:1:1",
      ])
    #expect(built.text("index.html").contains("About") || !built.text("index.html").contains("{% for"))
    #expect(!built.text("atom.xml").contains("{{ site.title }}"))
    #expect(built.files["assets/main.scss"] == nil)
    #expect(built.files["assets/plain.css"] != nil)
  }

  /// `exclude` leaves files of a mount out, by patterns relative to its source: an MkDocs theme
  /// folder inside `docs/`, the files Jekyll's `exclude` lists.
  @Test func aMountLeavesOutWhatItExcludes() throws {
    let site = try SiteFixture(
      """
      -- folio.yaml --
      mounts: [{source: docs, target: /, exclude: ['theme/**', '*.log']}]
      -- docs/index.md --
      # Docs
      -- docs/theme/main.html --
      {% extends "base.html" %}
      -- docs/build.log --
      log
      -- docs/guide.md --
      # Guide
      """)
    let built = try site.build()
    #expect(built.files["guide/index.html"] != nil)
    #expect(built.files["theme/main.html"] == nil)
    #expect(built.files["build.log"] == nil)
  }

  /// A finding in a mounted file names the file where it is, so that an editor opens it and a
  /// GitHub annotation lands on the pull request's diff; a mount's own error names its line.
  @Test func findingsNameMountedFilesWhereTheyAreInTheProject() throws {
    let warned = try SiteFixture(
      "-- folio.yaml --\ntitle: Z\nmounts: [articles]\n-- articles/a.md --\n# A\n\n:::details 詳細\n本文\n")
    #expect(
      try warned.build().warnings.map { $0.components(separatedBy: ": warning:").first } == [
        "articles/a.md:3:1"
      ])

    let failed = try SiteFixture(
      "-- folio.yaml --\ntitle: Z\nmounts: [articles]\n-- articles/a.md --\n# A\n\nSee [b](b.md).\n")
    #expect(failed.buildErrors().map { $0.location?.description } == ["articles/a.md:3:5"])

    let missing = try SiteFixture("-- folio.yaml --\ntitle: Z\nmounts:\n  - articles\n")
    #expect(missing.buildErrors().map { $0.location?.description } == ["folio.yaml:3:5"])
  }

  /// A mount is read through the same door as `Content/`: a mounted folder (or a file in it)
  /// that is a symbolic link out of the project is never read.
  @Test func aMountThatLinksOutOfTheProjectIsNotRead() throws {
    let outside = try SiteFixture("-- secret.md --\nSECRET-OUTSIDE\n")
    let folder = try SiteFixture("-- folio.yaml --\nmounts: [articles]\n-- Content/_index.md --\nhome\n")
    try FileManager.default.createSymbolicLink(at: folder.url("articles"), withDestinationURL: outside.root)
    #expect(
      folder.buildErrors().map(\.message) == [
        "the mounted folder 'articles/' is not a folder inside the project"
      ])

    let file = try SiteFixture("-- folio.yaml --\nmounts: [articles]\n-- articles/a.md --\na\n")
    let secret = outside.url("secret.md")
    try FileManager.default.createSymbolicLink(at: file.url("articles/leak.md"), withDestinationURL: secret)
    #expect(
      file.buildErrors().map(\.message) == [
        "'articles/leak.md' is a symbolic link to '\(secret.path)', outside the site"
      ])
  }
}
