extension ZipArchive {
  /// One file in an archive: its path inside the archive, its bytes and how they are stored.
  public struct Entry: Sendable, Equatable {
    /// The path inside the archive, `/`-separated and relative (``ZipProblem`` lists the rules).
    public var path: String
    /// The file's contents, uncompressed.
    public var bytes: [UInt8]
    /// Whether the bytes are written as they are or deflated.
    public var compression: Compression

    /// An entry at `path` holding `bytes`, deflated unless told otherwise.
    public init(path: String, bytes: [UInt8], compression: Compression = .deflated) {
      self.path = path
      self.bytes = bytes
      self.compression = compression
    }
  }

  /// How an entry's bytes are written.
  public enum Compression: Sendable, Equatable {
    /// As they are (method 0), as EPUB requires for its `mimetype` file.
    case stored
    /// Deflated at level 6, zlib's default (method 8): level 9 made a 100-chapter book 0.2% smaller
    /// (198,286 against 198,677 bytes) in more time.
    case deflated
  }
}
