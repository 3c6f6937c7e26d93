import Testing

@testable import ImageProcessing

@Suite struct ImageProcessorTests {
  let images = ImageProcessor(limits: .standard)

  /// A 300×200 photo-like image as `format`.
  func photo(_ format: ImageFormat = .jpeg, width: Int = 300, height: Int = 200) throws -> [UInt8] {
    try #require(TestImages.make(width: width, height: height, format: format))
  }

  @Test(arguments: [ImageFormat.jpeg, .png, .webp, .avif, .heif])
  func describesFormatAndSize(format: ImageFormat) throws {
    let found = try images.describe(try photo(format))
    #expect(found == ImageDescription(format: format, width: 300, height: 200))
  }

  @Test func orientationSixSwapsTheSides() throws {
    let turned = ExifJPEG.adding(to: try photo(), orientation: 6, withGPS: false)
    let found = try images.describe(turned)
    #expect(found.width == 200 && found.height == 300 && found.orientation == 6)
    #expect(found.hasMetadata && !found.hasGPS)
    // The copy is upright: portrait, and no orientation left to apply.
    let small = try images.describe(try images.resize(turned, toWidth: 100, as: .jpeg, quality: 80))
    #expect(small.width == 100 && small.height == 150 && small.orientation == 1)
  }

  @Test(arguments: [ImageFormat.webp, .avif, .jpeg, .png])
  func resizesToTheWidthInTheFormat(format: ImageFormat) throws {
    let output = try images.resize(try photo(), toWidth: 120, as: format, quality: 70)
    let magic: Bool =
      switch format {
      case .webp: output.starts(with: Array("RIFF".utf8)) && Array(output[8..<12]) == Array("WEBP".utf8)
      case .avif: Array(output[4..<12]) == Array("ftypavif".utf8)
      case .jpeg: output.starts(with: [0xFF, 0xD8, 0xFF])
      default: output.starts(with: [0x89, 0x50, 0x4E, 0x47])
      }
    #expect(magic)
    #expect(try images.describe(output) == ImageDescription(format: format, width: 120, height: 80))
  }

  @Test func copiesOfOneDecodeHaveTheirWidthsAndFormats() throws {
    let turned = ExifJPEG.adding(to: try photo(), orientation: 6, withGPS: true)
    let copies: [ImageProcessor.Copy] = [
      .init(width: 150, format: .webp), .init(width: 80, format: .webp), .init(width: 150, format: .avif),
      .init(width: 40, format: .jpeg),
    ]
    let made = try images.resize(turned, decodingAt: 150, into: copies, quality: 70)
    #expect(made.count == 4)
    let found = try made.map { try images.describe($0) }
    #expect(found.map(\.format) == [.webp, .webp, .avif, .jpeg])
    #expect(found.map(\.width) == [150, 80, 150, 40])
    #expect(found.map(\.height) == [225, 120, 225, 60])
    #expect(found.allSatisfy { !$0.hasGPS && !$0.hasMetadata && $0.orientation == 1 })
    // The copy as wide as the decode is the single resize's, byte for byte.
    #expect(made[0] == (try images.resize(turned, toWidth: 150, as: .webp, quality: 70)))
    // Deterministic.
    #expect(made == (try images.resize(turned, decodingAt: 150, into: copies, quality: 70)))
  }

