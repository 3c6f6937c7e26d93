/// Photos as a phone writes their metadata, assembled byte by byte: what ``ImageMetadata`` strips.
///
/// The Exif block has IFD0 {Make "Apple", Orientation 6, GPSInfo, a tag after GPSInfo} and a
/// GPS directory {GPSLatitudeRef "N", GPSLatitude as three RATIONALs}. The latitude's numerators
/// spell "LAT1", "LAT2", "LAT3", so a test can look for them anywhere in the output.
enum PhotoBytes {
  /// The latitude's numerators, each as 4 bytes in either byte order.
  static let latitudeNumerators: [UInt32] = [0x4C41_5431, 0x4C41_5432, 0x4C41_5433]
  /// A tag after GPSInfo in IFD0 (Windows' title), which moves up when GPSInfo is taken out.
  static let tagAfterGPS = 0x9C9B

  /// The TIFF structure of the Exif block, little-endian (II) or big-endian (MM).
  static func tiff(littleEndian: Bool = false, orientation: Int = 6) -> [UInt8] {
    let order = Order(littleEndian: littleEndian)
    var bytes = Array((littleEndian ? "II" : "MM").utf8) + order.u16(42) + order.u32(8)
    // IFD0 at 8: four entries, then the next-directory offset; it ends at 8 + 2 + 48 + 4 = 62.
    bytes += order.u16(4)
    bytes += order.u16(0x010F) + order.u16(2) + order.u32(6) + order.u32(62)  // Make
    bytes += order.u16(0x0112) + order.u16(3) + order.u32(1) + order.u16(orientation) + [0, 0]
    bytes += order.u16(0x8825) + order.u16(4) + order.u32(1) + order.u32(68)  // GPSInfo
    bytes += order.u16(tagAfterGPS) + order.u16(1) + order.u32(2) + [0x41, 0, 0, 0]
    bytes += order.u32(0)
    bytes += Array("Apple".utf8) + [0]  // at 62
    // The GPS directory at 68: two entries; it ends at 68 + 2 + 24 + 4 = 98.
    bytes += order.u16(2)
    bytes += order.u16(0x0001) + order.u16(2) + order.u32(2) + [UInt8(ascii: "N"), 0, 0, 0]
    bytes += order.u16(0x0002) + order.u16(5) + order.u32(3) + order.u32(98)
    bytes += order.u32(0)
    for (index, numerator) in latitudeNumerators.enumerated() {  // at 98
      bytes += order.u32(Int(numerator)) + order.u32(index == 2 ? 100 : 1)
    }
    return bytes
  }

  /// An XMP packet that gives the position again, as Lightroom and phones write it.
  static let xmp = Array(
    """
    <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\
    <rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="52,31.2N"/>\
    </rdf:RDF></x:xmpmeta>
    """.utf8)

  /// Two chunks of an ICC profile, as large profiles are split over APP2 segments.
  static let iccChunks: [[UInt8]] = [
    Array("ICC_PROFILE".utf8) + [0, 1, 2] + Array("first half".utf8),
    Array("ICC_PROFILE".utf8) + [0, 2, 2] + Array("second half".utf8),
  ]

  /// The entropy-coded scan after SOS (with a stuffed FF 00 and a restart marker), and EOI.
  static let scan: [UInt8] =
    [0xFF, 0xDA, 0, 8, 1, 1, 0, 0, 0x3F, 0] + [0x12, 0xFF, 0x00, 0x34, 0xFF, 0xD0, 0x56, 0xFF, 0xD9]

  /// A 4000×3000 baseline JPEG with `segments` (marker, payload) between SOI and the frame.
  static func jpeg(_ segments: [(UInt8, [UInt8])]) -> [UInt8] {
    var bytes: [UInt8] = [0xFF, 0xD8]
    let frame: [(UInt8, [UInt8])] = [
      (0xDB, [0] + Array(repeating: 1, count: 64)),
      (0xC0, [8, 0x0B, 0xB8, 0x0F, 0xA0, 1, 1, 0x11, 0]),
      (0xC4, [0] + Array(repeating: 0, count: 16)),
    ]
    for (marker, payload) in segments + frame {
      bytes += [0xFF, marker] + big16(payload.count + 2) + payload
    }
    return bytes + scan
  }

