import Foundation

/// A fresh folder under the system temporary folder, removed when the value goes away.
final class TemporaryDirectory {
  /// The folder's absolute path (symbolic links resolved, so it compares equal to watcher
  /// output).
  let path: String

  init() throws {
    let template = FileManager.default.temporaryDirectory.appendingPathComponent("folio-test-XXXXXX").path
    var bytes = Array(template.utf8CString)
    guard let created = mkdtemp(&bytes) else { throw RawHTTPError(description: "mkdtemp failed") }
    guard let resolved = realpath(created, nil) else { throw RawHTTPError(description: "realpath failed") }
    defer { free(resolved) }
    path = String(cString: resolved)
  }

  deinit {
    try? FileManager.default.removeItem(atPath: path)
  }

  /// The absolute path of `relative`.
  func url(_ relative: String) -> String { path + "/" + relative }

  /// Writes `text` to `relative`, creating folders on the way.
  func write(_ relative: String, _ text: String) throws {
    let full = url(relative)
    try FileManager.default.createDirectory(
      atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: URL(fileURLWithPath: full))
  }

  /// Creates the folder `relative` and its parents.
  func makeFolder(_ relative: String) throws {
    try FileManager.default.createDirectory(atPath: url(relative), withIntermediateDirectories: true)
  }

  /// Creates a symbolic link at `relative` pointing at `destination` (as written).
  func link(_ relative: String, to destination: String) throws {
    try FileManager.default.createSymbolicLink(atPath: url(relative), withDestinationPath: destination)
  }
}
