/// Decides which link and image destinations are dangerous, with cmark-gfm's rule:
/// `javascript:`, `vbscript:`, `file:` and `data:` (except `data:image/png|gif|jpeg|webp`),
/// compared without regard to case.
public enum URLSafety {
  /// Whether `url` starts with a scheme that can run code or read local files.
  public static func isDangerous(_ url: some Collection<UInt8>) -> Bool {
    // Every scheme below starts with d, f, j or v: most URLs are let go on their first byte.
    guard let first = url.first else { return false }
    switch first | 0x20 {
    case UInt8(ascii: "d"), UInt8(ascii: "f"), UInt8(ascii: "j"), UInt8(ascii: "v"): break
    default: return false
    }
    if hasPrefix(url, "data:image/png") || hasPrefix(url, "data:image/gif")
      || hasPrefix(url, "data:image/jpeg")
      || hasPrefix(url, "data:image/webp")
    {
      return false
    }
    return hasPrefix(url, "javascript:") || hasPrefix(url, "vbscript:") || hasPrefix(url, "file:")
      || hasPrefix(url, "data:")
  }

  /// Whether `url` starts with `prefix` (lowercase ASCII), ASCII letters compared without case.
  /// (A function of its own rather than a closure over `url`: no context is made per call.)
  private static func hasPrefix(_ url: some Collection<UInt8>, _ prefix: StaticString) -> Bool {
    guard url.count >= prefix.utf8CodeUnitCount else { return false }
    var index = url.startIndex
    for expected in UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount) {
      var byte = url[index]
      if byte >= UInt8(ascii: "A"), byte <= UInt8(ascii: "Z") { byte += 32 }
      if byte != expected { return false }
      index = url.index(after: index)
    }
    return true
  }

  /// Whether `url` is dangerous; see ``isDangerous(_:)-(some Collection<UInt8>)``.
  public static func isDangerous(_ url: String) -> Bool { isDangerous(url.utf8) }

  /// Whether the bytes of `url` are dangerous; see ``isDangerous(_:)-(some Collection<UInt8>)``.
  /// Concrete, for callers in other modules, where the generic form is not specialised.
  public static func isDangerous(_ url: [UInt8]) -> Bool { isDangerous(url[...]) }
}
