import Foundation
import ImageProcessing
import Site
import SiteComponents
import TestSupport
import Testing

/// Photos shown with plain Markdown are offered in smaller widths and newer formats, sized,
/// loaded lazily after the first, published without their metadata, and made once: kept in
/// `.folio/cache/images` for the next build and in memory for the next save.
@Suite struct ImageStageTests {
  static let site = """
    -- folio.yaml --
    title: Photos
    -- Templates/page.mustache --
    {{{page.content}}}
    -- Content/posts/a/index.md --
    ![A harbour](harbour.png)

    ![A small icon](small.png)

    """

  private func fixture(_ site: String = Self.site) throws -> SiteFixture {
    let fixture = try SiteFixture(site)
    try fixture.write(PhotoPNG.make(1000, 500), to: "Content/posts/a/harbour.png")
    try fixture.write(PhotoPNG.make(200, 100), to: "Content/posts/a/small.png")
    return fixture
  }

  private func build(_ fixture: SiteFixture, cache: Bool = false) throws -> SiteBuilder.Result {
    var options = SiteBuilder.Options(projectRoot: fixture.root)
    options.usesImageCache = cache
    return try SiteBuilder(options: options).render()
  }

  private func stamp(_ bytes: [UInt8]) -> String { LinkResolver.photoStamp(of: bytes) ?? "none" }

