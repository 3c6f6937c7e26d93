/// Paths inside a repository's working folder, as Git names them: `/`-separated, relative,
/// without `.` or `..` (pure text: Git tracks paths, not what links point to).
enum RepositoryPath {
  /// `path` (relative to `base`, itself relative to the working folder; `""` is the working
  /// folder) as the repository names it; nil when it leaves the working folder.
  static func resolve(_ path: String, in base: String) -> String? {
    var parts: [Substring] = base.split(separator: "/")
    for part in path.split(separator: "/") {
      switch part {
      case ".": continue
      case "..":
        guard parts.popLast() != nil else { return nil }
      default: parts.append(part)
      }
    }
    return parts.isEmpty ? nil : parts.joined(separator: "/")
  }

  /// The deepest folder that holds every one of `paths` (`""`: the working folder): the walk
  /// diffs only the trees below it.
  static func commonFolder(of paths: some Collection<String>) -> String {
    var common: [Substring]? = nil
    for path in paths {
      let folder = path.split(separator: "/").dropLast()
      guard let sofar = common else {
        common = Array(folder)
        continue
      }
      common = Array(zip(sofar, folder).prefix { $0 == $1 }.map(\.0))
      if common?.isEmpty == true { break }
    }
    return (common ?? []).joined(separator: "/")
  }

  /// `path` relative to `folder` (which holds it).
  static func relative(_ path: String, to folder: String) -> String {
    folder.isEmpty ? path : String(path.dropFirst(folder.count + 1))
  }
}
