internal import ZipArchive

/// The rules for the book's own file names, on top of the zip entry rules: no character OCF
/// forbids in a name, none that a link would read as syntax (`#`, `%`, `?`), no space (which
/// epubcheck warns about), and no segment ending in `.`.
enum PackagePath {
  /// Throws when `path` (relative to `EPUB/`) is not a name the book can use.
  static func check(_ path: String) throws(EPUBProblem) {
    do {
      try ZipArchive.check(path: path)
    } catch {
      throw .unsafePath(path, reason: error.description)
    }
    for scalar in path.unicodeScalars where !allowed(scalar) {
      let code = "U+" + String(scalar.value, radix: 16, uppercase: true)
      throw .unsafePath(path, reason: "file names in an EPUB cannot hold \(code)")
    }
    if path.split(separator: "/").contains(where: { $0.hasSuffix(".") }) {
      throw .unsafePath(path, reason: "a file or folder name in an EPUB cannot end with '.'")
    }
  }

  private static func allowed(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0...0x20, 0x7F...0x9F: false  // controls and space
    // Private use, specials and tags, which OCF forbids in names.
    case 0xE000...0xF8FF, 0xFFF0...0xFFFF, 0xE0000...0xE0FFF, 0xF0000...0x10FFFF: false
    // OCF's forbidden ASCII (`"*:<>?\|`), and what a link would read as syntax.
    default: !#"\"*:<>?\|#%[]^`{}"#.unicodeScalars.contains(scalar)
    }
  }

  /// The link from the document at `from` to the file at `to`, both relative to `EPUB/`.
  static func href(from: String, to: String) -> String {
    var folders = from.split(separator: "/").dropLast()[...]
    var target = to.split(separator: "/")[...]
    while let folder = folders.first, target.count > 1, target.first == folder {
      folders.removeFirst()
      target.removeFirst()
    }
    return String(repeating: "../", count: folders.count) + target.joined(separator: "/")
  }
}
