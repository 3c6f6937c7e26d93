/// Reads what a ``CacheWriter`` wrote, in the same order. Every read checks that the bytes are
/// there and that a count fits in what is left, so a damaged or planted entry throws
/// ``Malformed`` instead of reading past its end or allocating what its counts claim.
public struct CacheReader {
  /// A cache entry's bytes ended early or held an impossible count.
  public struct Malformed: Error, Sendable, Equatable {
    /// Creates the error.
    public init() {}
  }

  private let bytes: ArraySlice<UInt8>
  private var position: Int

  /// A reader of `bytes` from their start.
  public init(_ bytes: ArraySlice<UInt8>) {
    self.bytes = bytes
    position = bytes.startIndex
  }

  /// Whether every byte has been read.
  public var isAtEnd: Bool { position == bytes.endIndex }

  /// How many bytes are left to read.
  public var remaining: Int { bytes.endIndex - position }

  /// Skips `count` bytes.
  public mutating func skip(_ count: Int) throws(Malformed) {
    guard count >= 0, count <= remaining else { throw Malformed() }
    position += count
  }

  /// Reads an unsigned number written by ``CacheWriter/write(_:)-(UInt64)``.
  public mutating func readUInt64() throws(Malformed) -> UInt64 {
    var value: UInt64 = 0
    var shift: UInt64 = 0
    while true {
      guard position < bytes.endIndex, shift < 64 else { throw Malformed() }
      let byte = bytes[position]
      position += 1
      value |= UInt64(byte & 0x7F) << shift
      if byte < 0x80 { return value }
      shift += 7
    }
  }

  /// Reads a signed number.
  public mutating func readInt() throws(Malformed) -> Int {
    let raw = try readUInt64()
    return Int(truncatingIfNeeded: Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1))
  }

  /// Reads a count of things that each take at least `minimumBytes`: no more than the bytes
  /// left can hold.
  public mutating func readCount(minimumBytes: Int = 1) throws(Malformed) -> Int {
    let count = try readUInt64()
    guard count <= UInt64(bytes.endIndex - position) / UInt64(max(1, minimumBytes)) else { throw Malformed() }
    return Int(count)
  }

  /// Reads a Boolean.
  public mutating func readBool() throws(Malformed) -> Bool {
    guard position < bytes.endIndex else { throw Malformed() }
    let byte = bytes[position]
    position += 1
    guard byte <= 1 else { throw Malformed() }
    return byte == 1
  }

  /// Reads a string (bytes that are not UTF-8 are replaced, as everywhere Folio reads text).
  public mutating func readString() throws(Malformed) -> String {
    let count = try readCount()
    defer { position += count }
    return String(decoding: bytes[position..<position + count], as: UTF8.self)
  }

  /// Reads an optional string.
  public mutating func readOptionalString() throws(Malformed) -> String? {
    try readBool() ? try readString() : nil
  }

  /// Reads a run of bytes.
  public mutating func readBytes() throws(Malformed) -> [UInt8] {
    let count = try readCount()
    defer { position += count }
    return Array(bytes[position..<position + count])
  }

  /// Reads a digest.
  public mutating func readDigest() throws(Malformed) -> ContentDigest {
    guard bytes.endIndex - position >= 16 else { throw Malformed() }
    var halves: (UInt64, UInt64) = (0, 0)
    for index in 0..<8 { halves.0 = halves.0 << 8 | UInt64(bytes[position + index]) }
    for index in 8..<16 { halves.1 = halves.1 << 8 | UInt64(bytes[position + index]) }
    position += 16
    return ContentDigest(high: halves.0, low: halves.1)
  }

  /// Reads a count, then that many values with `each`.
  public mutating func readArray<Element>(
    _ each: (inout CacheReader) throws(Malformed) -> Element
  ) throws(Malformed) -> [Element] {
    let count = try readCount()
    var values: [Element] = []
    values.reserveCapacity(count)
    for _ in 0..<count { values.append(try each(&self)) }
    return values
  }

  /// Reads a set of strings.
  public mutating func readStringSet() throws(Malformed) -> Set<String> {
    Set(try readArray { reader throws(Malformed) in try reader.readString() })
  }
}
