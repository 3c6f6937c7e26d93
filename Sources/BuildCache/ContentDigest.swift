import CXXHash

/// A 128-bit digest of bytes (xxHash's XXH3-128): what a build stage's key is made of.
///
/// Not a cryptographic hash. Keys name what a stage read so that an edit changes them; a cache
/// someone planted can hold any value under any key whatever the hash, so the hash is not what
/// keeps a cache honest (docs/SECURITY.md, "The build cache").
public struct ContentDigest: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The digest's high and low 64 bits.
  public var high: UInt64
  /// The digest's low 64 bits.
  public var low: UInt64

  /// A digest with these two halves.
  public init(high: UInt64, low: UInt64) {
    self.high = high
    self.low = low
  }

  /// The digest of `bytes`.
  public init(of bytes: UnsafeRawBufferPointer) {
    let value = folio_xxh3_128(bytes.baseAddress, bytes.count)
    self.init(high: value.high, low: value.low)
  }

  /// The digest of `bytes` with `seed`: the same bytes under two seeds give unrelated digests,
  /// so a seed can say what kind of value the bytes are.
  public init(of bytes: UnsafeRawBufferPointer, seed: UInt64) {
    let value = folio_xxh3_128_seeded(bytes.baseAddress, bytes.count, seed)
    self.init(high: value.high, low: value.low)
  }

  /// The digest of `text`'s UTF-8 with `seed` (see ``init(of:seed:)-(UnsafeRawBufferPointer,_)``).
  public init(of text: String, seed: UInt64) {
    var text = text
    self = text.withUTF8 { ContentDigest(of: UnsafeRawBufferPointer($0), seed: seed) }
  }

  /// The digest of this digest followed by `next`, with `seed`: a list's digest is its parts
  /// chained one by one, in order, with no buffer of them all.
  public func followed(by next: ContentDigest, seed: UInt64) -> ContentDigest {
    withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 4) { words in
      words[0] = high.bigEndian
      words[1] = low.bigEndian
      words[2] = next.high.bigEndian
      words[3] = next.low.bigEndian
      return ContentDigest(of: UnsafeRawBufferPointer(words), seed: seed)
    }
  }

  /// The two digests added half by half, wrapping: the same for the same parts in any order,
  /// for the members of an object, whose order means nothing.
  public static func &+ (left: ContentDigest, right: ContentDigest) -> ContentDigest {
    ContentDigest(high: left.high &+ right.high, low: left.low &+ right.low)
  }

  /// The digest of `bytes`.
  public init(of bytes: [UInt8]) {
    self = bytes.withUnsafeBytes { ContentDigest(of: $0) }
  }

  /// The digest of `text`'s UTF-8.
  public init(of text: String) {
    var text = text
    self = text.withUTF8 { ContentDigest(of: UnsafeRawBufferPointer($0)) }
  }

  /// The digest of `parts` in order: two lists that differ in any part, or in how the same bytes
  /// are cut into parts, get different digests (each part goes in as its own digest).
  public init(combining parts: [ContentDigest]) {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(parts.count * 16)
    for part in parts { part.append(to: &bytes) }
    self.init(of: bytes)
  }

  /// The digest's 16 bytes, high half first, each half big-endian: its order is the digests'.
  public func append(to bytes: inout [UInt8]) {
    for shift in stride(from: 56, through: 0, by: -8) {
      bytes.append(UInt8(truncatingIfNeeded: high >> shift))
    }
    for shift in stride(from: 56, through: 0, by: -8) {
      bytes.append(UInt8(truncatingIfNeeded: low >> shift))
    }
  }

  /// 32 hexadecimal digits.
  public var description: String {
    func padded(_ half: UInt64) -> String {
      let digits = String(half, radix: 16)
      return String(repeating: "0", count: 16 - digits.count) + digits
    }
    return padded(high) + padded(low)
  }

  /// Orders by the high half, then the low one.
  public static func < (left: ContentDigest, right: ContentDigest) -> Bool {
    (left.high, left.low) < (right.high, right.low)
  }

  /// XXH3's 64-bit digest of `bytes`: the cache file's checksum.
  static func checksum(of bytes: UnsafeRawBufferPointer) -> UInt64 {
    folio_xxh3_64(bytes.baseAddress, bytes.count)
  }
}
