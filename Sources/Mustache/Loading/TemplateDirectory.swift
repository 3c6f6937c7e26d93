import Diagnostics
import Foundation

/// Reads the template files below one directory.
struct TemplateDirectory {
  /// The file extensions that mark templates.
  static let extensions = ["mustache", "html"]

  /// The directory to read.
  let url: URL

  /// Every template file below the directory, and the problems met while reading.
  func load() -> (files: [TemplateFile], problems: [Diagnostic]) {
    // Diagnostics keep a relative directory relative, which reads better in a terminal.
    let displayRoot = url.relativePath
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue
    else {
      let problem = TemplateError(
        location: nil, reason: .unreadable(message: "template directory '\(displayRoot)' does not exist"))
      return ([], [problem.diagnostic])
    }
    let files = templatePaths().map { relativePath in
      (relativePath, FileManager.default.contents(atPath: url.path + "/" + relativePath).map { [UInt8]($0) })
    }
    return TemplateDirectory.load(files, displayRoot: displayRoot)
  }

  /// The templates among `files` (paths relative to the directory `displayRoot` and their bytes,
  /// nil for a file that could not be read), and the problems they have.
  static func load(_ files: [(relativePath: String, bytes: [UInt8]?)], displayRoot: String) -> (
    files: [TemplateFile], problems: [Diagnostic]
  ) {
    var templates: [TemplateFile] = []
    var problems: [Diagnostic] = []
    var pathsByName: [String: String] = [:]
    for (relativePath, bytes) in files.sorted(by: { $0.relativePath < $1.relativePath }) {
      let pathExtension = (relativePath as NSString).pathExtension
      guard extensions.contains(pathExtension),
        !relativePath.split(separator: "/").contains(where: { $0.hasPrefix(".") })
      else { continue }
      let name = String(relativePath.dropLast((relativePath as NSString).pathExtension.utf8.count + 1))
      let path = displayRoot + "/" + relativePath
      let location = SourceLocation(path: path, line: 1, column: 1)
      if let other = pathsByName[name] {
        problems.append(
          TemplateError(location: location, reason: .duplicateTemplate(name: name, otherPath: other))
            .diagnostic)
        continue
      }
      pathsByName[name] = path
      guard let bytes else {
        problems.append(
          TemplateError(location: location, reason: .unreadable(message: "cannot read file")).diagnostic)
        continue
      }
      guard let text = String(validating: bytes, as: UTF8.self) else {
        problems.append(
          TemplateError(location: location, reason: .unreadable(message: "file is not valid UTF-8"))
            .diagnostic)
        continue
      }
      templates.append(TemplateFile(name: name, path: path, text: text))
    }
    return (templates, problems)
  }

  /// The relative paths of the template files, sorted so that loading is deterministic.
  private func templatePaths() -> [String] {
    guard let enumerator = FileManager.default.enumerator(atPath: url.path) else { return [] }
    var paths: [String] = []
    while let relativePath = enumerator.nextObject() as? String {
      let isHidden = relativePath.split(separator: "/").contains { $0.hasPrefix(".") }
      let pathExtension = (relativePath as NSString).pathExtension
      if !isHidden && Self.extensions.contains(pathExtension) {
        paths.append(relativePath)
      }
    }
    return paths.sorted()
  }
}
