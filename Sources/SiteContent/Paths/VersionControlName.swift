/// The names of version-control folders, which no output path may hold and no read may pass
/// through: a `.git` in the output is a working repository for every later `git` command run
/// there (its `config` can name a command: `core.fsmonitor`), and a `.git` read into the site
/// publishes the checkout's credentials (`http.extraheader` on CI runners).
///
/// A name matches as the file systems that checkouts land on see it, as Git's own checks do
/// (`is_hfs_dotgit`, `is_ntfs_dotgit`): without regard to ASCII case (`.GIT` is `.git` on macOS
/// and Windows), without the code points HFS+ ignores (`.g\u{200C}it`), without the trailing
/// dots and spaces NTFS drops (`.git.`) or an NTFS stream (`.git::$INDEX_ALLOCATION`), and
/// `git~1`, the short name Windows gives `.git`.
package enum VersionControlName {
  /// The folders of Git, Mercurial, Subversion, Bazaar, Darcs and Jujutsu, and Folio's own output
  /// marker (which only the writer makes).
  package static let reserved: Set<String> = [
    ".git", ".hg", ".svn", ".bzr", "_darcs", ".jj", ".folio-output",
  ]

  /// The reserved name `segment` stands for (`.git` for `.GIT.`), or nil when it is none.
  package static func reservedName(of segment: some StringProtocol) -> String? {
    // Nearly every name starts with a letter or digit other than these: one byte decides.
    guard let first = segment.utf8.first,
      first == UInt8(ascii: ".") || first == UInt8(ascii: "_") || first == UInt8(ascii: "g")
        || first == UInt8(ascii: "G") || first >= 0x80
    else { return nil }
    var name = ""
    for scalar in segment.unicodeScalars {
      if scalar == ":" { break }
      if ignoredByHFS(scalar) { continue }
      guard scalar.isASCII else { return nil }
      let isUpper = scalar.value >= 0x41 && scalar.value <= 0x5A
      name.unicodeScalars.append(isUpper ? Unicode.Scalar(UInt8(scalar.value + 0x20)) : scalar)
    }
    while let last = name.last, last == "." || last == " " { name.removeLast() }
    if name == "git~1" { return ".git" }
    return reserved.contains(name) ? name : nil
  }

  /// The first segment of the `/`-separated `path` that is a reserved name, or nil.
  package static func firstReservedSegment(in path: some StringProtocol) -> String? {
    // The segments as `OutputPath.split` cuts them, looked at in place: every file read comes
    // through here, and an array of its segments was the most of what its path cost.
    let text = Substring(path)
    let bytes = text.utf8
    var start = bytes.startIndex
    while true {
      let end = bytes[start...].firstIndex(of: UInt8(ascii: "/")) ?? bytes.endIndex
      let segment = text[start..<end]
      if reservedName(of: segment) != nil { return String(segment) }
      guard end < bytes.endIndex else { return nil }
      start = bytes.index(after: end)
    }
  }

  /// Whether HFS+ leaves `scalar` out when it compares names (the list Git checks).
  private static func ignoredByHFS(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x200C...0x200F, 0x202A...0x202E, 0x206A...0x206F, 0xFEFF: true
    default: false
    }
  }
}
