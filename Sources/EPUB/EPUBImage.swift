/// An image embedded in the book.
public struct EPUBImage: Sendable, Equatable {
  /// The media types EPUB 3.3 calls core image types, which every reading system shows.
  public static let mediaTypes: Set<String> = [
    "image/jpeg", "image/png", "image/gif", "image/webp", "image/svg+xml",
  ]

  /// The file's path in `EPUB/`.
  public var path: String
  /// Its media type, one of ``mediaTypes``.
  public var mediaType: String
  /// The file's bytes.
  public var bytes: [UInt8]

  /// The image at `path` of `mediaType` holding `bytes`.
  public init(path: String, mediaType: String, bytes: [UInt8]) {
    self.path = path
    self.mediaType = mediaType
    self.bytes = bytes
  }
}
