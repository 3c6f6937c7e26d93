/// Metadata removal for WebP: the RIFF chunks are kept, dropped or edited in place, the `VP8X`
/// flags of dropped chunks cleared and the RIFF size written again.
enum WebPMetadata {
  /// A chunk inside the RIFF container.
  private struct Chunk {
    /// The four-character code (`EXIF`, `XMP `, `VP8X`, …).
    var name: String
    /// The header, the data and its pad byte.
    var whole: Range<Int>
    /// The data alone.
    var data: Range<Int>
  }

  /// Some writers put the JPEG APP1 header before the TIFF data of `EXIF`.
  private static let exifHeader = Array("Exif".utf8) + [0, 0]
  /// The `VP8X` flags that say an `EXIF` or an `XMP ` chunk follows.
  private static let exifFlag: UInt8 = 0x08
  private static let xmpFlag: UInt8 = 0x04

  /// `bytes` (RIFF … WEBP) without what `policy` removes, and whether they held a position; nil
  /// when the RIFF size or a chunk runs past the end.
  ///
  /// Under `.location` the `EXIF` chunk is edited as in a JPEG (GPS directory zeroed, its pointer
  /// taken out), not dropped: the camera, date and orientation stay, as they do there.
  static func stripping(_ bytes: [UInt8], _ policy: MetadataPolicy) -> (bytes: [UInt8], hadLocation: Bool)? {
    guard let chunks = walk(bytes) else { return nil }
    var output = Array(bytes[0..<12])
    var hadLocation = false
    var flagsAt: Int?
    var keptFlags: UInt8 = 0xFF
    for chunk in chunks {
      let data = bytes[chunk.data]
      switch chunk.name {
      case "EXIF":
        let prefix = data.starts(with: exifHeader) ? exifHeader.count : 0
        let edited = ExifMetadata.removingLocation(Array(data.dropFirst(prefix)))
        hadLocation = hadLocation || edited != nil
        if policy == .all {
          keptFlags &= ~exifFlag
          continue
        }
        if let edited {
          output += bytes[chunk.whole.lowerBound..<chunk.data.lowerBound + prefix] + edited
          output += bytes[chunk.data.upperBound..<chunk.whole.upperBound]
          continue
        }
      case "XMP ":
        let mentionsGPS = ImageMetadata.xmpHasLocation(data)
        hadLocation = hadLocation || mentionsGPS
        if policy == .all || mentionsGPS {
          keptFlags &= ~xmpFlag
          continue
        }
      case "VP8X" where !data.isEmpty:
        flagsAt = output.count + 8
      default:
        break
      }
      output += bytes[chunk.whole]
    }
    if let flagsAt {
      output[flagsAt] &= keptFlags
    }
    let riffEnd = 8 + little32(bytes, 4)
    output.replaceSubrange(4..<8, with: ImageMetadata.little32(output.count - 8))
    return (output + bytes[riffEnd...], hadLocation)
  }

  /// The chunks inside the RIFF size; nil when one runs past it. A missing pad byte after the
  /// last chunk is tolerated, as decoders do.
  private static func walk(_ bytes: [UInt8]) -> [Chunk]? {
    let riffSize = little32(bytes, 4)
    guard riffSize >= 4, 8 + riffSize <= bytes.count else { return nil }
    let end = 8 + riffSize
    var chunks: [Chunk] = []
    var offset = 12
    // Each turn moves past at least a chunk header (8 bytes).
    while offset < end {
      guard offset + 8 <= end else { return nil }
      let size = little32(bytes, offset + 4)
      guard offset + 8 + size <= end else { return nil }
      let data = offset + 8..<offset + 8 + size
      let whole = offset..<min(data.upperBound + (size & 1), end)
      chunks.append(
        Chunk(name: String(decoding: bytes[offset..<offset + 4], as: UTF8.self), whole: whole, data: data))
      offset = whole.upperBound
    }
    return chunks
  }

  /// The little-endian 32-bit number at `offset` (the caller checked the bounds).
  private static func little32(_ bytes: [UInt8], _ offset: Int) -> Int {
    ImageFileSize.little16(bytes, offset) | ImageFileSize.little16(bytes, offset + 2) << 16
  }
}
