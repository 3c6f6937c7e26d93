/// What an image file's header says, read without decoding its pixels.
package struct ImageDescription: Sendable, Equatable {
  /// The file's format.
  package var format: ImageFormat
  /// The width as the image is shown: after its EXIF orientation, so a portrait photo stored
  /// sideways (orientation 5–8) has its sides swapped.
  package var width: Int
  /// The height as the image is shown (see ``width``).
  package var height: Int
  /// More than one frame: an animated GIF or WebP. Resizing keeps the first frame only.
  package var isAnimated: Bool
  /// The file carries EXIF GPS fields: where the photo was taken. Resized copies never do.
  package var hasGPS: Bool
  /// The file carries EXIF, XMP or IPTC metadata (camera, dates, places, names). Resized copies
  /// never do.
  package var hasMetadata: Bool
  /// The EXIF orientation, 1–8 (1, upright, when there is none); resized copies are turned
  /// upright by it.
  package var orientation: Int

  /// A description with each field given.
  package init(
    format: ImageFormat, width: Int, height: Int, isAnimated: Bool = false, hasGPS: Bool = false,
    hasMetadata: Bool = false, orientation: Int = 1
  ) {
    self.format = format
    self.width = width
    self.height = height
    self.isAnimated = isAnimated
    self.hasGPS = hasGPS
    self.hasMetadata = hasMetadata
    self.orientation = orientation
  }
}
