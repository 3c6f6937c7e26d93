import RichText
import SiteComponents
import Testing

/// Image files as small as their headers: what ``ImageFileSize`` reads the size from.
enum ImageBytes {
  /// A PNG of `width`×`height`: the signature and the `IHDR` chunk.
  static func png(_ width: Int, _ height: Int) -> [UInt8] {
    [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + big32(width)
      + big32(height) + [8, 6, 0, 0, 0, 0, 0, 0, 0]
  }

  /// A baseline JPEG of `width`×`height`, with an Exif orientation when given.
  static func jpeg(_ width: Int, _ height: Int, orientation: UInt8? = nil) -> [UInt8] {
    var bytes: [UInt8] =
      [0xFF, 0xD8, 0xFF, 0xE0, 0, 16] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
    if let orientation {
      // Big-endian TIFF: one directory entry, tag 0x0112 (SHORT, one value).
      let exif: [UInt8] =
        Array("Exif".utf8) + [0, 0] + Array("MM".utf8) + [0, 42, 0, 0, 0, 8] + [0, 1]
        + [0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0] + [0, 0, 0, 0]
      bytes += [0xFF, 0xE1] + big16(exif.count + 2) + exif
    }
    bytes += [0xFF, 0xC4, 0, 4, 0, 0]  // a Huffman table first: C4 is not a frame
    bytes += [0xFF, 0xC0, 0, 17, 8] + big16(height) + big16(width) + [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]
    return bytes + [0xFF, 0xDA, 0, 2, 0xFF, 0xD9]
  }

  /// A GIF of `width`×`height`.
  static func gif(_ width: Int, _ height: Int) -> [UInt8] {
    Array("GIF89a".utf8) + [UInt8(width & 0xFF), UInt8(width >> 8), UInt8(height & 0xFF), UInt8(height >> 8)]
      + [0, 0, 0]
  }

  /// A WebP whose first chunk is `chunk` with `body` (from byte 20 on).
  static func webP(_ chunk: String, _ body: [UInt8]) -> [UInt8] {
    Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBP".utf8) + Array(chunk.utf8) + [0, 0, 0, 0] + body
  }

  static func big16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
  static func big32(_ value: Int) -> [UInt8] { big16(value >> 16) + big16(value & 0xFFFF) }
}

@Suite struct ImageFileSizeTests {
  private func size(_ bytes: [UInt8], _ name: String = "a.bin") -> String? {
    ImageFileSize.read(bytes, name: name)?.description
  }

  @Test func pngGIFAndJPEGHeadersGiveTheirSize() {
    #expect(size(ImageBytes.png(640, 480)) == "640x480")
    #expect(size(ImageBytes.gif(800, 600)) == "800x600")
    #expect(size(ImageBytes.jpeg(1024, 768)) == "1024x768")
  }

  /// Browsers turn a JPEG by its Exif orientation: a portrait photo stored on its side is shown
  /// upright, so its box is the other way round.
  @Test func aJPEGTurnedAQuarterByExifSwapsItsSides() {
    #expect(size(ImageBytes.jpeg(4000, 3000, orientation: 6)) == "3000x4000")
    #expect(size(ImageBytes.jpeg(4000, 3000, orientation: 3)) == "4000x3000")
  }

  @Test func webPInItsThreeFormsGivesItsSize() {
    let lossy = ImageBytes.webP("VP8 ", [0, 0, 0, 0x9D, 0x01, 0x2A, 0x90, 0x01, 0x2C, 0x01])
    #expect(size(lossy) == "400x300")
    let bits = 399 | 299 << 14
    let lossless = ImageBytes.webP(
      "VP8L",
      [0x2F, UInt8(bits & 0xFF), UInt8(bits >> 8 & 0xFF), UInt8(bits >> 16 & 0xFF), UInt8(bits >> 24)])
    #expect(size(lossless) == "400x300")
    let extended = ImageBytes.webP("VP8X", [0, 0, 0, 0, 0x7F, 0x07, 0, 0x37, 0x04, 0])
    #expect(size(extended) == "1920x1080")
  }

  @Test func svgSizeComesFromItsRootElement() {
    func svg(_ text: String) -> String? { size(Array(text.utf8), "icon.SVG") }
    #expect(
      svg(
        """
        <?xml version="1.0"?>
        <!-- an <svg width="1" height="1"> in a comment -->
        <!DOCTYPE svg>
        <svg xmlns="http://www.w3.org/2000/svg" width="120" height='60px'><rect/></svg>
        """) == "120x60")
    #expect(svg(#"<svg viewBox="0 0 24 12"></svg>"#) == "24x12")
    #expect(svg(#"<svg width="48" viewBox="0,0,24,12"/>"#) == "48x24")
    #expect(svg(#"<svg width="100%" height="100%" viewBox="0 0 300 150">"#) == "300x150")
    #expect(svg(#"<svg width="10em" height="5em">"#) == nil)
    #expect(svg(#"<html><svg width="10" height="10"></svg></html>"#) == nil)
    // The same bytes in a file that is not named .svg are no image Folio reads.
    #expect(size(Array(#"<svg width="10" height="10">"#.utf8), "a.txt") == nil)
  }

  /// A file cut short, or holding nonsense, has no size; reading it neither crashes nor hangs.
  @Test func truncatedAndMalformedFilesHaveNoSize() {
    let files = [
      ImageBytes.png(640, 480), ImageBytes.jpeg(1024, 768, orientation: 6), ImageBytes.gif(8, 8),
      ImageBytes.webP("VP8X", [0, 0, 0, 0, 0x7F, 0x07, 0, 0x37, 0x04, 0]),
    ]
    for file in files {
      for end in 0..<file.count {
        _ = ImageFileSize.read(Array(file[..<end]), name: "a.png")
        _ = ImageFileSize.read(Array(file[..<end]), name: "a.svg")
      }
      #expect(ImageFileSize.read(Array(file.prefix(7)), name: "a.png") == nil)
    }
    #expect(size([0xFF, 0xD8] + [UInt8](repeating: 0xFF, count: 4096)) == nil)
    #expect(size([0xFF, 0xD8, 0xFF, 0xE0, 0, 0, 0xFF, 0xC0]) == nil, "a segment length below 2")
    #expect(size(ImageBytes.png(0, 480)) == nil)
    #expect(size(ImageBytes.png(0x7FFF_FFFF, 1)) == nil)
    #expect(size(Array("<svg width=\"10\" height=\"10\"".utf8), "a.svg") == nil, "no end to the tag")
  }

  @Test func imageFilesAreKnownByExtension() {
    #expect(ImageFileSize.isImage("photos/a.JPG"))
    #expect(ImageFileSize.isImage("a.webp"))
    #expect(!ImageFileSize.isImage("a.avif"))
    #expect(!ImageFileSize.isImage("png"))
  }
}
