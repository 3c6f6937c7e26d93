/// Why an image could not be described or resized. Every case comes from the file, never from
/// Folio, so a site build reports it against the file and goes on.
package enum ImageProblem: Error, Equatable, Sendable, CustomStringConvertible {
  /// Not an image a trusted decoder reads, or a format that cannot be written; the text says
  /// which.
  case unsupported(String)
  /// The decoder found the file broken or truncated; the text is the decoder's.
  case damaged(String)
  /// The header claims more pixels than ``ImageLimits/maximumPixels``.
  case tooManyPixels(width: Int, height: Int, limit: Int)
  /// The file is larger than ``ImageLimits/maximumBytes``.
  case tooManyBytes(Int, limit: Int)
  /// libvips, which is opened on first use, could not be; the text is why (the loader's).
  case libraryMissing(String)

  /// The problem as a sentence for a diagnostic.
  package var description: String {
    switch self {
    case .unsupported(let reason):
      "the image is not in a format Folio can use (\(reason))"
    case .damaged(let reason):
      "the image is damaged and cannot be decoded (\(reason))"
    case .tooManyPixels(let width, let height, let limit):
      "the image is \(width)×\(height) pixels, more than the limit of \(limit) pixels"
    case .tooManyBytes(let count, let limit):
      "the image file is \(count) bytes, more than the limit of \(limit) bytes"
    case .libraryMissing(let reason):
      "libvips could not be opened (\(reason)): install it, as Debian's package libvips42 (apt-get install libvips42)"
    }
  }
}
