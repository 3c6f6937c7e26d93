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
    var files: [TemplateFile] = []
    var problems: [Diagnostic] = []
    var pathsByName: [String: String] = [:]
    for relativePath in templatePaths() {
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
      guard let data = FileManager.default.contents(atPath: url.path + "/" + relativePath) else {
        problems.append(
          TemplateError(location: location, reason: .unreadable(message: "cannot read file")).diagnostic)
        continue
      }
      guard let text = String(data: data, encoding: .utf8) else {
        problems.append(
          TemplateError(location: location, reason: .unreadable(message: "file is not valid UTF-8"))
            .diagnostic)
        continue
      }
      files.append(TemplateFile(name: name, path: path, text: text))
    }
    return (files, problems)
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
