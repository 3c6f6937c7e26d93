import Diagnostics
import Foundation

/// The files of `Content/`, sorted: Markdown pages and everything else (copied as it is).
struct ContentFiles: Sendable {
  let folder: URL
  private let folderPath: String
  /// Markdown files relative to `Content/`.
  let markdown: [String]
  /// Other files relative to `Content/` (also their output paths).
  let staticFiles: [String]

  init(root: URL) throws {
    // A symlinked Content/ (shared corpora, monorepos) is read through its target.
    folder = root.appendingPathComponent("Content").resolvingSymlinksInPath()
    folderPath = folder.path
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
    guard let bytes = ContentFiles.contents(ofFile: folderPath + "/" + path) else {
      throw DiagnosticError(
        .error("cannot read the file", at: SourceLocation(path: "Content/" + path, line: 1, column: 1)))
    }
    return bytes
  }

  /// The bytes of the file at `path` (relative to the open folder `directory`, or to the
  /// current folder), read straight into an array (no `Data` in between), or `nil` when it
  /// cannot be read.
  static func contents(ofFile path: String, relativeTo directory: Int32 = AT_FDCWD) -> [UInt8]? {
    let descriptor = openat(directory, path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return nil }
    // One byte more than the size, so a file that did not grow ends with a read of 0.
    var bytes = [UInt8](repeating: 0, count: max(Int(info.st_size), 0) + 1)
    var filled = 0
    while true {
      if filled == bytes.count { bytes.append(contentsOf: repeatElement(0, count: bytes.count)) }
      let count = bytes.withUnsafeMutableBytes { buffer in
        Foundation.read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
      }
      if count < 0 {
        if errno == EINTR { continue }
        return nil
      }
      if count == 0 {
        bytes.removeLast(bytes.count - filled)
        return bytes
      }
      filled += count
    }
  }

  /// Every regular file below `folder`, relative, sorted, hidden files skipped.
  ///
  /// Reads folders with `readdir`, whose entry types spare a `stat` per file. It lists what
  /// FileManager's enumerator did: symbolic links count as the file they point to, links to
  /// folders and broken links are left out and not followed, and a `folder` that is itself a
  /// symbolic link lists nothing.
  static func listFiles(in folder: URL) -> [String] {
    var info = stat()
    guard lstat(folder.path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return [] }
    var files: [String] = []
    collectFiles(in: folder.path, prefix: "", into: &files)
    return files.sorted()
  }

  private static func collectFiles(in path: String, prefix: String, into files: inout [String]) {
    guard let directory = opendir(path) else { return }
    defer { closedir(directory) }
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
      }
      // Hidden files and folders, and `.` and `..`.
      if name.hasPrefix(".") { continue }
      let full = path + "/" + name
      var type = Int(entry.pointee.d_type)
      if type == Int(DT_UNKNOWN) {
        var info = stat()
        guard lstat(full, &info) == 0 else { continue }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: type = Int(DT_DIR)
        case S_IFLNK: type = Int(DT_LNK)
        default: type = Int(DT_REG)
        }
      }
      switch type {
      case Int(DT_DIR):
        collectFiles(in: full, prefix: prefix + name + "/", into: &files)
      case Int(DT_LNK):
        var info = stat()
        if stat(full, &info) == 0, info.st_mode & S_IFMT != S_IFDIR { files.append(prefix + name) }
      default:
        files.append(prefix + name)
      }
    }
  }
}
