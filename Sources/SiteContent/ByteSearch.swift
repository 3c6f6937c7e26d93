internal import CSystemCalls

/// Finding bytes in bytes, with the C library's `memmem` (through `CSystemCalls`: Swift's Glibc
/// does not declare it): the anchor check searches whole HTML files for one attribute.
package enum ByteSearch {
  /// Whether `needle` occurs in `haystack`.
  package static func contains(_ needle: [UInt8], in haystack: [UInt8]) -> Bool {
    haystack.withUnsafeBytes { haystack in
      needle.withUnsafeBytes {
        folio_contains_bytes(haystack.baseAddress, haystack.count, $0.baseAddress, $0.count)
      }
    }
  }
}
