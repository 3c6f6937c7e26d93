/// The files a history walk dates, numbered, with those it has yet to date and how many of
/// those each folder holds: the walk reads only the trees of folders that still hold one, so
/// once most files have dates each commit costs a few tree reads.
struct PendingFiles {
  /// Each file's path below the folder the walk diffs, by number.
  let paths: [String]
  /// Each path's number.
  private let numbers: [String: Int]
  /// The names each file was asked for by (one path may be asked for twice), by number.
  private let names: [[String]]
  /// The files not yet dated.
  private(set) var undated: FileSet
  /// How many undated files each folder holds (`""`: the folder the walk diffs).
  private var perFolder: [Substring: Int] = [:]

  /// The files `names` lists (by path, with the names each was asked for by), all undated.
  init(_ names: [String: [String]]) {
    paths = names.keys.sorted()
    var numbers: [String: Int] = [:]
    for (number, path) in paths.enumerated() { numbers[path] = number }
    self.numbers = numbers
    self.names = paths.map { names[$0] ?? [] }
    undated = FileSet.all(paths.count)
    for path in paths {
      for folder in PendingFiles.folders(of: path) { perFolder[folder, default: 0] += 1 }
    }
  }

  /// Whether every file has its date.
  var isEmpty: Bool { undated.isEmpty }

  /// No file of the walk.
  var none: FileSet { FileSet(count: paths.count) }

  /// The number of `path` when it is undated.
  func undatedNumber(_ path: String) -> Int? {
    guard let number = numbers[path], undated.contains(number) else { return nil }
    return number
  }

  /// Whether `folder` (relative, `""` for the top) holds an undated file.
  func holdsUndated(_ folder: Substring) -> Bool {
    perFolder[folder, default: 0] > 0
  }

  /// Dates the file `number`, returning the names it was asked for by (none when it was dated
  /// already).
  mutating func take(_ number: Int) -> [String] {
    guard undated.contains(number) else { return [] }
    undated.remove(number)
    for folder in PendingFiles.folders(of: paths[number]) { perFolder[folder, default: 1] -= 1 }
    return names[number]
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
