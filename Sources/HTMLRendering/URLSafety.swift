/// Decides which link and image destinations are dangerous, with cmark-gfm's rule:
/// `javascript:`, `vbscript:`, `file:` and `data:` (except `data:image/png|gif|jpeg|webp`),
/// compared without regard to case.
public enum URLSafety {
  /// Whether `url` starts with a scheme that can run code or read local files.
  public static func isDangerous(_ url: some Collection<UInt8>) -> Bool {
    func hasPrefix(_ prefix: StaticString) -> Bool {
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
    if hasPrefix("data:image/png") || hasPrefix("data:image/gif") || hasPrefix("data:image/jpeg")
      || hasPrefix("data:image/webp")
    {
      return false
    }
    return hasPrefix("javascript:") || hasPrefix("vbscript:") || hasPrefix("file:") || hasPrefix("data:")
  }

  /// Whether `url` is dangerous; see ``isDangerous(_:)-(some Collection<UInt8>)``.
  public static func isDangerous(_ url: String) -> Bool { isDangerous(Array(url.utf8)) }
}
