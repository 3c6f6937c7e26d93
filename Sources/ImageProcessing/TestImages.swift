internal import CVips

/// Images made by libvips for the tests (reached with `@testable import`), so that no binary
/// fixture is committed.
enum TestImages {
  /// A `width`×`height` image of smooth colours and noise in `format` (JPEG, PNG, WebP, AVIF or HEIF),
  /// its pixels converted into the built-in Display P3 profile and that profile embedded when
  /// `inP3` is set (JPEG or PNG only).
  static func make(width: Int, height: Int, format: ImageFormat, inP3: Bool = false) -> [UInt8]? {
    let codes: [ImageFormat: Int32] = [
      .jpeg: Int32(FOLIO_VIPS_JPEG), .png: Int32(FOLIO_VIPS_PNG), .webp: Int32(FOLIO_VIPS_WEBP),
      .avif: Int32(FOLIO_VIPS_AVIF), .heif: Int32(FOLIO_VIPS_TEST_HEIC),
    ]
    guard let code = codes[format], folio_vips_start(1) == 0 else { return nil }
    var output: UnsafeMutableRawPointer?
    var length = 0
    let status = folio_vips_make_test_image(
      Int32(width), Int32(height), code, inP3 ? "p3" : nil, &output, &length)
    defer { folio_vips_free(output) }
    guard status == 0, let output else { return nil }
    return Array(UnsafeRawBufferPointer(start: output, count: length))
  }

  /// An animated GIF of `frames` frames of `width`×`height` grey noise.
  static func animation(width: Int, height: Int, frames: Int) -> [UInt8]? {
    guard folio_vips_start(1) == 0 else { return nil }
    var output: UnsafeMutableRawPointer?
    var length = 0
    let status = folio_vips_make_test_animation(Int32(width), Int32(height), Int32(frames), &output, &length)
    defer { folio_vips_free(output) }
    guard status == 0, let output else { return nil }
    return Array(UnsafeRawBufferPointer(start: output, count: length))
  }

  /// The bands of the pixel at (`x`, `y`) of the image in `bytes`, decoded without colour
  /// management; nil when it does not decode.
  static func pixel(of bytes: [UInt8], x: Int, y: Int) -> [Double]? {
    var values = [Double](repeating: 0, count: 4)
    let bands = bytes.withUnsafeBytes { raw in
      folio_vips_pixel(raw.baseAddress, raw.count, Int32(x), Int32(y), &values, Int32(values.count))
    }
    return bands > 0 ? Array(values.prefix(Int(bands))) : nil
  }
}
