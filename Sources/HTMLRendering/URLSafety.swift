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

  /// Whether `url`, written into an `href` as it is (HTML-escaped, not percent-encoded, as data
  /// files' URLs are), is dangerous as a browser reads it: the URL parser drops C0 controls and
  /// spaces around it and tabs and newlines inside it, so `java⇥script:` and `\u{1}javascript:`
  /// run script although they do not start with `javascript:`.
  public static func isDangerousInHref(_ url: String) -> Bool {
    var bytes = Array(url.utf8)
    bytes.removeAll { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    let start = bytes.firstIndex { $0 > 0x20 } ?? bytes.endIndex
    let end = bytes.lastIndex { $0 > 0x20 }.map { $0 + 1 } ?? start
    return start < end && isDangerous(bytes[start..<end])
  }
}
