/// The rules for an entry's path: relative, `/`-separated, no empty, `.` or `..` segments, no
/// backslash or NUL. They keep every name one that unzip tools extract inside their folder.
enum ZipPath {
  /// Throws the first rule `path` breaks.
  static func check(_ path: String) throws(ZipProblem) {
    if path.isEmpty { throw .emptyPath }
    if path.utf8.contains(0) { throw .nulCharacter(path) }
    if path.hasPrefix("/") { throw .absolutePath(path) }
    if path.utf8.contains(UInt8(ascii: "\\")) { throw .backslash(path) }
    for segment in path.split(separator: "/", omittingEmptySubsequences: false) {
      if segment.isEmpty { throw .emptySegment(path) }
      if segment == "." || segment == ".." { throw .dotSegment(path) }
    }
  }
}
