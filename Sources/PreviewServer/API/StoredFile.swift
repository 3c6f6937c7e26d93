/// The bytes of one built file, with the strong entity tag that identifies this version of it.
public struct StoredFile: Sendable, Hashable {
  /// The file's content.
  public let bytes: [UInt8]
  /// A strong `ETag` value (quoted) derived from a hash of `bytes`.
  public let entityTag: String

  /// Wraps `bytes`, computing its entity tag.
  public init(bytes: [UInt8]) {
    self.bytes = bytes
    self.entityTag = EntityTag.strong(for: bytes)
  }

  /// Wraps the UTF-8 encoding of `text`.
  public init(text: String) {
    self.init(bytes: Array(text.utf8))
  }
}
