import Foundation
import Site
import SiteComponents
import TestSupport
import Testing

/// `{{#picture}}path alt{{/picture}}` in a layout shows a photo of the site as pages show theirs:
/// its variants in a `<picture>`, its size, loaded lazily unless `eager`.
@Suite struct PictureLambdaTests {
  static let site = """
    -- folio.yaml --
    title: Photos
    -- Templates/page.mustache --
    <header>{{#picture}}eager /images/hero.png The {{page.title}} banner{{/picture}}</header>
    {{#picture}}/images/logo.svg Logo{{/picture}}|{{#picture}}/images/gone.png Gone{{/picture}}
    -- Content/about.md --
    ---
    title: Harbour & sea
    ---
    Text.

    """

  @Test func aLayoutShowsAPhotoWithItsVariantsAndSize() throws {
    let fixture = try SiteFixture(Self.site)
    let hero = PhotoPNG.make(1000, 500)
    try fixture.write(hero, to: "Content/images/hero.png")
    try fixture.write(
      #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 20"/>"#, to: "Content/images/logo.svg")
    let built = try fixture.build()
    let html = built.text("about/index.html")
    let stamp = LinkResolver.photoStamp(of: hero) ?? ""
    #expect(
      html.contains(
        #"<header><picture><source type="image/avif" srcset="/images/hero-480w.\#(stamp).avif 480w"#))
    #expect(
      html.contains(
        #"<img src="/images/hero.png" alt="The Harbour &amp; sea banner" width="1000" height="500" /></picture></header>"#
      ))
    // Not a photo: its size, lazily; no file: as written.
    #expect(
      html.contains(
        #"<img src="/images/logo.svg" alt="Logo" width="40" height="20" loading="lazy" decoding="async" />"#))
    #expect(html.contains(#"<img src="/images/gone.png" alt="Gone" loading="lazy" decoding="async" />"#))
    #expect(built.files["images/hero-960w.\(stamp).webp"] != nil)
  }

  @Test func underASubPathTheURLsCarryIt() throws {
    let fixture = try SiteFixture(Self.site)
    try fixture.write(PhotoPNG.make(600, 300), to: "Content/images/hero.png")
    let html = try fixture.build(baseURL: "https://example.org/sub/").text("about/index.html")
    #expect(html.contains(#"srcset="/sub/images/hero-480w."#))
    #expect(html.contains(#"<img src="/sub/images/hero.png""#))
  }

  /// The layout's data does not hold the photos: a save of one lays out again every page whose
  /// layout shows pictures, with the new variants' names.
  @Test func aSavedPhotoReachesTheLayoutsThatShowIt() throws {
    let fixture = try SiteFixture(Self.site)
    try fixture.write(PhotoPNG.make(1000, 500), to: "Content/images/hero.png")
    let session = SiteSession(options: .init(projectRoot: fixture.root))
    _ = try session.build()
    let edited = PhotoPNG.make(800, 400, seed: 3)
    try fixture.write(edited, to: "Content/images/hero.png")
    let update = try session.rebuild(.plan(for: ["Content/images/hero.png"]))
    let html = String(decoding: update.result.files["about/index.html"] ?? [], as: UTF8.self)
    #expect(html.contains("/images/hero-800w.\(LinkResolver.photoStamp(of: edited) ?? "").webp 800w"))
    #expect(html.contains(#"width="800" height="400""#))
    #expect(update.changedPaths.contains("about/index.html"))
  }
}
