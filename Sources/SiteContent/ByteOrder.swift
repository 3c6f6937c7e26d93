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
    // memcmp over the contiguous UTF-8 of the strings, read in place: iterating the UTF8View
    // byte by byte showed up in the sorts of large sites, and so did copying the two strings
    // to call `withUTF8` (a retain and a release of each, per comparison).
    let inPlace = a.utf8.withContiguousStorageIfAvailable { x in
      b.utf8.withContiguousStorageIfAvailable { y in compare(x, y) }
    }
    if let order = inPlace ?? nil { return order }
    var (a, b) = (a, b)
    return a.withUTF8 { x in b.withUTF8 { y in compare(x, y) } }
  }

  /// The strings of `a` and `b`, each in byte order already, in byte order: a merge, not a
  /// sort, for a long list and a few more.
  package static func merged(_ a: [String], _ b: [String]) -> [String] {
    guard !b.isEmpty else { return a }
    guard !a.isEmpty else { return b }
    var result: [String] = []
    result.reserveCapacity(a.count + b.count)
    var (i, j) = (a.startIndex, b.startIndex)
    while i < a.endIndex, j < b.endIndex {
      if precedes(b[j], a[i]) {
        result.append(b[j])
        j += 1
      } else {
        result.append(a[i])
        i += 1
      }
    }
    result += a[i...]
    result += b[j...]
    return result
  }

  @inline(__always)
  private static func compare(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Int {
    let common = min(x.count, y.count)
    guard common > 0, let first = x.baseAddress, let second = y.baseAddress else { return x.count - y.count }
    let order = memcmp(first, second, common)
    return order != 0 ? Int(order) : x.count - y.count
  }
}
