import Diagnostics
import Foundation

/// The files of `Content/`, sorted: Markdown pages and everything else (copied as it is).
struct ContentFiles: Sendable {
  let folder: URL
  /// Markdown files relative to `Content/`.
  let markdown: [String]
  /// Other files relative to `Content/` (also their output paths).
  let staticFiles: [String]

  init(root: URL) throws {
    // A symlinked Content/ (shared corpora, monorepos) is read through its target.
    folder = root.appendingPathComponent("Content").resolvingSymlinksInPath()
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue
    else {
      throw DiagnosticError(
        .error("no Content/ folder in '\(root.path)'", hint: "run 'folio new site DIR' or pass --source"))
    }
    let all = ContentFiles.listFiles(in: folder)
    markdown = all.filter { $0.hasSuffix(".md") }
    staticFiles = all.filter { !$0.hasSuffix(".md") }
  }

  func read(_ path: String) throws -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(path).path) else {
      throw DiagnosticError(
        .error("cannot read the file", at: SourceLocation(path: "Content/" + path, line: 1, column: 1)))
    }
    return [UInt8](data)
  }

  /// Every regular file below `folder`, relative, sorted, hidden files skipped.
  static func listFiles(in folder: URL) -> [String] {
    guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return [] }
    var files: [String] = []
    while let path = enumerator.nextObject() as? String {
      if path.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(
        atPath: folder.appendingPathComponent(path).path, isDirectory: &isFolder),
        !isFolder.boolValue
      {
        files.append(path)
      }
    }
    return files.sorted()
  }
}
