/// A request target that passed every safety check, split into decoded path segments.
///
/// The check works on the bytes as they arrived, before any decoding, and refuses rather than
/// repairs: a path that needs cleaning up is an attack or a bug, and serving "what it probably
/// meant" is how traversal bugs start. Only origin-form targets (`/path?query`) are accepted.
struct RequestTarget: Equatable, Sendable {
  /// The decoded segments, none empty, `.` or `..`, none holding `/`, `\`, NUL or a control
  /// character, each valid UTF-8 (so overlong encodings such as `%c0%ae` are refused).
  var segments: [String]
  /// Whether the path ended with `/` (always true for the root).
  var hasTrailingSlash: Bool
  /// The raw query without the `?`, when there was one.
  var query: String?

  /// Validates a raw target; returns nil when any rule is broken.
  init?(raw: some Collection<UInt8>) {
    let bytes = Array(raw)
    guard bytes.first == UInt8(ascii: "/") else { return nil }
    let questionMark = bytes.firstIndex(of: UInt8(ascii: "?"))
    let path = bytes[..<(questionMark ?? bytes.endIndex)]
    if let questionMark {
      let query = bytes[(questionMark + 1)...]
      guard query.allSatisfy(Self.isAllowedInQuery) else { return nil }
      self.query = String(decoding: query, as: UTF8.self)
    } else {
      self.query = nil
    }
    guard path.allSatisfy(Self.isAllowedInPath) else { return nil }

    var rawSegments = path.dropFirst().split(
      separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
    hasTrailingSlash = rawSegments.last?.isEmpty ?? true
    if hasTrailingSlash { rawSegments.removeLast() }
    var segments: [String] = []
    for rawSegment in rawSegments {
      // An empty segment is `//`, which some resolvers treat as a new root.
      guard let segment = Self.decode(rawSegment) else { return nil }
      segments.append(segment)
    }
    self.segments = segments
  }

  /// The segments joined with `/`, relative to the store root (empty for the root).
  var relativePath: String { segments.joined(separator: "/") }

  /// The path re-encoded from the decoded segments, for `Location` headers: nothing the client
  /// sent is reflected byte for byte.
  func encodedPath(trailingSlash: Bool) -> String {
    var path = "/" + segments.map(Self.percentEncoded).joined(separator: "/")
    if trailingSlash && !segments.isEmpty { path += "/" }
    return path
  }

  private static func decode(_ raw: ArraySlice<UInt8>) -> String? {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(raw.count)
    var index = raw.startIndex
    while index < raw.endIndex {
      var byte = raw[index]
      if byte == UInt8(ascii: "%") {
        guard raw.endIndex - index >= 3,
          let high = hexValue(raw[index + 1]), let low = hexValue(raw[index + 2])
        else { return nil }
        byte = high << 4 | low
        index += 3
      } else {
        index += 1
      }
      guard !isForbiddenAfterDecoding(byte) else { return nil }
      bytes.append(byte)
    }
    guard let segment = String(validating: bytes, as: UTF8.self),
      !segment.isEmpty, segment != ".", segment != ".."
    else { return nil }
    return segment
  }

  private static func isAllowedInPath(_ byte: UInt8) -> Bool {
    // Raw bytes ≥ 0x80 are allowed here (some clients send UTF-8 unencoded) and are validated
    // as UTF-8 after decoding. Backslashes are refused outright: they separate paths elsewhere.
    byte > 0x20 && byte != 0x7F && byte != UInt8(ascii: "\\") && byte != UInt8(ascii: "#")
  }

  private static func isAllowedInQuery(_ byte: UInt8) -> Bool {
    // The query may be echoed in a redirect's Location header, so only visible ASCII passes.
    byte > 0x20 && byte < 0x7F && byte != UInt8(ascii: "#")
  }

  private static func isForbiddenAfterDecoding(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "\\")
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  static func percentEncoded(_ segment: String) -> String {
    var result = ""
    for byte in segment.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"):
        result.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let digits = String(byte, radix: 16, uppercase: true)
        result += "%" + (digits.count == 1 ? "0" : "") + digits
      }
    }
    return result
  }
}
