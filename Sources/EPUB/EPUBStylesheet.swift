/// A CSS file every document of the book links to (the highlighting stylesheet, the theme's).
public struct EPUBStylesheet: Sendable, Equatable {
  /// The file's path in `EPUB/`.
  public var path: String
  /// The CSS, UTF-8.
  public var bytes: [UInt8]

  /// The stylesheet at `path` holding `bytes`.
  public init(path: String, bytes: [UInt8]) {
    self.path = path
    self.bytes = bytes
  }
}
