import Diagnostics

/// A path inside the output folder, made only of names that stay inside it: the one authority
/// every output file's path goes through (pages, lists, term pages, aliases, feeds, assets and
/// static files).
///
/// A slug, an alias, a taxonomy name or a file name comes from people the site owner may not
/// trust, so each segment is checked before it becomes part of a path: no `..` or `.`, no empty
/// segment (which would make `//`, an absolute path or another host in a URL), no backslash
/// (browsers read `\` in a URL as `/`), no NUL (C truncates the path there), no control
/// characters, and no name longer than file systems allow.
package struct OutputPath: Hashable, Sendable, CustomStringConvertible {
  /// The file that marks a folder as Folio's output (`OutputDirectory` writes it), so that a
  /// build replaces only folders Folio made; no page, alias or static file may claim it.
  package static let markerName = ".folio-output"

  /// Why a value cannot be part of an output path.
  package enum Problem: Error, Hashable, Sendable {
    /// `..`: the value climbs out of the folder it belongs to.
    case leavesTheSite
    /// `.`: names the folder itself.
    case namesItsOwnFolder
    /// Empty, or a segment between two slashes (`a//b`).
    case emptySegment
    /// A backslash, which browsers read as a slash.
    case backslash
    /// A NUL byte or another control character (U+0000–U+001F, U+007F–U+009F).
    case controlCharacter
    /// A segment longer than ``OutputPath/maximumSegmentBytes``.
    case segmentTooLong(bytes: Int)
    /// A path longer than ``OutputPath/maximumPathBytes``.
    case pathTooLong(bytes: Int)
    /// A site URL that does not start with `/`.
    case notSiteRelative
    /// A `?` or `#`, which end a URL's path: the rest would never reach the file.
    case endsTheURLPath(Character)
    /// A percent-encoded `.`, `/` or `\` (`%2e%2e`), which browsers and servers decode, so the
    /// URL would name another path than the file's.
    case encodedSeparator(String)
    /// A version-control folder's name (``VersionControlName``), or Folio's output marker.
    case versionControl(name: String)

    /// The reason as the end of a sentence that starts with the value: `slug '../x' leaves the
    /// site`.
    package var explanation: String {
      switch self {
      case .leavesTheSite: "leaves the site"
      case .namesItsOwnFolder: "has a '.' segment, which names its own folder"
      case .emptySegment: "has an empty segment"
      case .backslash: "has a backslash, which browsers read as '/'"
      case .controlCharacter: "has a control character"
      case .segmentTooLong(let bytes):
        "has a segment of \(bytes) bytes (at most \(OutputPath.maximumSegmentBytes))"
      case .pathTooLong(let bytes): "is \(bytes) bytes long (at most \(OutputPath.maximumPathBytes))"
      case .notSiteRelative: "does not start with '/'"
      case .endsTheURLPath(let character): "has '\(character)', which ends a URL's path"
      case .encodedSeparator(let encoding):
        "has '\(encoding)', a percent-encoded '\(OutputPath.decodedSeparator(encoding))' that browsers decode"
      case .versionControl(let name):
        switch name {
        case OutputPath.markerName: "names Folio's output marker '\(name)'"
        case ".git":
          "puts a version-control folder ('.git') in the output, which a git command run there would use"
        default: "puts a version-control folder ('\(name)') in the output"
        }
      }
    }
  }

  /// Percent-encodings of the characters that separate or climb path segments.
  static let encodedSeparators: Set<String> = ["%2e", "%2f", "%5c"]

  /// The character `encoding` (`%2E`) stands for.
  static func decodedSeparator(_ encoding: String) -> String {
    switch encoding.lowercased() {
    case "%2e": "."
    case "%2f": "/"
    default: "\\"
    }
  }

  /// The longest name of one file or folder: 255 bytes on ext4, XFS, btrfs and APFS.
  package static let maximumSegmentBytes = 255
  /// The longest path below the output folder (Linux's `PATH_MAX` is 4,096 with the folder).
  package static let maximumPathBytes = 3_072

  /// The names from the output folder down, the last one the file's.
  package let segments: [String]

  /// The path relative to the output folder: `posts/first/index.html`.
  package var relative: String { segments.joined(separator: "/") }

  /// The path relative to the output folder.
  package var description: String { relative }

  /// The path of a file relative to the output folder (`posts/first/index.html`).
  package init(relative: String) throws(Problem) {
    guard !relative.isEmpty else { throw .emptySegment }
    let segments = OutputPath.split(relative).map(String.init)
    for segment in segments { try OutputPath.check(segment: segment) }
    guard relative.utf8.count <= OutputPath.maximumPathBytes else {
      throw .pathTooLong(bytes: relative.utf8.count)
    }
    self.segments = segments
  }

  /// The file a redirect's old URL names once percent-decoded (`/Why%3F/` is the folder `Why?`,
  /// which a server answers `/Why%3F/` from): as ``init(relative:)``, except that a name may
  /// hold `?` and `#`, since the URL that reaches it has them encoded. The caller refuses an
  /// old URL with a `?` or `#` written as it is, which would end the URL's path instead.
  package init(decodedURLPath relative: String) throws(Problem) {
    guard !relative.isEmpty else { throw .emptySegment }
    let segments = OutputPath.split(relative).map(String.init)
    for segment in segments { try OutputPath.check(segment: Substring(segment), allowingURLDelimiters: true) }
    guard relative.utf8.count <= OutputPath.maximumPathBytes else {
      throw .pathTooLong(bytes: relative.utf8.count)
    }
    self.segments = segments
  }

  /// Throws what ``init(decodedURLPath:)`` throws for `relative`, without making the path: the
  /// last check of every file a build writes, and of every path a build record names, where an
  /// array of segments was most of what a path cost.
  package static func check(decodedURLPath relative: String) throws(Problem) {
    guard !relative.isEmpty else { throw .emptySegment }
    for segment in split(relative) { try check(segment: segment, allowingURLDelimiters: true) }
    let count = relative.utf8.count
    guard count <= maximumPathBytes else { throw .pathTooLong(bytes: count) }
  }

  /// The file a site URL is written to: `/posts/first/` → `posts/first/index.html`, `/` →
  /// `index.html`, `/old/page.html` → `old/page.html`.
  package init(siteURL url: String) throws(Problem) {
    guard url.utf8.first == UInt8(ascii: "/") else { throw .notSiteRelative }
    // After the `/` byte: a combining mark after it would make `dropFirst()` drop both.
    let path = Substring(url.utf8.dropFirst())
    if path.isEmpty {
      try self.init(relative: "index.html")
    } else if path.utf8.last == UInt8(ascii: "/") {
      try self.init(relative: path + "index.html")
    } else {
      try self.init(relative: String(path))
    }
  }

  /// Throws what ``init(siteURL:)`` throws for `url`, without making the path: a check every
  /// page's URL passes when it is loaded.
  package static func check(siteURL url: String) throws(Problem) {
    guard url.utf8.first == UInt8(ascii: "/") else { throw .notSiteRelative }
    // As `init(relative:)` reads the path after the first `/`, or that + `index.html` when it
    // ends with `/` (the empty last segment becomes `index.html`, which passes every check).
    let segments = split(Substring(url.utf8.dropFirst()))
    for segment in segments.dropLast() { try check(segment: segment) }
    let last = segments[segments.count - 1]
    if !last.isEmpty { try check(segment: last) }
    let count = url.utf8.count - 1 + (last.isEmpty ? "index.html".utf8.count : 0)
    guard count <= maximumPathBytes else { throw .pathTooLong(bytes: count) }
  }

  /// The parts of `path` between slashes, empty ones included, split on its UTF-8 bytes: a
  /// `/` is always a character of its own, and splitting by `Character` costs grapheme breaking
  /// on every path of every page.
  package static func split(_ path: some StringProtocol) -> [Substring] {
    let text = Substring(path)
    var contiguous = text
    // The slashes are found in the string's own bytes, and the parts cut at their offsets:
    // walking a substring's UTF-8 view an index at a time cost a page's load more than the
    // rest of its URL did.
    return contiguous.withUTF8 { bytes in
      var parts: [Substring] = []
      var start = text.startIndex
      var startOffset = 0
      for offset in 0..<bytes.count where bytes[offset] == UInt8(ascii: "/") {
        let slash = text.utf8.index(start, offsetBy: offset - startOffset)
        parts.append(text[start..<slash])
        start = text.utf8.index(after: slash)
        startOffset = offset + 1
      }
      parts.append(text[start...])
      return parts
    }
  }

  /// The parts of a string path between slashes; see the generic form. Concrete, so that other
  /// modules call the specialised split instead of a generic one.
  package static func split(_ path: String) -> [Substring] {
    split(Substring(path))
  }

  /// Checks one name of a path: a slug, a taxonomy, a file or folder name.
  package static func check(segment: some StringProtocol) throws(Problem) {
    try check(segment: Substring(segment))
  }

  /// Checks one name of a path given as a string.
  package static func check(segment: String) throws(Problem) {
    try check(segment: Substring(segment))
  }

  /// Checks one name of a path. The concrete form the others call: from another module the
  /// generic one is not specialised, and walked every byte through generic calls (a tenth of
  /// organising a 10,000-page site, checking its tags).
  package static func check(segment: Substring) throws(Problem) {
    try check(segment: segment, allowingURLDelimiters: false)
  }

  /// Checks one name of a path; `allowingURLDelimiters` lets `?` and `#` through (a decoded old
  /// URL's name, ``init(decodedURLPath:)``).
  package static func check(segment: Substring, allowingURLDelimiters: Bool) throws(Problem) {
    var segment = segment
    // Read from the string's own bytes: walking a substring's UTF-8 view a byte at a time cost
    // most of the check, which every page's URL and every file a build writes go through.
    let found: Problem? = segment.withUTF8 { bytes in
      OutputPath.problem(in: bytes, allowingURLDelimiters: allowingURLDelimiters)
    }
    if let found { throw found }
    if let name = VersionControlName.reservedName(of: segment) { throw .versionControl(name: name) }
  }

  /// What ``check(segment:allowingURLDelimiters:)`` throws for a segment of these bytes, but a
  /// version-control name; nil when nothing.
  private static func problem(in bytes: UnsafeBufferPointer<UInt8>, allowingURLDelimiters: Bool) -> Problem? {
    guard !bytes.isEmpty else { return .emptySegment }
    if bytes.count <= 2, bytes.allSatisfy({ $0 == UInt8(ascii: ".") }) {
      return bytes.count == 1 ? .namesItsOwnFolder : .leavesTheSite
    }
    guard bytes.count <= maximumSegmentBytes else { return .segmentTooLong(bytes: bytes.count) }
    var previous: UInt8 = 0
    var percent: Int? = nil
    for offset in bytes.indices {
      let byte = bytes[offset]
      if byte == UInt8(ascii: "\\") { return .backslash }
      if byte == UInt8(ascii: "/") { return .emptySegment }
      if byte < 0x20 || byte == 0x7F { return .controlCharacter }
      if byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#"), !allowingURLDelimiters {
        return .endsTheURLPath(Character(Unicode.Scalar(byte)))
      }
      // U+0080–U+009F are C2 80 … C2 9F in UTF-8.
      if previous == 0xC2, byte >= 0x80, byte <= 0x9F { return .controlCharacter }
      if byte == UInt8(ascii: "%") { percent = offset }
      if let start = percent, offset == start + 2 {
        let encoding = String(decoding: bytes[start...offset], as: UTF8.self)
        if OutputPath.encodedSeparators.contains(encoding.lowercased()) { return .encodedSeparator(encoding) }
        percent = nil
      }
      previous = byte
    }
    return nil
  }

  /// The error for a file published under its own name (a static file, a theme asset) whose
  /// output path `relative` is not safe, reported as `the file name 'name'` at `location`; nil
  /// when it is safe.
  package static func fileNameProblem(_ relative: String, name: String, at location: SourceLocation)
    -> Diagnostic?
  {
    do throws(Problem) {
      _ = try OutputPath(relative: relative)
      return nil
    } catch {
      return error.diagnostic(field: "the file name", value: name, at: location)
    }
  }

  /// Checks a value that stands for one or more segments (`slug: 2026/trip`), reporting a problem
  /// as `path:line:column: error: slug '../x' leaves the site` at the value's location.
  package static func checkSegments(
    of value: String, named field: String, at location: SourceLocation?
  ) throws(DiagnosticError) {
    do throws(Problem) {
      guard !value.isEmpty else { throw Problem.emptySegment }
      for segment in split(value) {
        try check(segment: segment)
      }
    } catch {
      throw DiagnosticError(error.diagnostic(field: field, value: value, at: location))
    }
  }
}

extension OutputPath.Problem {
  /// The problem as an error about `field` (`slug`, `alias`, `taxonomy`, `file name`) written as
  /// `value` at `location`.
  package func diagnostic(field: String, value: String, at location: SourceLocation?) -> Diagnostic {
    let hint: String =
      switch self {
      case .leavesTheSite, .namesItsOwnFolder, .emptySegment, .notSiteRelative:
        "write the URL's name alone, such as 'my-page'"
      case .backslash, .controlCharacter, .endsTheURLPath, .encodedSeparator:
        "use letters, digits, '-' and '_'"
      case .segmentTooLong, .pathTooLong: "choose a shorter name"
      case .versionControl: "choose another name; no output path may hold a version-control folder"
      }
    return .error("\(field) '\(value)' \(explanation)", at: location, hint: hint)
  }
}
