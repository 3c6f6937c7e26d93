/// How a command names the files of a project to the person (or CI runner) that started it.
///
/// Diagnostics name files relative to the project folder (`Content/a.md`), which is what the
/// build knows. A command run elsewhere, with `--source site`, names them from the folder it runs
/// in (`site/Content/a.md`), so that a terminal, an editor or GitHub finds the file.
public struct PathNaming: Sendable, Hashable {
  /// The project folder, absolute.
  public let projectRoot: String
  /// The folder the command runs in, absolute.
  public let currentDirectory: String
  /// How ``shown(_:)`` names the project folder when it is inside the current folder, followed
  /// by a slash (empty when it is the current folder); nil when it is not inside. Worked out
  /// once: a site cut from elsewhere reports thousands of diagnostics, and splitting both
  /// folders for each took a tenth of a second for 11,000.
  private let shownRoot: String?
  /// How ``relative(_:)`` names the project folder, followed by a slash; nil when the current
  /// folder is inside it (a path may then climb back into the current folder).
  private let relativeRoot: String?

  /// Names for a project at `projectRoot` seen from `currentDirectory` (both absolute paths).
  public init(projectRoot: String, currentDirectory: String) {
    self.projectRoot = projectRoot
    self.currentDirectory = currentDirectory
    let root = PathNaming.normalised(projectRoot)
    let start = PathNaming.normalised(currentDirectory)
    shownRoot = root.starts(with: start) ? root[start.count...].map { $0 + "/" }.joined() : nil
    let shared = zip(start, root).prefix { $0 == $1 }.count
    relativeRoot =
      shared < root.count || root.count == start.count
      ? (Array(repeating: "..", count: start.count - shared) + root[shared...]).map { $0 + "/" }.joined()
      : nil
  }

  /// `projectPath` (relative to the project folder, or absolute) relative to the current folder,
  /// with `..` where the file is not inside it: what GitHub annotations need.
  public func relative(_ projectPath: String) -> String {
    if let relativeRoot, PathNaming.isPlainRelative(projectPath) { return relativeRoot + projectPath }
    let target = components(of: projectPath)
    let start = PathNaming.normalised(currentDirectory)
    let shared = zip(start, target).prefix { $0 == $1 }.count
    let steps = Array(repeating: "..", count: start.count - shared) + target[shared...]
    return steps.isEmpty ? "." : steps.joined(separator: "/")
  }

  /// `projectPath` as a terminal shows it: relative to the current folder when the file is
  /// inside it, else absolute (a chain of `..` reads worse than the path itself).
  public func shown(_ projectPath: String) -> String {
    // Most paths are relative to the project with no `.` or `..` in them (`Content/a.md`): the
    // project folder as shown, then the path.
    if let shownRoot, PathNaming.isPlainRelative(projectPath) { return shownRoot + projectPath }
    let target = components(of: projectPath)
    let start = PathNaming.normalised(currentDirectory)
    guard target.count > start.count, target.starts(with: start) else {
      return "/" + target.joined(separator: "/")
    }
    return target[start.count...].joined(separator: "/")
  }

  /// `diagnostic` with its file named by ``shown(_:)``.
  public func shown(_ diagnostic: Diagnostic) -> Diagnostic {
    guard var location = diagnostic.location else { return diagnostic }
    location.path = shown(location.path)
    var shown = diagnostic
    shown.location = location
    return shown
  }

  /// `diagnostics` as a terminal shows them, each named by ``shown(_:)-(Diagnostic)`` and ended by a
  /// newline: one text for one write, since a site cut from elsewhere reports thousands and a
  /// write each took as long as the rest of a one-page rebuild's report.
  public func listing(_ diagnostics: some Sequence<Diagnostic>) -> String {
    var text = ""
    for diagnostic in diagnostics {
      text += shown(diagnostic).description
      text += "\n"
    }
    return text
  }

  /// The absolute path of `projectPath` as components, `.` and `..` resolved.
  private func components(of projectPath: String) -> [Substring] {
    PathNaming.normalised(projectPath.hasPrefix("/") ? projectPath : projectRoot + "/" + projectPath)
  }

  /// Whether `path` is relative and every component of it is a name: not empty, `.` or `..`.
  private static func isPlainRelative(_ path: String) -> Bool {
    var length = 0
    var onlyDots = true
    for byte in path.utf8 {
      if byte == UInt8(ascii: "/") {
        if length == 0 || (onlyDots && length <= 2) { return false }
        length = 0
        onlyDots = true
      } else {
        length += 1
        if byte != UInt8(ascii: ".") { onlyDots = false }
      }
    }
    return length > 0 && !(onlyDots && length <= 2)
  }

  /// An absolute path's components with empty and `.` components dropped and `..` applied.
  private static func normalised(_ path: String) -> [Substring] {
    var components: [Substring] = []
    for component in path.split(separator: "/") {
      switch component {
      case ".": continue
      case "..": _ = components.popLast()
      default: components.append(component)
      }
    }
    return components
  }
}
