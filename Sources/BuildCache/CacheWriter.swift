/// Writes values into the bytes of a cache entry: numbers as variable-length integers, strings
/// and byte runs after their length. ``CacheReader`` reads them back in the same order.
///
/// A format of Folio's own instead of JSON or a property list: a 10,000-page site's entries are
/// read at the start of every cached build, and decoding them must cost a small part of what
/// rendering the pages again would.
public struct CacheWriter: Sendable {
  /// The bytes written so far.
  public private(set) var bytes: [UInt8] = []

  /// Hands over the bytes written so far and starts empty again, keeping the room.
  public mutating func takeBytes() -> [UInt8] {
    let taken = bytes
    bytes.removeAll(keepingCapacity: true)
    return taken
  }

  /// An empty writer with room for `capacity` bytes.
  public init(capacity: Int = 256) {
    bytes.reserveCapacity(capacity)
  }

  /// Writes an unsigned number in 7-bit groups, low first, the high bit set on all but the last.
  public mutating func write(_ value: UInt64) {
    var value = value
    while value >= 0x80 {
      bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
      value >>= 7
    }
    bytes.append(UInt8(value))
  }

  /// Writes a signed number (zig-zag, so small negative numbers stay short).
  public mutating func write(_ value: Int) {
    let wide = Int64(value)
    write(UInt64(bitPattern: (wide << 1) ^ (wide >> 63)))
  }

  /// Writes a Boolean as one byte.
  public mutating func write(_ value: Bool) {
    bytes.append(value ? 1 : 0)
  }

  /// Writes a string's UTF-8 after its length.
  public mutating func write(_ value: String) {
    var value = value
    value.withUTF8 { utf8 in
      write(UInt64(utf8.count))
      bytes.append(contentsOf: utf8)
    }
  }

  /// Writes an optional string: a byte saying whether it is there, then the string.
  public mutating func write(_ value: String?) {
    write(value != nil)
    if let value { write(value) }
  }

  /// Writes bytes after their count.
  public mutating func write(bytes run: [UInt8]) {
    write(UInt64(run.count))
    bytes.append(contentsOf: run)
  }

  /// Writes a digest's 16 bytes.
  public mutating func write(_ digest: ContentDigest) {
    digest.append(to: &bytes)
  }

  /// Writes `values`' count, then each with `each`.
  public mutating func write<Element>(
    _ values: some Collection<Element>, _ each: (inout CacheWriter, Element) -> Void
  ) {
    write(UInt64(values.count))
    for value in values { each(&self, value) }
  }

  /// Appends bytes as they are, without a count (the caller knows their length).
  public mutating func appendRaw(_ run: some Collection<UInt8>) {
    bytes.append(contentsOf: run)
  }

  /// Writes strings in byte order, so that a set is written the same way in every process.
  public mutating func write(sorted strings: Set<String>) {
    let sorted = strings.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    write(sorted) { $0.write($1) }
  }
}
