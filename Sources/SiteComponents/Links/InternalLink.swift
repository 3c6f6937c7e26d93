import Diagnostics
import Foundation

/// A link or image in a page that points inside the site, as the link check sees it: what the
/// writer wrote, the site path a browser resolves it to, and where it was written.
package struct InternalLink: Sendable, Equatable {
  /// The destination as written (`../cli/#flags`, `/images/logo.svg`).
  package var written: String
  /// The site-relative path it leads to, without fragment or query (`/docs/cli/`).
  package var target: String
  /// Whether it is an image's source rather than a link.
  package var isImage: Bool
  /// Where the link or image starts.
  package var location: SourceLocation
  /// The fragment, percent-decoded (`flags` for `../cli/#flags`), when there is one: the id of
  /// an element on the target page.
  package var fragment: String? = nil
  /// For a link to a Markdown file that makes no page (`setup.md` with no such file, or a
  /// draft): that file, relative to `Content/` (`docs/setup.md`), which the link check names.
  package var markdownFile: String? = nil

  /// A link from its parts (the build cache stores them).
  package init(
    written: String, target: String, isImage: Bool, location: SourceLocation, fragment: String? = nil,
    markdownFile: String? = nil
  ) {
    self.written = written
    self.target = target
    self.isImage = isImage
    self.location = location
    self.fragment = fragment
    self.markdownFile = markdownFile
  }

  /// The site path `reference` leads to from the page at `pageURL` (site-relative, ending in
  /// `/`), as a browser resolves it: `pageURL` itself for `#anchor`; nil for references that
  /// leave the site (`https:`, `mailto:`, `//host/`), a bare `?query` and an empty one.
  static func target(of reference: String, fromPageAt pageURL: String) -> String? {
    // On UTF-8 bytes: every link of every page comes through here, and `Character`-based
    // scans cost several times more.
    let bytes = reference.utf8
    let end = bytes.firstIndex { $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: "?") } ?? bytes.endIndex
    let path = reference[..<end]
    guard let first = path.utf8.first else {
      return bytes.first == UInt8(ascii: "#") && bytes.count > 1 ? pageURL : nil
    }
    if first == UInt8(ascii: "/") {
      let second = path.utf8.dropFirst().first
      return second == UInt8(ascii: "/") ? nil : String(path)
    }
    guard !hasScheme(path) else { return nil }
    return asciiTarget(of: path, fromPageAt: pageURL) ?? characterTarget(of: path, fromPageAt: pageURL)
  }

  /// The site path of the relative `path` (no scheme, fragment or query) from the page at
  /// `pageURL`: relative to the page's folder URL, with `.` and `..` applied; `..` stops at the
  /// root.
  static func characterTarget(of path: Substring, fromPageAt pageURL: String) -> String {
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

  /// What ``characterTarget(of:fromPageAt:)`` makes of `path` when it and `pageURL` are ASCII
  /// (nearly every link), worked out on their bytes; nil for any other text. In ASCII every character
  /// is one byte but `\r\n`, which holds no `/`, so splitting at `/` byte by byte gives the same
  /// parts as splitting by `Character`, without making a string of each.
  static func asciiTarget(of path: Substring, fromPageAt pageURL: String) -> String? {
    // Read from the strings' own bytes: walking their UTF-8 views an index at a time cost most
    // of what resolving a relative link did.
    var page = pageURL
    var relative = path
    return page.withUTF8 { page in relative.withUTF8 { asciiTarget(of: $0, fromPageAt: page) } }
  }

  /// ``asciiTarget(of:fromPageAt:)`` on the bytes of the link's path and of the page's URL.
  private static func asciiTarget(
    of relative: UnsafeBufferPointer<UInt8>, fromPageAt page: UnsafeBufferPointer<UInt8>
  ) -> String? {
    guard page.allSatisfy({ $0 < 0x80 }), relative.allSatisfy({ $0 < 0x80 }) else { return nil }
    let slash = UInt8(ascii: "/")
    let dot = UInt8(ascii: ".")
    func isDot(_ part: Range<Int>) -> Bool { part.count == 1 && relative[part.lowerBound] == dot }
    func isDotDot(_ part: Range<Int>) -> Bool {
      part.count == 2 && relative[part.lowerBound] == dot && relative[part.lowerBound + 1] == dot
    }
    var segments: [Range<Int>] = []
    var start = 0
    for index in 0..<page.count where page[index] == slash {
      if start < index { segments.append(start..<index) }
      start = index + 1
    }
    if start < page.count { segments.append(start..<page.count) }
    var added: [Range<Int>] = []
    // The parts of the path between slashes, each with whether it is the last.
    var partStart = 0
    var lastPart = 0..<relative.count
    while true {
      var partEnd = partStart
      while partEnd < relative.count, relative[partEnd] != slash { partEnd += 1 }
      let part = partStart..<partEnd
      let isLast = partEnd == relative.count
      if isDot(part) {
        // Stays in the folder.
      } else if isDotDot(part) {
        if !added.isEmpty { added.removeLast() } else if !segments.isEmpty { segments.removeLast() }
      } else if !part.isEmpty {
        added.append(part)
      }
      if isLast {
        lastPart = part
        break
      }
      partStart = partEnd + 1
    }
    let endsInFolder = relative.last == slash || isDot(lastPart) || isDotDot(lastPart)
    var bytes: [UInt8] = [slash]
    bytes.reserveCapacity(page.count + relative.count + 2)
    for segment in segments {
      if bytes.count > 1 { bytes.append(slash) }
      bytes.append(contentsOf: page[segment])
    }
    for part in added {
      if bytes.count > 1 { bytes.append(slash) }
      bytes.append(contentsOf: relative[part])
    }
    if endsInFolder && bytes.count > 1 { bytes.append(slash) }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The fragment of `reference`, percent-decoded; nil when there is none or it is empty.
  static func fragment(of reference: String) -> String? {
    guard let hash = reference.utf8.firstIndex(of: UInt8(ascii: "#")) else { return nil }
    let fragment = String(reference[reference.utf8.index(after: hash)...])
    guard !fragment.isEmpty else { return nil }
    return percentDecoded(fragment)
  }

  /// `text` with its `%XX` escapes decoded; as written when it has none or they are not UTF-8.
  package static func percentDecoded(_ text: String) -> String {
    text.utf8.contains(UInt8(ascii: "%")) ? text.removingPercentEncoding ?? text : text
  }

  /// Whether `path` starts with a URL scheme (`https:`, `mailto:`), as RFC 3986 spells one.
  private static func hasScheme(_ path: Substring) -> Bool {
    func isLetter(_ byte: UInt8) -> Bool {
      (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }
    var bytes = path.utf8.makeIterator()
    guard let first = bytes.next(), isLetter(first) else { return false }
    while let byte = bytes.next() {
      if byte == UInt8(ascii: ":") { return true }
      let allowed =
        isLetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
        || byte == UInt8(ascii: "+")
        || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
      guard allowed else { return false }
    }
    return false
  }
}
