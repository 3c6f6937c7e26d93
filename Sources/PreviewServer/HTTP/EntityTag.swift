/// Strong entity tags made from a content hash, and the `If-None-Match` comparison.
enum EntityTag {
  /// A strong tag for `bytes`: the length and a 64-bit FNV-1a hash, in quotes.
  ///
  /// FNV is not cryptographic, but a preview server only needs to notice that a page changed,
  /// and the length makes an accidental collision between two versions of a file even rarer.
  static func strong(for bytes: some Collection<UInt8>) -> String {
    "\"\(String(bytes.count, radix: 16))-\(hex(hash(bytes)))\""
  }

  /// The tag of a representation derived from `tag` by a fixed transformation named `variant`.
  ///
  /// Injecting the live-reload tags is deterministic, so the injected page's tag can be derived
  /// from the stored one without hashing the page again.
  static func derived(from tag: String, variant: String) -> String {
    guard tag.hasSuffix("\"") else { return tag }
    return String(tag.dropLast()) + "-\(variant)\""
  }

  /// Whether an `If-None-Match` header value matches `tag`, using the weak comparison that
  /// RFC 9110 §13.1.2 prescribes for this header (a `W/` prefix is ignored).
  static func header(_ ifNoneMatch: String, matches tag: String) -> Bool {
    for candidate in ifNoneMatch.split(separator: ",") {
      var candidate = candidate.trimmingASCIISpaces()
      if candidate == "*" { return true }
      if candidate.hasPrefix("W/") { candidate = candidate.dropFirst(2) }
      if candidate == tag { return true }
    }
    return false
  }

  /// 64-bit FNV-1a.
  static func hash(_ bytes: some Collection<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    return hash
  }

  /// Sixteen lowercase hex digits.
  static func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
