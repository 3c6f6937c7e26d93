import Foundation
import Site
import TestSupport
import Testing

/// A page's local images carry the `width` and `height` of their files, so the browser keeps
/// their place before they load (no layout shift), and a page shows an image's new size after
/// the file changes, in a rebuild and through the build cache.
@Suite struct ImageSizeAttributeTests {
  static let site = """
    -- folio.yaml --
    title: Images
    baseURL: https://example.org/
    checkLinks: warn
    -- Templates/page.mustache --
    {{{page.content}}}
    -- Content/posts/a/index.md --
    ![wide](wide.png) ![icon](/images/icon.svg) ![half](wide.png =320x)
    ![sized](wide.png =10x10) ![gone](gone.png) ![remote](https://example.org/x.png)

    """

  private func fixture() throws -> SiteFixture {
    let fixture = try SiteFixture(Self.site)
    try fixture.write(ImageBytes.png(640, 480), to: "Content/posts/a/wide.png")
    try fixture.write(
      #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 12"/>"#, to: "Content/images/icon.svg")
    return fixture
  }

  @Test func localImagesGetTheirFilesWidthAndHeight() throws {
    let built = try fixture().build()
    let html = built.text("posts/a/index.html")
    // Every image but the first loads lazily.
    let lazy = #"loading="lazy" decoding="async" />"#
    #expect(html.contains(#"<img src="wide.png" alt="wide" width="640" height="480" />"#))
    #expect(html.contains(#"<img src="/images/icon.svg" alt="icon" width="24" height="12" "# + lazy))
    // One side written (Zenn's `=320x`): the other keeps the file's proportions.
    #expect(html.contains(#"<img src="wide.png" alt="half" width="320" height="240" "# + lazy))
    #expect(html.contains(#"<img src="wide.png" alt="sized" width="10" height="10" "# + lazy))
    // A missing file (the link check reports it) and a remote image stay as written.
    #expect(html.contains(#"<img src="gone.png" alt="gone" "# + lazy))
    #expect(html.contains(#"<img src="https://example.org/x.png" alt="remote" "# + lazy))
  }

  @Test func aRebuildAfterAnImageChangesSizeUpdatesThePage() throws {
    let fixture = try fixture()
    let session = SiteSession(options: .init(projectRoot: fixture.root))
    _ = try session.build()
    try fixture.write(ImageBytes.png(800, 200), to: "Content/posts/a/wide.png")
    let update = try session.rebuild(.plan(for: ["Content/posts/a/wide.png"]))
    let html = String(decoding: update.result.files["posts/a/index.html"] ?? [], as: UTF8.self)
    #expect(html.contains(#"alt="wide" width="800" height="200""#))
    #expect(html.contains(#"alt="half" width="320" height="80""#))
    #expect(update.changedPaths.contains("posts/a/index.html"))
  }

  /// A new `folio build` reuses a page from the build cache only when the sizes it wrote are
  /// still the files'.
  @Test func theBuildCacheRendersAPageAgainWhenItsImageChangesSize() throws {
    let fixture = try fixture()
    func build() throws -> SiteBuilder.Result {
      var options = SiteBuilder.Options(projectRoot: fixture.root)
      options.usesCache = true
      return try SiteBuilder(options: options).render()
    }
    _ = try build()
    try fixture.write(ImageBytes.png(100, 50), to: "Content/posts/a/wide.png")
    let second = try build()
    let html = String(decoding: second.files["posts/a/index.html"] ?? [], as: UTF8.self)
    #expect(html.contains(#"alt="wide" width="100" height="50""#))
    #expect(second.cache?.renderedPages == 1)
  }
}
