/// Metadata removal for PNG: chunks up to `IEND` are kept, dropped or rewritten (with a new
/// CRC); `IEND` and anything after it are copied as they are.
enum PNGMetadata {
  /// The eight bytes every PNG file starts with.
  static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// Text and time chunks: what `.all` drops besides Exif.
  private static let textChunks: Set<String> = ["tEXt", "iTXt", "zTXt", "tIME"]
  /// Some writers put the JPEG APP1 header before the TIFF data of `eXIf`.
  private static let exifHeader = Array("Exif".utf8) + [0, 0]

  /// `bytes` (which start with the signature) without what `policy` removes, and whether they
  /// held a position; nil when a chunk runs past the end or `IEND` is missing.
  static func stripping(_ bytes: [UInt8], _ policy: MetadataPolicy) -> (bytes: [UInt8], hadLocation: Bool)? {
    var output = signature
    var hadLocation = false
    var offset = signature.count
    // Each turn moves past a whole chunk (at least 12 bytes).
    while offset + 12 <= bytes.count {
      let length = ImageFileSize.big32(bytes, offset)
      guard length <= 0x7FFF_FFFF, offset + 12 + length <= bytes.count else { return nil }
      let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
      let data = bytes[offset + 8..<offset + 8 + length]
      let whole = offset..<offset + 12 + length
      offset = whole.upperBound
      switch type {
      case "IEND":
        return (output + bytes[whole.lowerBound...], hadLocation)
      case "eXIf":
        let prefix = data.starts(with: exifHeader) ? exifHeader.count : 0
        let tiff = Array(data.dropFirst(prefix))
        let edited = ExifMetadata.removingLocation(tiff)
        hadLocation = hadLocation || edited != nil
        switch policy {
        case .all:
          if let orientation = ExifMetadata.orientation(tiff) {
            output += chunk("eXIf", ExifMetadata.orientationOnly(orientation))
          }
        case .location:
          output += edited.map { chunk("eXIf", Array(data.prefix(prefix)) + $0) } ?? Array(bytes[whole])
        }
        continue
      case "iTXt", "tEXt", "zTXt":
        let (holdsLocation, mayHoldLocation) = textLocation(type, data)
        hadLocation = hadLocation || holdsLocation
        if policy == .all || mayHoldLocation { continue }
      default:
        if policy == .all, textChunks.contains(type) { continue }
      }
      output += bytes[whole]
    }
    return nil
  }

  /// Whether a text chunk holds a position (XMP that mentions GPS), and whether it may: that,
  /// or compressed XMP (it cannot be searched without zlib), or ImageMagick's hex copies of Exif
  /// and XMP ("Raw profile type exif"), which cannot be searched either.
  private static func textLocation(_ type: String, _ data: ArraySlice<UInt8>) -> (Bool, Bool) {
    let keywordEnd = data.firstIndex(of: 0) ?? data.endIndex
    let keyword = String(decoding: data[..<keywordEnd], as: UTF8.self).lowercased()
    if keyword.hasPrefix("raw profile type") {
      return (false, ["exif", "app1", "xmp"].contains { keyword.hasSuffix($0) })
    }
    guard type == "iTXt", keyword == "xml:com.adobe.xmp" else { return (false, false) }
    let compressed = keywordEnd + 1 < data.endIndex && data[keywordEnd + 1] != 0
    let mentionsGPS = !compressed && ImageMetadata.xmpHasLocation(data)
    return (mentionsGPS, compressed || mentionsGPS)
  }

  /// A chunk of `type` holding `data`, with its length and CRC.
  private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let body = Array(type.utf8) + data
    return ImageMetadata.big32(data.count) + body + ImageMetadata.big32(Int(crc32(body)))
  }

  /// CRC-32 (ISO 3309, as PNG and zlib compute it) without linking zlib for one function.
  static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
    }
    return crc ^ 0xFFFF_FFFF
  }

  private static let crcTable: [UInt32] = (0..<256).map { index in
    var value = UInt32(index)
    for _ in 0..<8 {
      value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1
    }
    return value
  }
}
