/// An image file format Folio knows by name: what ``ImageProcessor/describe(_:)`` reports, and
/// (JPEG, PNG, WebP and AVIF) what ``ImageProcessor/resize(_:toWidth:as:quality:)`` writes.
package enum ImageFormat: String, Sendable, CaseIterable {
  /// JPEG (JFIF or Exif).
  case jpeg
  /// PNG.
  case png
  /// WebP, still or animated.
  case webp
  /// AVIF: AV1 in a HEIF container.
  case avif
  /// GIF, still or animated.
  case gif
  /// TIFF.
  case tiff
  /// HEIF with HEVC inside, as phones take photos.
  case heif

  /// The formats `resize` writes; the others are read only.
  package var isWritable: Bool {
    switch self {
    case .jpeg, .png, .webp, .avif: true
    case .gif, .tiff, .heif: false
    }
  }

  /// The file name extension without its dot (`jpg` for JPEG, as most sites name them).
  package var fileExtension: String {
    switch self {
    case .jpeg: "jpg"
    case .tiff: "tif"
    default: rawValue
    }
  }

  /// The media type, for `<source type="…">` and HTTP.
  package var mediaType: String { "image/\(rawValue)" }
}
