/// A JPEG with a hand-made EXIF block (APP1) put in front of its other segments: libvips writes
/// orientation, but not GPS fields, so the tests build the block byte by byte.
enum ExifJPEG {
  /// `jpeg` (which must have no EXIF of its own) with an EXIF block holding `orientation` and,
  /// when `withGPS` is set, a GPS directory with a version and a latitude reference.
  static func adding(to jpeg: [UInt8], orientation: UInt16, withGPS: Bool) -> [UInt8] {
    // Big-endian TIFF: header, the first directory at 8, the GPS directory right after it.
    var tiff: [UInt8] = Array("MM".utf8) + be16(42) + be32(8)
    let entries = withGPS ? 2 : 1
    let gpsOffset = UInt32(8 + 2 + entries * 12 + 4)
    tiff += be16(UInt16(entries))
    tiff += be16(0x0112) + be16(3) + be32(1) + be16(orientation) + [0, 0]  // Orientation, SHORT
    if withGPS {
      tiff += be16(0x8825) + be16(4) + be32(1) + be32(gpsOffset)  // GPSInfo, LONG
    }
    tiff += be32(0)
    if withGPS {
      tiff += be16(2)
      tiff += be16(0x0000) + be16(1) + be32(4) + [2, 2, 0, 0]  // GPSVersionID, BYTE × 4
      tiff += be16(0x0001) + be16(2) + be32(2) + Array("N".utf8) + [0, 0, 0]  // GPSLatitudeRef
      tiff += be32(0)
    }
    let payload = Array("Exif".utf8) + [0, 0] + tiff
    let segment: [UInt8] = [0xFF, 0xE1] + be16(UInt16(payload.count + 2)) + payload
    return Array(jpeg[0..<2]) + segment + Array(jpeg[2...])
  }

  private static func be16(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }

  private static func be32(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
  }
}