  @Test func anAnimationIsDescribedByItsFrameAndResizedToItsFirst() throws {
    let gif = try #require(TestImages.animation(width: 40, height: 30, frames: 3))
    #expect(
      try images.describe(gif) == ImageDescription(format: .gif, width: 40, height: 30, isAnimated: true))
    let still = try images.describe(try images.resize(gif, toWidth: 20, as: .webp, quality: 70))
    #expect(still == ImageDescription(format: .webp, width: 20, height: 15))
  }

  @Test func aPhonesHEIFIsResized() throws {
    let output = try images.resize(try photo(.heif), toWidth: 150, as: .jpeg, quality: 70)
    #expect(try images.describe(output) == ImageDescription(format: .jpeg, width: 150, height: 100))
  }

  @Test func neverEnlarges() throws {
    let output = try images.resize(try photo(), toWidth: 1200, as: .webp, quality: 70)
    let found = try images.describe(output)
    #expect(found.width == 300 && found.height == 200)
  }

  @Test(arguments: [ImageFormat.webp, .avif, .jpeg, .png])
  func copiesCarryNoMetadata(format: ImageFormat) throws {
    let located = ExifJPEG.adding(to: try photo(), orientation: 1, withGPS: true)
    let original = try images.describe(located)
    #expect(original.hasGPS && original.hasMetadata)
    let copy = try images.describe(try images.resize(located, toWidth: 100, as: format, quality: 70))
    #expect(!copy.hasGPS && !copy.hasMetadata)
  }

  @Test func anICCProfileIsAppliedIntoSRGB() throws {
    // The same pixels twice: once as sRGB, once converted into Display P3 with its profile.
    let srgb = try photo(.png)
    let p3 = try #require(TestImages.make(width: 300, height: 200, format: .png, inP3: true))
    let expected = try #require(TestImages.pixel(of: srgb, x: 150, y: 100))
    let stored = try #require(TestImages.pixel(of: p3, x: 150, y: 100))
    let shown = try #require(
      TestImages.pixel(of: try images.resize(p3, toWidth: 300, as: .png, quality: 100), x: 150, y: 100))
    // Red and green (blue is random noise in each image): P3's numbers differ, the copy's are
    // sRGB's again.
    #expect(abs(stored[0] - expected[0]) >= 4)
    for band in 0..<2 { #expect(abs(shown[band] - expected[band]) <= 2) }
  }

  @Test func damagedBytesThrow() throws {
    let jpeg = try photo()
    let truncated = Array(jpeg.prefix(jpeg.count / 2))
    #expect(throws: ImageProblem.self) { try images.resize(truncated, toWidth: 100, as: .webp, quality: 70) }
    #expect(throws: ImageProblem.self) { try images.describe(Array(jpeg.prefix(20))) }
    var generator = SystemRandomNumberGenerator()
    let noise = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }
    #expect(throws: ImageProblem.self) { try images.describe(noise) }
    #expect(throws: ImageProblem.self) { try images.resize(noise, toWidth: 100, as: .jpeg, quality: 70) }
    #expect(throws: ImageProblem.damaged("the file is empty")) { try images.describe([]) }
  }

  @Test func randomBytesAreUnsupported() throws {
    let text = Array("plain text, not an image at all".utf8)
    #expect {
      try images.describe(text)
    } throws: { error in
      if case .unsupported = error as? ImageProblem { true } else { false }
    }
  }

  @Test func onlyTheNamedFormatsAreRead() throws {
    // libvips reads both, and 8.14 counts its SVG and PDF loaders as trusted.
    let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="50" height="40"><rect width="50"/></svg>"#
    #expect(throws: ImageProblem.unsupported("svg: Folio reads JPEG, PNG, WebP, GIF, AVIF, HEIF and TIFF")) {
      try images.describe(Array(svg.utf8))
    }
    let pdf = "%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"
    #expect(throws: ImageProblem.unsupported("pdf: Folio reads JPEG, PNG, WebP, GIF, AVIF, HEIF and TIFF")) {
      try images.resize(Array(pdf.utf8), toWidth: 10, as: .png, quality: 50)
    }
  }

  @Test func aHugeHeaderIsRefusedBeforeDecoding() throws {
    let huge = HugePNG.header(width: 100_000, height: 100_000)
    let problem = ImageProblem.tooManyPixels(width: 100_000, height: 100_000, limit: 100_000_000)
    #expect(throws: problem) { try images.describe(huge) }
    #expect(throws: problem) { try images.resize(huge, toWidth: 100, as: .webp, quality: 70) }
  }

  @Test func aLargeFileIsRefused() throws {
    let small = ImageProcessor(limits: ImageLimits(maximumPixels: 100_000_000, maximumBytes: 100))
    let jpeg = try photo()
    #expect(throws: ImageProblem.tooManyBytes(jpeg.count, limit: 100)) { try small.describe(jpeg) }
  }

  @Test func readOnlyFormatsAreNotWritten() throws {
    #expect(throws: ImageProblem.unsupported("Folio writes JPEG, PNG, WebP and AVIF, not GIF")) {
      try images.resize(try photo(), toWidth: 100, as: .gif, quality: 70)
    }
  }

  @Test func aCopyTooLongForItsFormatIsRefused() throws {
    // Found by the fuzz target: libheif reads no AVIF with a side over 16,384.
    let strip = try photo(.png, width: 1, height: 17_000)
    #expect(
      throws: ImageProblem.unsupported(
        "a 1×17000 copy is too long for AVIF, whose images are at most 16384 pixels on a side")
    ) { try images.resize(strip, toWidth: 100, as: .avif, quality: 60) }
    let jpeg = try images.resize(strip, toWidth: 100, as: .jpeg, quality: 60)
    #expect(try images.describe(jpeg).height == 17_000)
  }

  @Test(arguments: [ImageFormat.webp, .avif, .jpeg])
  func sameInputSameBytes(format: ImageFormat) throws {
    let jpeg = try photo(width: 600, height: 400)
    let first = try images.resize(jpeg, toWidth: 480, as: format, quality: 70)
    let second = try images.resize(jpeg, toWidth: 480, as: format, quality: 70)
    #expect(first == second)
  }

  @Test func manyThreadsAtOnceGiveWhatOneGives() async throws {
    let jpeg = try photo()
    let alone = try images.resize(jpeg, toWidth: 150, as: .avif, quality: 60)
    let processor = images
    let together = try await withThrowingTaskGroup(of: [UInt8].self) { group in
      for _ in 0..<6 { group.addTask { try processor.resize(jpeg, toWidth: 150, as: .avif, quality: 60) } }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(together.count == 6 && together.allSatisfy { $0 == alone })
  }

  @Test func problemsReadAsSentences() {
    #expect(
      ImageProblem.tooManyPixels(width: 3, height: 4, limit: 10).description
        == "the image is 3×4 pixels, more than the limit of 10 pixels")
    #expect(
      ImageProblem.tooManyBytes(7, limit: 5).description
        == "the image file is 7 bytes, more than the limit of 5 bytes")
  }

  @Test func versionsNameLibvips() {
    #expect(ImageProcessor.versionText.hasPrefix("vips 8."))
  }
}