  @Test func aPhotoIsOfferedInEachFormatAtTheWidthsNoWiderThanItself() throws {
    let fixture = try fixture()
    let result = try build(fixture)
    let html = String(decoding: result.files["posts/a/index.html"] ?? [], as: UTF8.self)
    let harbour = stamp(PhotoPNG.make(1000, 500))
    let avif = [480, 960, 1000].map { "/posts/a/harbour-\($0)w.\(harbour).avif \($0)w" }.joined(
      separator: ", ")
    let webp = [480, 960, 1000].map { "/posts/a/harbour-\($0)w.\(harbour).webp \($0)w" }.joined(
      separator: ", ")
    let sizes = #"sizes="(min-width: 48rem) 44rem, 100vw""#
    #expect(
      html.contains(
        #"<p><picture><source type="image/avif" srcset="\#(avif)" \#(sizes) />"#
          + #"<source type="image/webp" srcset="\#(webp)" \#(sizes) />"#
          + #"<img src="harbour.png" alt="A harbour" width="1000" height="500" /></picture></p>"#))
    // The second image is loaded lazily; a photo narrower than every width is offered whole.
    let small = stamp(PhotoPNG.make(200, 100))
    #expect(html.contains(#"srcset="/posts/a/small-200w.\#(small).webp 200w""#))
    #expect(html.contains(#"alt="A small icon" width="200" height="100" loading="lazy" decoding="async" />"#))
    let processor = ImageProcessor(limits: ImageLimits(maximumPixels: 1 << 26, maximumBytes: 1 << 26))
    for (width, format) in [(480, "webp"), (960, "avif"), (1000, "webp")] {
      let bytes = try #require(result.files["posts/a/harbour-\(width)w.\(harbour).\(format)"])
      let description = try processor.describe(bytes)
      #expect(description.width == width)
      #expect(description.format.rawValue == format)
      #expect(!description.hasMetadata)
    }
    #expect(result.images?.encoded == 8)
  }

  @Test func twoBuildsMakeTheSameBytesAndTheCacheChangesNone() throws {
    let fixture = try fixture()
    let fresh = try build(fixture)
    let first = try build(fixture, cache: true)
    let second = try build(fixture, cache: true)
    #expect(first.files == fresh.files)
    #expect(second.files == fresh.files)
    #expect(second.images?.encoded == 0)
    #expect(second.images?.reused == 8)
    #expect((second.images?.entries ?? 0) == 8)
    // A damaged entry is not used: it is made again, with a note, and no byte changes.
    let folder = fixture.url(".folio/cache/images")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
      $0.hasSuffix(".webp")
    }
    let victim = folder.appendingPathComponent(try #require(names.first))
    var bytes = try [UInt8](Data(contentsOf: victim))
    bytes[bytes.count - 1] ^= 0xFF
    try Data(bytes).write(to: victim)
    let third = try build(fixture, cache: true)
    #expect(third.files == fresh.files)
    #expect(third.images?.encoded == 1)
    #expect(third.warnings.contains { $0.severity == .note && $0.message.contains("is damaged; made again") })
  }

  @Test func imagesFalsePublishesPhotosAsTheyAreWithTheirSizes() throws {
    let fixture = try fixture(
      Self.site.replacingOccurrences(of: "title: Photos", with: "title: Photos\nimages: false"))
    let result = try build(fixture)
    let html = String(decoding: result.files["posts/a/index.html"] ?? [], as: UTF8.self)
    #expect(html.contains(#"<p><img src="harbour.png" alt="A harbour" width="1000" height="500" /></p>"#))
    #expect(!result.files.keys.contains { $0.hasSuffix(".webp") || $0.hasSuffix(".avif") })
  }

  @Test func imagesWithoutAltTextAndShownLargerThanTheirFilesAreWarnedAbout() throws {
    let site = Self.site.replacingOccurrences(
      of: "![A small icon](small.png)", with: "![](small.png)\n\n![Stretched](small.png =400x)")
    let warnings = try fixture(site).build().warnings
    #expect(
      warnings.contains {
        $0.hasPrefix("Content/posts/a/index.md:3:1: warning: image 'small.png' has no alt text")
      })
    #expect(
      warnings.contains {
        $0.hasPrefix(
          "Content/posts/a/index.md:5:1: warning: image 'posts/a/small.png' is shown 400 pixels wide but the file is 200"
        )
      })
    let decorative = try fixture(
      site.replacingOccurrences(of: "title: Photos", with: "title: Photos\nimages: {decorative: true}"))
    #expect(!(try decorative.build().warnings.contains { $0.contains("alt text") }))
  }

  @Test func aDamagedPhotoIsPublishedAsItIsWithAWarning() throws {
    let fixture = try fixture()
    var damaged = PhotoPNG.make(1000, 500)
    damaged.removeLast(damaged.count / 2)
    try fixture.write(damaged, to: "Content/posts/a/harbour.png")
    let result = try build(fixture)
    let html = String(decoding: result.files["posts/a/index.html"] ?? [], as: UTF8.self)
    #expect(html.contains(#"<p><img src="harbour.png" alt="A harbour" width="1000" height="500" /></p>"#))
    #expect(result.files["posts/a/harbour.png"] == damaged)
    // At the place each page shows it.
    #expect(
      result.warnings.contains {
        $0.description.hasPrefix(
          "Content/posts/a/index.md:1:1: warning: image 'posts/a/harbour.png' was published as it is")
      })
  }

  @Test func aSavedPhotoIsMadeAgainAndItsOldVariantsLeave() throws {
    let fixture = try fixture()
    var options = SiteBuilder.Options(projectRoot: fixture.root)
    options.usesImageCache = false
    let session = SiteSession(options: options)
    let first = try session.build()
    let before = stamp(PhotoPNG.make(1000, 500))
    #expect(first.files["posts/a/harbour-480w.\(before).webp"] != nil)
    let edited = PhotoPNG.make(1000, 500, seed: 9)
    try fixture.write(edited, to: "Content/posts/a/harbour.png")
    let update = try session.rebuild(.plan(for: ["Content/posts/a/harbour.png"]))
    let after = stamp(edited)
    #expect(update.result.files["posts/a/harbour-480w.\(after).webp"] != nil)
    #expect(update.result.files["posts/a/harbour-480w.\(before).webp"] == nil)
    let html = String(decoding: update.result.files["posts/a/index.html"] ?? [], as: UTF8.self)
    #expect(html.contains("harbour-960w.\(after).avif 960w"))
    #expect(update.result.images?.encoded == 6)
  }
}

