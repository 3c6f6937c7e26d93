extension OutputPath {
  /// Every folder that holds one of `paths` (relative to the output, `/`-separated): `a/b` and
  /// `a` for `a/b/c`. What a writer must make before the files, a spare must hold, and a
  /// removal may leave empty.
  package static func folders(holding paths: some Sequence<String>) -> Set<String> {
    var folders: Set<String> = []
    for path in paths {
      var parent = Substring(path)
      // A folder already found has its own parents found with it.
      // By byte: a `/` is a character of its own, and a search by `Character` breaks the
      // path into graphemes (most of what this cost, for every file a build writes).
      while let slash = parent.utf8.lastIndex(of: UInt8(ascii: "/")) {
        parent = parent[..<slash]
        guard folders.insert(String(parent)).inserted else { break }
      }
    }
    return folders
  }

  /// How many folders deep `path` lies below the output (`a/b/c` is 2): a folder's parent is
  /// one level up, so folders are made by ascending depth and removed by descending.
  package static func depth(of path: String) -> Int {
    path.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "/") ? 1 : 0) }
  }
}
