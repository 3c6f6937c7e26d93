#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The order of Folio's sorts: strings by their UTF-8 bytes, the same on every machine, and much
/// cheaper than Unicode-aware comparison on sites with thousands of pages.
package enum ByteOrder {
  /// Whether `a` sorts before `b` by UTF-8 bytes.
  package static func precedes(_ a: String, _ b: String) -> Bool {
    compare(a, b) < 0
  }

  /// Negative, zero or positive as `a` sorts before, with or after `b` by UTF-8 bytes.
  package static func compare(_ a: String, _ b: String) -> Int {
    // memcmp over the contiguous UTF-8 of native strings; iterating the UTF8View byte by byte
    // showed up in the sorts of large sites.
    var (a, b) = (a, b)
    return a.withUTF8 { x in
      b.withUTF8 { y in
        let common = min(x.count, y.count)
        guard common > 0, let first = x.baseAddress, let second = y.baseAddress else {
          return x.count - y.count
        }
        let order = memcmp(first, second, common)
        return order != 0 ? Int(order) : x.count - y.count
      }
    }
  }
}
