import Glibc

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
  ///
  /// Phones append images after the photo's EOI (MPF's second frames, Ultra HDR gain maps), each
  /// with metadata of its own. `.location` strips each JPEG found there the same way and copies
  /// what follows them; `.all` drops everything after the photo, since the MPF and XMP segments
  /// that point at those images are gone.
  static func stripping(_ bytes: [UInt8], _ policy: MetadataPolicy) -> (bytes: [UInt8], hadLocation: Bool)? {
    guard var image = strippingImage(bytes, at: 0, policy) else { return nil }
    var output = image.bytes
    var hadLocation = image.hadLocation
    // Each turn moves past a whole image (at least SOI and EOI).
    while let end = image.end, end < bytes.count {
      guard bytes[end...].starts(with: [0xFF, 0xD8]), let next = strippingImage(bytes, at: end, policy) else {
        if policy == .location { output += bytes[end...] }
        break
      }
      hadLocation = hadLocation || next.hadLocation
      if policy == .location { output += next.bytes }
      image = next
    }
    return (output, hadLocation)
  }

  /// The image that starts (with SOI) at `start`, stripped, and where it ends (after its EOI;
  /// nil when no EOI was found and the rest of the bytes were copied).
  private static func strippingImage(
    _ bytes: [UInt8], at start: Int, _ policy: MetadataPolicy
  ) -> (bytes: [UInt8], hadLocation: Bool, end: Int?)? {
    guard let walked = walk(bytes, from: start + 2) else { return nil }
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

    var output = Array(bytes[start..<start + 2])
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
    let end = endOfImage(bytes, from: scan)
    output += bytes[scan..<(end ?? bytes.count)]
    return (output, exifHasLocation || xmpHasLocation, end)
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
  private static func walk(_ bytes: [UInt8], from start: Int) -> ([Segment], scan: Int)? {
    var segments: [Segment] = []
    var offset = start
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

  /// Where the image whose scan (or EOI) starts at `scan` ends: just after its EOI; nil when the
  /// bytes end first or a segment is malformed. Progressive images have tables and further
  /// scans between scans; inside a scan a 0xFF is followed by 0x00 (a stuffed byte) or a restart
  /// marker, and any other marker ends it. Each turn moves past at least one byte.
  private static func endOfImage(_ bytes: [UInt8], from scan: Int) -> Int? {
    var offset = scan
    while offset < bytes.count {
      guard bytes[offset] == 0xFF else { return nil }
      while offset < bytes.count, bytes[offset] == 0xFF { offset += 1 }  // fill bytes
      guard offset < bytes.count else { return nil }
      let marker = bytes[offset]
      offset += 1
      switch marker {
      case 0xD9: return offset
      case 0x01, 0xD0...0xD8: continue
      case 0x00: return nil
      default: break
      }
      guard offset + 2 <= bytes.count else { return nil }
      let length = ImageFileSize.big16(bytes, offset)
      guard length >= 2, offset + length <= bytes.count else { return nil }
      offset += length
      guard marker == 0xDA else { continue }
      guard let end = endOfScan(bytes, from: offset) else { return nil }
      offset = end
    }
    return nil
  }

  /// Where the entropy-coded data from `offset` ends: the first 0xFF followed by neither 0x00 (a
  /// stuffed byte) nor a restart marker, when a byte follows it. `memchr` finds each 0xFF, since
  /// this walks all of every photo on every build (byte by byte it was most of a warm build's
  /// image work).
  private static func endOfScan(_ bytes: [UInt8], from offset: Int) -> Int? {
    bytes.withUnsafeBytes { raw -> Int? in
      guard let base = raw.baseAddress else { return nil }
      var position = offset
      // A 0xFF in the last byte has nothing after it: the search stops before it.
      while position + 1 < raw.count {
        guard let found = memchr(base + position, 0xFF, raw.count - 1 - position) else { return nil }
        let index = base.distance(to: UnsafeRawPointer(found))
        let next = raw[index + 1]
        if next != 0, !(0xD0...0xD7).contains(next) { return index }
        position = index + 1
      }
      return nil
    }
  }
}
