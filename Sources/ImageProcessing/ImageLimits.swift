/// The largest image ``ImageProcessor`` decodes: a file over either limit is refused from its
/// header alone, before a pixel is decoded, so a small hostile file cannot claim gigabytes.
package struct ImageLimits: Sendable {
  /// The most pixels (width × height of one frame) an image may have.
  package var maximumPixels: Int
  /// The largest file, in bytes.
  package var maximumBytes: Int

  /// Limits of `maximumPixels` pixels and `maximumBytes` bytes.
  package init(maximumPixels: Int, maximumBytes: Int) {
    self.maximumPixels = maximumPixels
    self.maximumBytes = maximumBytes
  }

  /// 100 megapixels and 100 MB: above any camera's photo (a 100-megapixel RGB image is about
  /// 300 MB decoded), below what hurts a build that resizes two at once.
  package static let standard = ImageLimits(maximumPixels: 100_000_000, maximumBytes: 100_000_000)
}