  /// A phone photo: JFIF, Exif with GPS, XMP with GPS, ICC profile, IPTC, a comment, Adobe.
  static func photo(littleEndian: Bool = false) -> [UInt8] {
    jpeg([
      (0xE0, Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]),
      (0xE1, Array("Exif".utf8) + [0, 0] + tiff(littleEndian: littleEndian)),
      (0xE1, Array("http://ns.adobe.com/xap/1.0/".utf8) + [0] + xmp),
      (0xE2, iccChunks[0]),
      (0xE2, iccChunks[1]),
      (0xED, Array("Photoshop 3.0".utf8) + [0] + Array("8BIM".utf8) + [4, 4, 0, 0, 0, 0, 0, 0]),
      (0xFE, Array("taken on holiday".utf8)),
      (0xEE, Array("Adobe".utf8) + [0, 100, 0, 0, 0, 0, 1]),
    ])
  }

  /// A PNG with `chunks` (type, data) between `IHDR` and `IDAT`.
  static func png(_ chunks: [(String, [UInt8])]) -> [UInt8] {
    var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    let ihdr: [UInt8] = [0, 0, 0x0F, 0xA0, 0, 0, 0x0B, 0xB8, 8, 2, 0, 0, 0]
    for (type, data) in [("IHDR", ihdr)] + chunks + [("IDAT", [0x78, 0x9C, 1, 2, 3]), ("IEND", [])] {
      bytes += pngChunk(type, data)
    }
    return bytes
  }

  static func pngChunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    big32(data.count) + Array(type.utf8) + data + big32(Int(crc32(Array(type.utf8) + data)))
  }

  /// A phone photo as PNG: sRGB, an ICC profile, Exif with GPS, XMP with GPS, text and time.
  static func photoPNG(littleEndian: Bool = false) -> [UInt8] {
    png([
      // The profile is zlib's stream of no bytes.
      ("iCCP", Array("icc".utf8) + [0, 0, 0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]),
      ("eXIf", tiff(littleEndian: littleEndian)),
      ("iTXt", Array("XML:com.adobe.xmp".utf8) + [0, 0, 0, 0, 0] + xmp),
      ("tEXt", Array("Comment".utf8) + [0] + Array("taken on holiday".utf8)),
      ("tIME", [0x07, 0xEA, 12, 6, 0, 12, 0]),
    ])
  }

  /// A WebP with `chunks` (code, data) after `VP8X` (whose flags are `flags`).
  static func webP(flags: UInt8, _ chunks: [(String, [UInt8])]) -> [UInt8] {
    var body = Array("WEBP".utf8)
    for (code, data) in [("VP8X", [flags, 0, 0, 0, 0x9F, 0x0F, 0, 0xB7, 0x0B, 0])] + chunks {
      body += Array(code.utf8) + little32(data.count) + data + (data.count % 2 == 1 ? [0] : [])
    }
    return Array("RIFF".utf8) + little32(body.count) + body
  }

  /// A phone photo as extended WebP: ICC profile, image, Exif with GPS (odd-sized, so padded) and
  /// XMP with GPS.
  static func photoWebP(littleEndian: Bool = true) -> [UInt8] {
    webP(
      flags: 0x20 | 0x08 | 0x04,
      [
        ("ICCP", Array("icc".utf8)),
        ("VP8L", [0x2F, 0x9F, 0xEF, 0xB7, 0x02, 0x11, 0x22]),
        ("EXIF", tiff(littleEndian: littleEndian) + [0xAA]),
        ("XMP ", xmp),
      ])
  }

  /// CRC-32 as PNG computes it, bit by bit (the code under test uses a table).
  static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }

  static func big16(_ value: Int) -> [UInt8] { Order(littleEndian: false).u16(value) }
  static func big32(_ value: Int) -> [UInt8] { Order(littleEndian: false).u32(value) }
  static func little32(_ value: Int) -> [UInt8] { Order(littleEndian: true).u32(value) }

  /// Numbers written in one byte order.
  struct Order {
    var littleEndian: Bool

    func u16(_ value: Int) -> [UInt8] {
      let bytes = [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
      return littleEndian ? bytes.reversed() : bytes
    }

    func u32(_ value: Int) -> [UInt8] {
      let bytes = [
        UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF),
      ]
      return littleEndian ? bytes.reversed() : bytes
    }
  }
}