/// `folio serve` never waits for an encoder: its build publishes each photo under its variants'
/// names, and the variants replace it once a job made off the serve loop is applied.
@Suite struct DeferredImageVariantTests {
  @Test func thePreviewShowsThePhotoUntilItsVariantsAreMade() throws {
    let fixture = try SiteFixture(ImageStageTests.site)
    let photo = PhotoPNG.make(1000, 500)
    try fixture.write(photo, to: "Content/posts/a/harbour.png")
    try fixture.write(PhotoPNG.make(200, 100), to: "Content/posts/a/small.png")
    var options = SiteBuilder.Options(projectRoot: fixture.root)
    options.defersImageVariants = true
    let session = SiteSession(options: options)
    let first = try session.build()
    let stamp = LinkResolver.photoStamp(of: photo) ?? ""
    let variant = "posts/a/harbour-480w.\(stamp).webp"
    #expect(first.files[variant] == photo)
    let job = try #require(session.takeImageVariants())
    #expect(job.count == 8)
    #expect(session.takeImageVariants() == nil)
    let applied = session.applyImageVariants(job.run())
    let changed = applied.files
    #expect(changed.count == 8)
    // The pages that show the photos, for the browsers on them to reload.
    #expect(applied.pageURLs == ["/posts/a/"])
    #expect(changed[variant]?.starts(with: Array("RIFF".utf8)) == true)
    // A later save keeps the variants made, and has none left to make.
    try fixture.write("![A harbour](harbour.png)\n\nEdited.\n", to: "Content/posts/a/index.md")
    let update = try session.rebuild(.plan(for: ["Content/posts/a/index.md"]))
    #expect(update.result.files[variant] == changed[variant])
    #expect(session.takeImageVariants() == nil)
  }
}

/// A page's link preview (`og:image`) is its photo cut to the 1200×630 box Facebook, LinkedIn
/// and X show, not the whole file at full size.
@Suite struct LinkPreviewCardTests {
  @Test func aPagesPreviewImageIsItsPhotoCutTo1200By630() throws {
    let fixture = try SiteFixture(
      """
      -- folio.yaml --
      title: Photos
      baseURL: https://example.org/
      -- Content/posts/a/index.md --
      ---
      title: A harbour
      ---
      ![A harbour](harbour.png)

      """)
    let photo = PhotoPNG.make(1600, 900)
    try fixture.write(photo, to: "Content/posts/a/harbour.png")
    let result = try SiteBuilder(options: .init(projectRoot: fixture.root)).render()
    let html = String(decoding: result.files["posts/a/index.html"] ?? [], as: UTF8.self)
    let card = "posts/a/harbour-1200x630.\(LinkResolver.photoStamp(of: photo) ?? "").jpg"
    #expect(html.contains(#"<meta property="og:image" content="https://example.org/\#(card)">"#))
    #expect(html.contains(#"<meta property="og:image:width" content="1200">"#))
    #expect(html.contains(#"<meta property="og:image:height" content="630">"#))
    let bytes = try #require(result.files[card])
    let processor = ImageProcessor(limits: ImageLimits(maximumPixels: 1 << 26, maximumBytes: 1 << 26))
    let description = try processor.describe(bytes)
    #expect((description.format, description.width, description.height) == (.jpeg, 1200, 630))
    // Only the card a page names is made: a smaller photo's page links the photo itself.
    #expect(result.files.keys.filter { $0.contains("1200x630") }.count == 1)
  }

  @Test func layoutsThatNameNoPreviewImageGetNoCard() throws {
    let fixture = try SiteFixture(
      """
      -- folio.yaml --
      title: Photos
      baseURL: https://example.org/
      -- Templates/page.mustache --
      {{{page.content}}}
      -- Content/posts/a/index.md --
      ![A harbour](harbour.png)

      """)
    try fixture.write(PhotoPNG.make(1600, 900), to: "Content/posts/a/harbour.png")
    let result = try SiteBuilder(options: .init(projectRoot: fixture.root)).render()
    #expect(!result.files.keys.contains { $0.contains("1200x630") })
  }
}
