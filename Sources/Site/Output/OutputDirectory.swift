import Diagnostics
import Foundation

/// Writes a finished site atomically: everything goes into a staging folder beside the output,
/// which then takes the output's place in one step. A failed or killed build leaves the previous
/// output as it was, and nothing outside the output folder and its staging folders is ever
/// deleted.
///
/// Staging folders are named `.NAME.folio-new-PID` and `.NAME.folio-old-PID` after the output
/// folder `NAME` and the building process; a later build removes those of processes that are
/// gone.
public struct OutputDirectory: Sendable {
  /// The output folder.
  public let url: URL

  /// Checks that `url` is safe to replace for a project at `root`, and puts back the previous
  /// output if a build was killed while replacing it, so that it is there even if this build
  /// fails.
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
    restoreRetiredOutput(in: self.url.deletingLastPathComponent(), name: self.url.lastPathComponent)
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
      try OutputDirectory.writeFiles(files, into: staging.path)
      var isFolder: ObjCBool = false
      if fileManager.fileExists(atPath: url.path, isDirectory: &isFolder) {
        guard isFolder.boolValue else {
          throw DiagnosticError(
            .error("'\(url.path)' exists and is not a folder", hint: "remove it or choose another --output"))
        }
        if DirectoryExchange.exchange(staging, url) {
          // The staging path now holds the previous output.
          try? fileManager.removeItem(at: staging)
        } else {
          // Two renames leave a moment without output; a build killed in it leaves the previous
          // output at `retired`, which the next build puts back (restoreRetiredOutput).
          try fileManager.moveItem(at: url, to: retired)
          do {
            try fileManager.moveItem(at: staging, to: url)
          } catch {
            try? fileManager.moveItem(at: retired, to: url)
            throw error
          }
          try? fileManager.removeItem(at: retired)
        }
      } else {
        try fileManager.moveItem(at: staging, to: url)
      }
    } catch {
      try? fileManager.removeItem(at: staging)
      throw error
    }
    cleanLeftovers(in: parent, name: name)
  }

  /// Writes `files` below the empty folder `folder`: every folder once, a level of nesting at a
  /// time, then the files, each with one open, write and close, all on every core. The staging
  /// folder makes the whole output atomic, so single files need no temporary copies or fsync of
  /// their own.
  private static func writeFiles(_ files: [String: [UInt8]], into folder: String) throws {
    var folders: Set<String> = []
    for path in files.keys {
      var parent = Substring(path)
      while let slash = parent.lastIndex(of: "/") {
        parent = parent[..<slash]
        guard folders.insert(String(parent)).inserted else { break }
      }
    }
    // Every folder of a level has its parent in the level before.
    var levels: [[String]] = []
    for relative in folders {
      let depth = relative.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "/") ? 1 : 0) }
      while levels.count <= depth { levels.append([]) }
      levels[depth].append(relative)
    }
    // Paths are resolved from the folder's descriptor: the kernel then walks two or three
    // components per file instead of the whole absolute path.
    let directory = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard directory >= 0 else {
      throw DiagnosticError(.error("cannot open the folder '\(folder)': \(String(cString: strerror(errno)))"))
    }
    defer { close(directory) }
    for level in levels {
      if let failed = failures(level, { mkdirat(directory, $0, 0o777) == 0 || errno == EEXIST }).min() {
        throw DiagnosticError(.error("cannot create the folder '\(failed)' in '\(folder)'"))
      }
    }
    if let failed = failures(Array(files), { writeFile($0.key, in: directory, $0.value) }).map(\.key).min() {
      throw DiagnosticError(.error("cannot write '\(failed)' in '\(folder)'"))
    }
  }

  /// Runs `body` on every element, in chunks on all cores; the elements for which it returned
  /// `false`.
  private static func failures<Item: Sendable>(_ items: [Item], _ body: @Sendable (Item) -> Bool) -> [Item] {
    let succeeded = ChunkedWork.map(items.count, chunk: 64) { body(items[$0]) }
    return items.indices.filter { !succeeded[$0] }.map { items[$0] }
  }

  /// Creates or truncates the file at `path` (relative to the folder `directory`) and writes
  /// `bytes` into it.
  private static func writeFile(_ path: String, in directory: Int32, _ bytes: [UInt8]) -> Bool {
    let descriptor = openat(directory, path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else { return false }
    var written = 0
    let complete = bytes.withUnsafeBytes { buffer in
      while written < buffer.count {
        let result = Foundation.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
        if result < 0 {
          if errno == EINTR { continue }
          return false
        }
        written += result
      }
      return true
    }
    return close(descriptor) == 0 && complete
  }

  /// Puts back the previous output when a build was killed between moving it away and moving
  /// the new one in (only possible where ``DirectoryExchange`` cannot swap).
  private func restoreRetiredOutput(in parent: URL, name: String) {
    guard !FileManager.default.fileExists(atPath: url.path) else { return }
    let retired = leftovers(in: parent, name: name).filter { $0.kind == "old" }
    // The newest, should there be several: the last output that was complete.
    let newest = retired.max { lhs, rhs in
      let dates = [lhs.url, rhs.url].map {
        (try? $0.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate)
          ?? .distantPast
      }
      return dates[0] < dates[1]
    }
    if let newest { try? FileManager.default.moveItem(at: newest.url, to: url) }
  }

  /// Removes staging folders left by builds that were killed (their process is gone).
  private func cleanLeftovers(in parent: URL, name: String) {
    for leftover in leftovers(in: parent, name: name) {
      try? FileManager.default.removeItem(at: leftover.url)
    }
  }

  /// The staging folders of `name` whose process is no longer running.
  private func leftovers(in parent: URL, name: String) -> [(url: URL, kind: String)] {
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: parent.path) else { return [] }
    let prefix = ".\(name).folio-"
    return entries.compactMap { entry in
      guard entry.hasPrefix(prefix) else { return nil }
      let parts = entry.dropFirst(prefix.count).split(separator: "-")
      guard parts.count == 2, parts[0] == "new" || parts[0] == "old", let pid = Int32(parts[1]),
        OutputDirectory.isGone(pid)
      else { return nil }
      return (parent.appendingPathComponent(entry), String(parts[0]))
    }
  }

  /// Whether no process has the id `pid` (a process of another user still counts as running).
  private static func isGone(_ pid: Int32) -> Bool {
    pid > 0 && kill(pid, 0) != 0 && errno == ESRCH
  }
}
