/// A PNG that decodes, with a pattern of colours, made in the test: a photo the images stage can
/// make variants of, with no binary fixture. The pixels are stored uncompressed (deflate's
/// stored blocks), which every decoder reads.
enum PhotoPNG {
  /// A `width`×`height` RGB PNG; `seed` changes its pixels (and so its bytes and stamp).
  static func make(_ width: Int, _ height: Int, seed: UInt8 = 0) -> [UInt8] {
    var raw: [UInt8] = []
    raw.reserveCapacity((width * 3 + 1) * height)
    for y in 0..<height {
      raw.append(0)  // no filter
      for x in 0..<width {
        raw += [
          UInt8(truncatingIfNeeded: x &+ Int(seed)), UInt8(truncatingIfNeeded: y),
          UInt8(truncatingIfNeeded: x ^ y),
        ]
      }
    }
    var zlib: [UInt8] = [0x78, 0x01]
    var offset = 0
    repeat {
      let count = min(65_535, raw.count - offset)
      let last: UInt8 = offset + count == raw.count ? 1 : 0
      zlib += [last, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8(~count >> 8 & 0xFF)]
      zlib += raw[offset..<(offset + count)]
      offset += count
    } while offset < raw.count
    zlib += big32(adler32(raw))
    let header = big32(width) + big32(height) + [8, 2, 0, 0, 0]
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", zlib)
      + chunk("IEND", [])
  }

  private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let body = Array(type.utf8) + data
    return big32(data.count) + body + big32(Int(crc32(body)))
  }

  private static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }

  private static func adler32(_ bytes: [UInt8]) -> Int {
    var (a, b) = (1, 0)
    for byte in bytes {
      a = (a + Int(byte)) % 65_521
      b = (b + a) % 65_521
    }
    return b << 16 | a
  }

  private static func big32(_ value: Int) -> [UInt8] {
    [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
  }
}
