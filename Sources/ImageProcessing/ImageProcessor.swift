internal import CVips

/// Reads image headers and makes resized, re-encoded copies through libvips, refusing files
/// over its ``ImageLimits`` before decoding them.
///
/// Safe to call from many threads at once: libvips keeps no state per call outside the call,
/// and each call decodes on one libvips worker thread, so the callers' own threads are the
/// parallelism (measured: 72 WebP resizes of a 3000×2000 JPEG by two callers on two cores took
/// 10–17 s with one worker each and 13–14 s with libvips' default of one per core: no gain,
/// only more threads). Output bytes depend only on the input and the arguments (AVIF too: aom
/// is named, and it gave the same bytes twice with one worker and with one per core, and from
/// six callers at once), so they can be cached under a key of input digest, arguments and
/// ``versionText``.
///
/// ```swift
/// let images = ImageProcessor(limits: .standard)
/// let found = try images.describe(bytes)  // 3000×2000 jpeg
/// let small = try images.resize(bytes, toWidth: 960, as: .webp, quality: 75)
/// ```
package struct ImageProcessor: Sendable {
  /// The libvips, libwebp and libheif versions ("vips 8.14.1, webp 1.2.4, heif 1.15.1"): a
  /// cache of resized images keys on this, since a new encoder makes other bytes.
  package static let versionText = String(cString: folio_vips_versions())

  /// Whether libvips started; started once per process, on first use (a static `let` is
  /// initialised once, under a lock).
  private static let started: Bool = folio_vips_start(1) == 0

  /// The encoders' effort, measured on a 3000×2000 JPEG made into 480, 960 and 1440 wide
  /// copies: WebP at libvips' default; AVIF at 2 of 0–9 (0.36–0.72 s for the three), since 3
  /// and 4 took 1.2–7.6 times as long for files no smaller, and 0 and 1, a fifth to two fifths
  /// faster, gave files within 2% of its size on those synthetic photos, which may hide what a
  /// real one shows; PNG at zlib's usual level.
  private static let webpEffort: Int32 = 4
  private static let avifEffort: Int32 = 2
  private static let pngEffort: Int32 = 6

  /// The limits every call checks first.
  package let limits: ImageLimits

  /// A processor that refuses images over `limits`.
  package init(limits: ImageLimits) {
    self.limits = limits
  }

  /// The format, shown size, frames, orientation and metadata of the image in `bytes`, from its
  /// header alone.
  package func describe(_ bytes: [UInt8]) throws(ImageProblem) -> ImageDescription {
    try checkStarted()
    guard bytes.count <= limits.maximumBytes else {
      throw .tooManyBytes(bytes.count, limit: limits.maximumBytes)
    }
    guard !bytes.isEmpty else { throw .damaged("the file is empty") }
    var found = folio_vips_description()
    var error = [CChar](repeating: 0, count: 512)
    let status = bytes.withUnsafeBytes { raw in
      folio_vips_describe(raw.baseAddress, raw.count, &found, &error, Int32(error.count))
    }
    guard status == 0 else {
      let message = Self.text(of: error)
      throw status == -2 ? .unsupported(message) : .damaged(message)
    }
    let name = withUnsafeBytes(of: found.format) { raw in
      String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
    guard let format = ImageFormat(rawValue: name) else { throw .unsupported("\(name) files are not used") }
    let description = ImageDescription(
      format: format, width: Int(found.width), height: Int(found.height), isAnimated: found.pages > 1,
      hasGPS: found.has_gps != 0, hasMetadata: found.has_metadata != 0, orientation: Int(found.orientation))
    // Width × height cannot overflow: libvips keeps each side below 10,000,000.
    guard description.width * description.height <= limits.maximumPixels else {
      throw .tooManyPixels(width: description.width, height: description.height, limit: limits.maximumPixels)
    }
    return description
  }

  /// The image in `bytes` turned upright, in sRGB, `width` pixels wide (or as wide as it is,
  /// when narrower: never enlarged), encoded as `format` at `quality` (1–100) with no metadata
  /// at all (no EXIF, GPS, XMP, IPTC or ICC profile). An animated image gives its first frame.
  /// With a `height`, the image is cut around its centre to `width`×`height` once its shorter
  /// side fits (a link preview's box); an image smaller than the box is not enlarged.
  package func resize(
    _ bytes: [UInt8], toWidth width: Int, height: Int? = nil, as format: ImageFormat, quality: Int
  ) throws(ImageProblem) -> [UInt8] {
    try resize(
      bytes, decodingAt: width, height: height, into: [Copy(width: width, format: format)], quality: quality)[
        0]
  }

  /// A copy ``resize(_:decodingAt:into:quality:)`` makes: its width and format.
  package struct Copy: Sendable, Hashable {
    package var width: Int
    package var format: ImageFormat

    /// A copy `width` pixels wide in `format`.
    package init(width: Int, format: ImageFormat) {
      self.width = width
      self.format = format
    }
  }

  /// `copies` of the image in `bytes`, as ``resize(_:toWidth:as:quality:)`` makes each, but
  /// decoded once, `width` pixels wide, and each copy narrower than that made from those pixels
  /// (a photo's variants: one decode instead of one per variant). A copy's bytes depend on
  /// `width` as well as on its own: callers that cache them key on both.
  /// With a `height`, the decoded image is cut to `width`×`height` around its centre.
  package func resize(
    _ bytes: [UInt8], decodingAt width: Int, height: Int? = nil, into copies: [Copy], quality: Int
  ) throws(ImageProblem) -> [[UInt8]] {
    // The header first: the limits are checked before libvips decodes a pixel.
    let found = try describe(bytes)
    let decodedWidth = min(max(1, width), found.width)
    var encodings: [(code: Int32, effort: Int32, width: Int)] = []
    for copy in copies {
      // Each format's longest side: WebP's is in its header's 14 bits; libheif reads no AVIF
      // beyond 16,384 (a security limit), so a longer one would be a file nobody can check.
      let (code, effort, longestSide): (Int32, Int32, Int)
      switch copy.format {
      case .jpeg: (code, effort, longestSide) = (Int32(FOLIO_VIPS_JPEG), 0, 65_500)
      case .png: (code, effort, longestSide) = (Int32(FOLIO_VIPS_PNG), Self.pngEffort, 10_000_000)
      case .webp: (code, effort, longestSide) = (Int32(FOLIO_VIPS_WEBP), Self.webpEffort, 16_383)
      case .avif: (code, effort, longestSide) = (Int32(FOLIO_VIPS_AVIF), Self.avifEffort, 16_384)
      case .gif, .tiff, .heif:
        throw .unsupported("Folio writes JPEG, PNG, WebP and AVIF, not \(copy.format.rawValue.uppercased())")
      }
      let outputWidth = min(max(1, copy.width), decodedWidth)
      // Rounded up, as the check must hold whichever way libvips rounds.
      let outputHeight =
        height.map { min(max(1, $0), found.height) } ?? (found.height * outputWidth + found.width - 1)
        / found.width
      guard max(outputWidth, outputHeight) <= longestSide else {
        throw .unsupported(
          "a \(outputWidth)×\(outputHeight) copy is too long for \(copy.format.rawValue.uppercased()), "
            + "whose images are at most \(longestSide) pixels on a side")
      }
      encodings.append((code, effort, outputWidth))
    }
    guard !encodings.isEmpty else { return [] }
    var error = [CChar](repeating: 0, count: 512)
    let decoded = bytes.withUnsafeBytes { raw in
      folio_vips_decode(
        raw.baseAddress, raw.count, Int32(decodedWidth), Int32(height.map { max(1, $0) } ?? 0), &error,
        Int32(error.count))
    }
    guard let decoded else { throw .damaged(Self.text(of: error)) }
    defer { folio_vips_release(decoded) }
    var made: [[UInt8]] = []
    for encoding in encodings {
      var output: UnsafeMutableRawPointer?
      var length = 0
      let status = folio_vips_encode(
        decoded, Int32(encoding.width), encoding.code, Int32(min(max(quality, 1), 100)), encoding.effort,
        &output, &length, &error, Int32(error.count))
      defer { folio_vips_free(output) }
      guard status == 0, let output else { throw .damaged(Self.text(of: error)) }
      made.append(Array(UnsafeRawBufferPointer(start: output, count: length)))
    }
    return made
  }

  /// Throws when libvips could not start, which no file can fix.
  private func checkStarted() throws(ImageProblem) {
    guard Self.started else {
      let problem = String(cString: folio_vips_problem())
      throw problem.isEmpty ? .unsupported("libvips could not start") : .libraryMissing(problem)
    }
  }

  /// The NUL-terminated text in a C buffer.
  private static func text(of buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
