/// How a command names the files of a project to the person (or CI runner) that started it.
///
/// Diagnostics name files relative to the project folder (`Content/a.md`), which is what the
/// build knows. A command run elsewhere, with `--source site`, names them from the folder it runs
/// in (`site/Content/a.md`), so that a terminal, an editor or GitHub finds the file.
public struct PathNaming: Sendable, Hashable {
  /// The project folder, absolute.
  public var projectRoot: String
  /// The folder the command runs in, absolute.
  public var currentDirectory: String

  /// Names for a project at `projectRoot` seen from `currentDirectory` (both absolute paths).
  public init(projectRoot: String, currentDirectory: String) {
    self.projectRoot = projectRoot
    self.currentDirectory = currentDirectory
  }

  /// `projectPath` (relative to the project folder, or absolute) relative to the current folder,
  /// with `..` where the file is not inside it: what GitHub annotations need.
  public func relative(_ projectPath: String) -> String {
    let target = components(of: projectPath)
    let start = PathNaming.normalised(currentDirectory)
    let shared = zip(start, target).prefix { $0 == $1 }.count
    let steps = Array(repeating: "..", count: start.count - shared) + target[shared...]
    return steps.isEmpty ? "." : steps.joined(separator: "/")
  }

  /// `projectPath` as a terminal shows it: relative to the current folder when the file is
  /// inside it, else absolute (a chain of `..` reads worse than the path itself).
  public func shown(_ projectPath: String) -> String {
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

  /// The absolute path of `projectPath` as components, `.` and `..` resolved.
  private func components(of projectPath: String) -> [Substring] {
    PathNaming.normalised(projectPath.hasPrefix("/") ? projectPath : projectRoot + "/" + projectPath)
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
