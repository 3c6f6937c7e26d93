/// A name-based UUID (RFC 9562 version 5: SHA-1 of a namespace and a name): the same name always
/// gives the same UUID, so a book keeps its identifier from build to build without storing one.
public struct NameBasedUUID: Sendable, Equatable, Hashable {
  /// The namespace for names that are URLs (RFC 9562, `6ba7b811-9dad-11d1-80b4-00c04fd430c8`).
  public static let urlNamespace: [UInt8] = [
    0x6B, 0xA7, 0xB8, 0x11, 0x9D, 0xAD, 0x11, 0xD1, 0x80, 0xB4, 0x00, 0xC0, 0x4F, 0xD4, 0x30, 0xC8,
  ]

  /// The UUID's 16 bytes.
  public let bytes: [UInt8]

  /// The UUID of `name` in `namespace` (16 bytes; URLs' by default).
  public init(name: [UInt8], namespace: [UInt8] = NameBasedUUID.urlNamespace) {
    var digest = Array(SHA1.digest(namespace + name).prefix(16))
    digest[6] = digest[6] & 0x0F | 0x50  // version 5
    digest[8] = digest[8] & 0x3F | 0x80  // the RFC's variant
    bytes = digest
  }

  /// The UUID in its usual form, lower-case hexadecimal in groups of 8-4-4-4-12.
  public var string: String {
    let hex = bytes.map { byte in
      String(byte >> 4, radix: 16) + String(byte & 0x0F, radix: 16)
    }
    return [0..<4, 4..<6, 6..<8, 8..<10, 10..<16].map { hex[$0].joined() }.joined(separator: "-")
  }

  /// The UUID as a URN (`urn:uuid:…`), the form EPUB identifiers take.
  public var urn: String { "urn:uuid:" + string }
}
