/// The first bytes of a PNG whose header claims `width`×`height` pixels: enough for a header
/// read, with nothing to decode.
enum HugePNG {
  static func header(width: UInt32, height: UInt32) -> [UInt8] {
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    // 8-bit RGB, deflate, no filter method quirks, not interlaced.
    let fields = Array("IHDR".utf8) + be32(width) + be32(height) + [8, 2, 0, 0, 0]
    let ihdr = be32(13) + fields + be32(crc32(fields))
    let idat = Array("IDAT".utf8) + [0x78, 0x9C, 0x03, 0x00]
    return signature + ihdr + be32(4) + idat + be32(crc32(idat))
  }

  private static func be32(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
  }

  /// PNG's CRC-32 (ISO 3309), bit by bit: a few dozen bytes.
  private static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return crc ^ 0xFFFF_FFFF
  }
}
