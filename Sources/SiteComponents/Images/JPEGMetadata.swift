/// Metadata removal for JPEG: the segments before the first scan are walked, kept, dropped or
/// edited in place; the scan and everything after it are copied as they are.
enum JPEGMetadata {
  /// A marker segment before the scan.
  private struct Segment {
    /// The marker's second byte (`E1` for APP1).
    var marker: UInt8
    /// The whole segment: fill bytes, marker, length and payload.
    var whole: Range<Int>
    /// What follows the length (empty for markers without one).
    var payload: Range<Int>
  }

  private static let exifHeader = Array("Exif".utf8) + [0, 0]
  private static let xmpHeader = Array("http://ns.adobe.com/xap/1.0/".utf8) + [0]
  private static let xmpExtensionHeader = Array("http://ns.adobe.com/xmp/extension/".utf8) + [0]
  private static let iccHeader = Array("ICC_PROFILE".utf8) + [0]

  /// `bytes` (which start with SOI) without what `policy` removes, and whether they held a
  /// position; nil when a segment runs past the end or the bytes end before the scan.
  static func stripping(_ bytes: [UInt8], _ policy: MetadataPolicy) -> (bytes: [UInt8], hadLocation: Bool)? {
    guard let walked = walk(bytes) else { return nil }
    let (segments, scan) = walked
    var orientation: Int?
    var sawExif = false
    var exifHasLocation = false
    var xmpHasLocation = false
    for segment in segments where segment.marker == 0xE1 {
      let payload = bytes[segment.payload]
      if payload.starts(with: exifHeader) {
        let tiff = Array(payload.dropFirst(exifHeader.count))
        // A browser reads the first Exif block only; so does the orientation kept here.
        if !sawExif { orientation = ExifMetadata.orientation(tiff) }
        sawExif = true
        exifHasLocation = exifHasLocation || ExifMetadata.removingLocation(tiff) != nil
      } else if isXMP(payload), ImageMetadata.xmpHasLocation(payload) {
        xmpHasLocation = true
      }
    }

    var output = Array(bytes[0..<2])
    var exifPlace = 2
    var onlyJFIFSoFar = true
    for segment in segments {
      let payload = bytes[segment.payload]
      switch policy {
      case .all:
        guard keepsUnderAll(segment.marker, payload) else { continue }
        output += bytes[segment.whole]
      case .location:
        if segment.marker == 0xE1, payload.starts(with: exifHeader),
          let edited = ExifMetadata.removingLocation(Array(payload.dropFirst(exifHeader.count)))
        {
          output += bytes[segment.whole.lowerBound..<segment.payload.lowerBound + exifHeader.count]
          output += edited
          continue
        }
        // The whole packet goes, extension segments too: a tag may straddle their split.
        if segment.marker == 0xE1, xmpHasLocation, isXMP(payload) { continue }
        output += bytes[segment.whole]
      }
      if onlyJFIFSoFar, segment.marker == 0xE0 {
        exifPlace = output.count
      } else {
        onlyJFIFSoFar = false
      }
    }
    if policy == .all, let orientation {
      let exif = exifHeader + ExifMetadata.orientationOnly(orientation)
      let length = exif.count + 2
      output.insert(
        contentsOf: [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + exif, at: exifPlace)
    }
    output += bytes[scan...]
    return (output, exifHasLocation || xmpHasLocation)
  }

  /// Under `.all`: JFIF, ICC profile chunks, Adobe's colour transform and every segment that
  /// is not metadata (tables, frame, restart interval) stay.
  private static func keepsUnderAll(_ marker: UInt8, _ payload: ArraySlice<UInt8>) -> Bool {
    switch marker {
    case 0xE0: return true
    case 0xE2: return payload.starts(with: iccHeader)
    case 0xEE: return payload.starts(with: Array("Adobe".utf8))
    case 0xE1, 0xE3...0xEF, 0xFE: return false
    default: return true
    }
  }

  private static func isXMP(_ payload: ArraySlice<UInt8>) -> Bool {
    payload.starts(with: xmpHeader) || payload.starts(with: xmpExtensionHeader)
  }

  /// The segments after SOI and where the scan (or an early EOI) starts; nil when a segment is
  /// malformed or the bytes end first. Each turn moves past at least one byte.
  private static func walk(_ bytes: [UInt8]) -> ([Segment], scan: Int)? {
    var segments: [Segment] = []
    var offset = 2
    while offset < bytes.count {
      guard bytes[offset] == 0xFF else { return nil }
      let start = offset
      while offset < bytes.count, bytes[offset] == 0xFF { offset += 1 }  // fill bytes
      guard offset < bytes.count else { return nil }
      let marker = bytes[offset]
      offset += 1
      switch marker {
      case 0xD9, 0xDA:
        return (segments, start)
      case 0x01, 0xD0...0xD8:
        segments.append(Segment(marker: marker, whole: start..<offset, payload: offset..<offset))
        continue
      case 0x00:
        return nil
      default:
        break
      }
      guard offset + 2 <= bytes.count else { return nil }
      let length = ImageFileSize.big16(bytes, offset)
      guard length >= 2, offset + length <= bytes.count else { return nil }
      segments.append(
        Segment(marker: marker, whole: start..<offset + length, payload: offset + 2..<offset + length))
      offset += length
    }
    return nil
  }
}
