/// The check of a site's base URL (`baseURL` in folio.yaml, `--base-url`): the one value written
/// unchanged into every canonical link, feed, the sitemap and robots.txt, so it must be an
/// absolute `http` or `https` URL whose every character is one a URL may hold as it is.
///
/// `javascript:alert(1)//x/` would otherwise be a link that runs script, a quote would end the
/// attribute it is written in, and `user:password@` would publish a credential.
package enum BaseURL {
  /// Why a value is not a base URL.
  package enum Problem: Error, Equatable, Sendable {
    /// The scheme is not `http` or `https`, or there is none.
    case notHTTP
    /// Nothing between `//` and the path.
    case noHost
    /// `user:password@` before the host.
    case credentials
    /// A character a host cannot hold.
    case hostCharacter(Character)
    /// A port that is not a number from 1 to 65535.
    case port(String)
    /// A `?` or `#`: a base URL is a folder, without a query or fragment.
    case queryOrFragment
    /// A character a URL's path cannot hold as it is (a space, a quote, `<`, a control).
    case pathCharacter(Character)
    /// A `.` or `..` segment, or a percent-encoded `.`, `/` or `\`.
    case dotSegment(String)

    /// The reason, as the end of a sentence that starts with the value.
    package var explanation: String {
      switch self {
      case .notHTTP: "is not an absolute http or https URL"
      case .noHost: "has no host"
      case .credentials: "holds a user name or password, which every page would publish"
      case .hostCharacter(let character): "has '\(character)' in its host"
      case .port(let port): "has the port '\(port)', not a number from 1 to 65535"
      case .queryOrFragment: "has a '?' or '#': a base URL is a folder"
      case .pathCharacter(let character):
        "has '\(Self.shown(character))' in its path, which URLs must percent-encode"
      case .dotSegment(let segment): "has the segment '\(segment)', which browsers resolve away"
      }
    }

    private static func shown(_ character: Character) -> String {
      character.unicodeScalars.map {
        $0.value < 0x20 || $0.value == 0x7F ? "\\u{\(String($0.value, radix: 16))}" : String($0)
      }.joined()
    }
  }

  /// `text` as the site's base URL: the scheme in lower case and a `/` at the end.
  package static func checked(_ text: String) throws(Problem) -> String {
    let lowered = text.prefix(8).lowercased()
    let scheme: String
    if lowered.hasPrefix("https://") {
      scheme = "https://"
    } else if lowered.hasPrefix("http://") {
      scheme = "http://"
    } else {
      throw .notHTTP
    }
    let rest = text.dropFirst(scheme.count)
    let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    var path = rest.dropFirst(authority.count)
    try check(authority: authority)
    if path.contains(where: { $0 == "?" || $0 == "#" }) { throw .queryOrFragment }
    for character in path where !isPathCharacter(character) { throw .pathCharacter(character) }
    for segment in path.split(separator: "/") {
      let lowered = segment.lowercased()
      if segment == "." || segment == ".."
        || OutputPath.encodedSeparators.contains(where: { lowered.contains($0) })
      {
        throw .dotSegment(String(segment))
      }
    }
    if path.isEmpty { path = "/" }
    return scheme + authority + path + (path.hasSuffix("/") ? "" : "/")
  }

  /// Checks the host and port: a name, an IPv4 address or a bracketed IPv6 one, then `:port`.
  private static func check(authority: Substring) throws(Problem) {
    guard !authority.isEmpty else { throw .noHost }
    if authority.contains("@") { throw .credentials }
    var host = authority
    var port: Substring? = nil
    if host.hasPrefix("[") {
      guard let close = host.firstIndex(of: "]") else { throw .hostCharacter("[") }
      let address = host[host.index(after: host.startIndex)..<close]
      for character in address where !(character.isHexDigit || character == ":" || character == ".") {
        throw .hostCharacter(character)
      }
      let after = host[host.index(after: close)...]
      if !after.isEmpty {
        guard after.hasPrefix(":") else { throw .hostCharacter(after.first ?? "]") }
        port = after.dropFirst()
      }
      host = host[...close]
    } else if let colon = host.lastIndex(of: ":") {
      port = host[host.index(after: colon)...]
      host = host[..<colon]
    }
    guard !host.isEmpty else { throw .noHost }
    if !host.hasPrefix("[") {
      // Letters of any script (internationalised names), digits, '-' and '.'.
      for character in host
      where !(character.isLetter || character.isNumber || character == "-" || character == ".") {
        throw .hostCharacter(character)
      }
    }
    if let port {
      guard let number = Int(port), (1...65_535).contains(number), port.allSatisfy(\.isASCII) else {
        throw .port(String(port))
      }
    }
  }

  /// Whether a URL's path may hold `character` as it is (RFC 3986 `pchar` and `/`, a `%` of an
  /// escape, and letters beyond ASCII as IRIs write them).
  private static func isPathCharacter(_ character: Character) -> Bool {
    guard character.isASCII else { return character.isLetter || character.isNumber }
    guard let byte = character.asciiValue else { return false }
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      return true
    default:
      return "-._~!$&'()*+,;=:@%/".utf8.contains(byte)
    }
  }
}
