import Diagnostics
import Foundation

/// Writes a finished site atomically: everything goes into a temporary folder beside the
/// output, which replaces the output only when complete. A failed or killed build leaves the
/// previous output as it was, and nothing outside the output folder is ever deleted.
public struct OutputDirectory: Sendable {
  /// The output folder.
  public let url: URL

  /// Checks that `url` is safe to replace for a project at `root`.
  public init(url: URL, projectRoot root: URL) throws {
    let output = url.standardizedFileURL.resolvingSymlinksInPath().path
    let project = root.standardizedFileURL.resolvingSymlinksInPath().path
    let protected = [project, project + "/Content", project + "/Templates"]
    for folder in protected {
      if output == folder || folder.hasPrefix(output + "/")
        || (folder != project && output.hasPrefix(folder + "/"))
      {
        throw DiagnosticError(
          .error(
            "refusing to use '\(url.path)' as the output folder: it is, contains or is inside \(folder == project ? "the project folder" : "'\(folder)'")",
            hint: "choose a separate folder such as 'public'"))
      }
    }
    self.url = url.standardizedFileURL
  }

  /// Replaces the output folder's contents with `files` (relative path → bytes).
  public func write(_ files: [String: [UInt8]]) throws {
    let fileManager = FileManager.default
    let parent = url.deletingLastPathComponent()
    try fileManager.createDirectory(at: parent, withIntermediateDirectories: true)
    let name = url.lastPathComponent
    let pid = ProcessInfo.processInfo.processIdentifier
    let staging = parent.appendingPathComponent(".\(name).folio-new-\(pid)")
    let retired = parent.appendingPathComponent(".\(name).folio-old-\(pid)")
    try? fileManager.removeItem(at: staging)
    try fileManager.createDirectory(at: staging, withIntermediateDirectories: true)
    do {
      for (path, bytes) in files.sorted(by: { $0.key < $1.key }) {
        let destination = staging.appendingPathComponent(path)
        try fileManager.createDirectory(
          at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
        guard fileManager.createFile(atPath: destination.path, contents: Data(bytes)) else {
          throw DiagnosticError(.error("cannot write '\(path)' in '\(staging.path)'"))
        }
      }
      var isFolder: ObjCBool = false
      if fileManager.fileExists(atPath: url.path, isDirectory: &isFolder) {
        guard isFolder.boolValue else {
          throw DiagnosticError(
            .error("'\(url.path)' exists and is not a folder", hint: "remove it or choose another --output"))
        }
        try fileManager.moveItem(at: url, to: retired)
        do {
          try fileManager.moveItem(at: staging, to: url)
        } catch {
          try? fileManager.moveItem(at: retired, to: url)
          throw error
        }
        try? fileManager.removeItem(at: retired)
      } else {
        try fileManager.moveItem(at: staging, to: url)
      }
    } catch {
      try? fileManager.removeItem(at: staging)
      throw error
    }
    cleanLeftovers(in: parent, name: name)
  }

  /// Removes staging folders left by builds that were killed (their process is gone).
  private func cleanLeftovers(in parent: URL, name: String) {
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: parent.path) else { return }
    for entry in entries where entry.hasPrefix(".\(name).folio-") {
      guard let pid = Int32(entry.split(separator: "-").last ?? ""), kill(pid, 0) != 0 else { continue }
      try? FileManager.default.removeItem(at: parent.appendingPathComponent(entry))
    }
  }
}
