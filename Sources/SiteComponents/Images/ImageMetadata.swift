/// What is removed from a published image.
package enum MetadataPolicy: Sendable {
  /// Everything but what changes how the image looks: the ICC profile, Adobe APP14, JFIF, and the
  /// Exif orientation (kept as a minimal Exif block holding only Orientation, so a rotated photo
  /// still shows upright).
  case all
  /// Only the position: the Exif GPS directory (its entries and values zeroed and its pointer
  /// removed from IFD0), and XMP packets that mention GPS (`exif:GPS…`) dropped.
  case location
}

/// An image's bytes after its metadata was removed.
package struct StrippedImage: Sendable, Equatable {
  /// The image to publish; the input itself when `changed` is false.
  package var bytes: [UInt8]
  /// Whether the input held a position: an Exif GPS directory, or XMP that mentions GPS.
  package var hadLocation: Bool
  /// Whether `bytes` differ from the input.
  package var changed: Bool
}

/// Lossless removal of metadata from JPEG, PNG and WebP files: a phone photo's Exif GPS position
/// would otherwise be published with it.
///
/// The image data is copied byte for byte (re-encoding would lose quality); only metadata
/// segments or chunks are dropped, or edited in place without changing their length. Like
/// ``ImageFileSize``, every length and offset is checked against the bytes given and every loop
/// moves forward, so no input can trap or hang it.
package enum ImageMetadata {
  /// `bytes` with what `policy` names removed; nil when the bytes are not a JPEG, PNG or WebP
  /// this understands (the caller publishes the file as it is, or refuses it). Never traps on
  /// any input.
  package static func stripping(_ bytes: [UInt8], _ policy: MetadataPolicy) -> StrippedImage? {
    let result: (bytes: [UInt8], hadLocation: Bool)?
    if bytes.starts(with: [0xFF, 0xD8]) {
      result = JPEGMetadata.stripping(bytes, policy)
    } else if bytes.starts(with: PNGMetadata.signature) {
      result = PNGMetadata.stripping(bytes, policy)
    } else if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)),
      bytes[8..<12].elementsEqual("WEBP".utf8)
    {
      result = WebPMetadata.stripping(bytes, policy)
    } else {
      result = nil
    }
    guard let result else { return nil }
    // Compared rather than tracked: an output rebuilt to the same bytes (a second `.all` that
    // drops the minimal Exif block and writes it again) is no change.
    let changed = result.bytes != bytes
    return StrippedImage(
      bytes: changed ? result.bytes : bytes, hadLocation: result.hadLocation, changed: changed)
  }

  /// Whether `text` occurs in `bytes` (XMP is searched as bytes: it need not be valid UTF-8).
  static func contains(_ bytes: ArraySlice<UInt8>, _ text: String) -> Bool {
    let needle = Array(text.utf8)
    guard !needle.isEmpty, bytes.count >= needle.count else { return false }
    var start = bytes.startIndex
    while start <= bytes.endIndex - needle.count {
      if bytes[start] == needle[0], bytes[start..<start + needle.count].elementsEqual(needle) { return true }
      start += 1
    }
    return false
  }

  /// Whether an XMP packet mentions a position (`exif:GPSLatitude`, `GPSAltitude`, …).
  static func xmpHasLocation(_ packet: ArraySlice<UInt8>) -> Bool {
    contains(packet, "GPS")
  }

  /// `value` as four big-endian bytes (PNG lengths and CRCs).
  static func big32(_ value: Int) -> [UInt8] {
    [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
  }

  /// `value` as four little-endian bytes (RIFF sizes).
  static func little32(_ value: Int) -> [UInt8] {
    [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24 & 0xFF)]
  }
}
