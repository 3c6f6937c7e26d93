import RichText

/// The size of an image file in pixels, read from its header: PNG, JPEG, GIF, WebP and SVG, so
/// that a page's `<img>` carries `width` and `height` and the browser keeps the image's place
/// before it loads (no layout shift).
///
/// A header reader rather than a decoder (libvips, ImageMagick): the size is in the first bytes
/// of every one of these formats, and that is what the tools that do this read: Hugo's
/// `image.DecodeConfig`, Zola's `imagesize`, Eleventy's `image-size`. Decoding whole images to
/// learn two numbers would cost a build seconds on a site of photos.
///
/// Every read is bounded by the bytes given: a truncated or malformed file is nil, never a
/// crash, and each loop moves forward on every turn.
package enum ImageFileSize {
  /// The largest side taken as real; anything above is a malformed header.
  static let largestSide = 1 << 24

  /// The size of the image `bytes` hold, nil when they are not a PNG, JPEG, GIF, WebP or SVG
  /// file whose header says it. `name` (the file's name) tells an SVG file, which has no magic
  /// bytes.
  package static func read(_ bytes: [UInt8], name: String) -> ImageSize? {
    let size: (width: Int, height: Int)?
    if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
      size = png(bytes)
    } else if bytes.starts(with: [0xFF, 0xD8]) {
      size = JPEGSize.read(bytes)
    } else if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) {
      size = bytes.count >= 10 ? (little16(bytes, 6), little16(bytes, 8)) : nil
    } else if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)),
      Array(bytes[8..<12]) == Array("WEBP".utf8)
    {
      size = webP(bytes)
    } else if isSVG(name) {
      size = SVGSize.read(bytes)
    } else {
      size = nil
    }
    guard let size, (1...largestSide).contains(size.width), (1...largestSide).contains(size.height) else {
      return nil
    }
    return ImageSize(width: size.width, height: size.height)
  }

  /// Whether `name` is an SVG file's (`.svg`, any case).
  package static func isSVG(_ name: String) -> Bool {
    name.utf8.count > 4 && name.lowercased().hasSuffix(".svg")
  }

  /// Whether `name` is a file this reader may know the size of (by extension, any case).
  package static func isImage(_ name: String) -> Bool {
    guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")) else { return false }
    let suffix = name[name.index(after: dot)...].lowercased()
    return ["png", "jpg", "jpeg", "gif", "webp", "svg"].contains(suffix)
  }

  /// Whether `bytes` are a still JPEG, PNG or WebP: what variants are made of. Animated PNG
  /// (an `acTL` chunk before the image data) and WebP (the animation flag of `VP8X`) are
  /// published as they are, as GIF is: a variant would keep only the first frame.
  package static func isStillPhoto(_ bytes: [UInt8]) -> Bool {
    if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return true }
    if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
      var offset = 8
      while offset + 8 <= bytes.count {
        let type = bytes[(offset + 4)..<(offset + 8)]
        if type.elementsEqual("acTL".utf8) { return false }
        if type.elementsEqual("IDAT".utf8) { return true }
        let length = big32(bytes, offset)
        guard length <= bytes.count - offset - 12 else { return false }
        offset += 12 + length
      }
      return false
    }
    guard bytes.count >= 21, bytes.starts(with: Array("RIFF".utf8)),
      Array(bytes[8..<12]) == Array("WEBP".utf8)
    else { return false }
    let chunk = bytes[12..<16]
    if chunk.elementsEqual("VP8X".utf8) { return bytes[20] & 0x02 == 0 }
    return chunk.elementsEqual("VP8 ".utf8) || chunk.elementsEqual("VP8L".utf8)
  }

  /// PNG: the `IHDR` chunk comes first, its width and height big-endian.
  private static func png(_ bytes: [UInt8]) -> (Int, Int)? {
    guard bytes.count >= 24, Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
    return (big32(bytes, 16), big32(bytes, 20))
  }

  /// WebP: the first chunk is `VP8 ` (lossy: a key frame's 14-bit sizes), `VP8L` (lossless: two
  /// 14-bit sizes less one, packed) or `VP8X` (extended: the canvas, 24-bit sizes less one).
  private static func webP(_ bytes: [UInt8]) -> (Int, Int)? {
    guard bytes.count >= 25 else { return nil }
    switch String(decoding: bytes[12..<16], as: UTF8.self) {
    case "VP8 ":
      guard bytes.count >= 30, bytes[23] == 0x9D, bytes[24] == 0x01, bytes[25] == 0x2A else { return nil }
      return (little16(bytes, 26) & 0x3FFF, little16(bytes, 28) & 0x3FFF)
    case "VP8L":
      guard bytes[20] == 0x2F else { return nil }
      let bits = little16(bytes, 21) | little16(bytes, 23) << 16
      return ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
    case "VP8X":
      guard bytes.count >= 30 else { return nil }
      let width = little16(bytes, 24) | Int(bytes[26]) << 16
      let height = little16(bytes, 27) | Int(bytes[29]) << 16
      return (width + 1, height + 1)
    default:
      return nil
    }
  }

  /// The little-endian 16-bit number at `offset` (the caller checked the bounds).
  static func little16(_ bytes: [UInt8], _ offset: Int) -> Int {
    Int(bytes[offset]) | Int(bytes[offset + 1]) << 8
  }

  /// The big-endian 16-bit number at `offset` (the caller checked the bounds).
  static func big16(_ bytes: [UInt8], _ offset: Int) -> Int {
    Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
  }

  /// The big-endian 32-bit number at `offset` (the caller checked the bounds).
  static func big32(_ bytes: [UInt8], _ offset: Int) -> Int {
    big16(bytes, offset) << 16 | big16(bytes, offset + 2)
  }
}
