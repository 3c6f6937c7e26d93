import Diagnostics

/// A link or image in a page that points inside the site, as the link check sees it: what the
/// writer wrote, the site path a browser resolves it to, and where it was written.
struct InternalLink: Sendable, Equatable {
  /// The destination as written (`../cli/#flags`, `/images/logo.svg`).
  var written: String
  /// The site-relative path it leads to, without fragment or query (`/docs/cli/`).
  var target: String
  /// Whether it is an image's source rather than a link.
  var isImage: Bool
  /// Where the link or image starts.
  var location: SourceLocation

  /// The site path `reference` leads to from the page at `pageURL` (site-relative, ending in
  /// `/`), as a browser resolves it; nil for references that leave the site or stay on the page
  /// (`https:`, `mailto:`, `//host/`, `#anchor`, `?query`, empty).
  static func target(of reference: String, fromPageAt pageURL: String) -> String? {
    let path = reference.prefix { $0 != "#" && $0 != "?" }
    guard !path.isEmpty, !path.hasPrefix("//"), !hasScheme(path) else { return nil }
    if path.hasPrefix("/") { return String(path) }
    // Relative to the page's folder URL, with `.` and `..` applied; `..` stops at the root.
    var segments = pageURL.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    let parts = path.split(separator: "/", omittingEmptySubsequences: false)
    for (index, part) in parts.enumerated() {
      let isLast = index == parts.count - 1
      switch part {
      case ".": continue
      case "..": if !segments.isEmpty { segments.removeLast() }
      case "" where !isLast: continue
      default: if !part.isEmpty { segments.append(String(part)) }
      }
    }
    let endsInFolder = path.hasSuffix("/") || parts.last == "." || parts.last == ".."
    let joined = "/" + segments.joined(separator: "/")
    return endsInFolder && joined != "/" ? joined + "/" : joined
  }

  /// Whether `path` starts with a URL scheme (`https:`, `mailto:`), as RFC 3986 spells one.
  private static func hasScheme(_ path: Substring) -> Bool {
    guard let colon = path.firstIndex(of: ":"), colon != path.startIndex else { return false }
    let scheme = path[..<colon]
    return scheme.first!.isASCII && scheme.first!.isLetter
      && scheme.allSatisfy {
        $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".")
      }
  }
}
