/// The files a history walk has yet to date, by path below the folder it diffs, with how many
/// of them each folder holds: the walk reads only the trees of folders that still hold one,
/// so once most files have dates each commit costs a few tree reads.
struct PendingFiles {
  /// The names each path was asked for by (one path may be asked for twice).
  private var names: [String: [String]]
  /// How many pending files each folder holds (`""`: the folder the walk diffs).
  private var perFolder: [Substring: Int] = [:]

  /// The files `names` lists, all pending.
  init(_ names: [String: [String]]) {
    self.names = names
    for path in names.keys {
      for folder in PendingFiles.folders(of: path) { perFolder[folder, default: 0] += 1 }
    }
  }

  /// Whether every file has its date.
  var isEmpty: Bool { names.isEmpty }

  /// Whether `path` is pending.
  func contains(_ path: String) -> Bool {
    names[path] != nil
  }

  /// Whether `folder` (relative, `""` for the top) holds a pending file.
  func holdsPending(_ folder: Substring) -> Bool {
    perFolder[folder, default: 0] > 0
  }

  /// Takes `path` out, returning the names it was asked for by (nil when it was not pending).
  mutating func take(_ path: String) -> [String]? {
    guard let taken = names.removeValue(forKey: path) else { return nil }
    for folder in PendingFiles.folders(of: path) { perFolder[folder, default: 1] -= 1 }
    return taken
  }

  /// Every folder that holds `path`, the top (`""`) first.
  private static func folders(of path: String) -> [Substring] {
    var folders: [Substring] = [path.prefix(0)]
    var index = path.startIndex
    while let slash = path[index...].firstIndex(of: "/") {
      folders.append(path[..<slash])
      index = path.index(after: slash)
    }
    return folders
  }
}
