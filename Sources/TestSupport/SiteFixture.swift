import Diagnostics
import Foundation

/// A project folder written from one inline text in the txtar form Hugo's tests use, in a fresh
/// temporary folder that is removed with the fixture:
///
/// ```
/// -- folio.yaml --
/// title: T
/// -- Content/_index.md --
/// ---
/// title: Home
/// ---
/// Hello
/// ```
///
/// Each `-- path --` line starts a file (text before the first one is a comment). A file ends
/// with its last line's newline. Markers `1️⃣`…`9️⃣` are taken out of the files and remembered,
/// so ``location(_:)`` gives the `path:line:column` a diagnostic should name. Keep using the
/// fixture (its methods) while the folder is needed: the folder goes when the fixture does.
public final class SiteFixture: @unchecked Sendable {
  /// The project folder (absolute, symbolic links resolved).
  public let root: URL
  /// Every marker with the file it was in.
  private var markers: [Character: SourceLocation] = [:]

  /// Writes the files of `text` into a new temporary folder.
  public init(_ text: String) throws {
    root = try SiteFixture.makeTemporaryFolder()
    for (path, body) in try SiteFixture.files(in: text) {
      let marked = MarkedText(body)
      for marker in marked.positions.keys {
        precondition(markers[marker] == nil, "marker \(marker) is used twice in the fixture")
        markers[marker] = marked.location(marker, path: path)
      }
      try write(marked.text, to: path)
    }
  }

  deinit {
    try? FileManager.default.removeItem(at: root)
  }

  /// Where `marker` stood: the file's project-relative path, line and UTF-8 column.
  public func location(_ marker: Character) -> SourceLocation {
    guard let location = markers[marker] else { preconditionFailure("the fixture has no marker \(marker)") }
    return location
  }

  /// The absolute URL of `path` (relative to the project folder).
  public func url(_ path: String) -> URL {
    path.isEmpty ? root : root.appendingPathComponent(path)
  }

  /// Writes `text` as UTF-8 to `path`, creating folders on the way.
  public func write(_ text: String, to path: String) throws {
    try write(Array(text.utf8), to: path)
  }

  /// Writes `bytes` to `path` (for encodings other than UTF-8 and binary files).
  public func write(_ bytes: [UInt8], to path: String) throws {
    let file = url(path)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(bytes).write(to: file)
  }

  /// Removes the file or folder at `path`.
  public func remove(_ path: String) throws {
    try FileManager.default.removeItem(at: url(path))
  }

  /// The bytes of the file at `path`, or nil when there is none.
  public func bytes(_ path: String) -> [UInt8]? {
    FileManager.default.contents(atPath: url(path).path).map { [UInt8]($0) }
  }

  /// The file at `path` as UTF-8 text, or nil when there is none.
  public func text(_ path: String) -> String? {
    bytes(path).map { String(decoding: $0, as: UTF8.self) }
  }

  /// Every regular file below `folder`, relative to it, sorted, with its bytes.
  public func tree(_ folder: String) -> [String: [UInt8]] {
    let base = url(folder)
    guard let enumerator = FileManager.default.enumerator(atPath: base.path) else { return [:] }
    var files: [String: [UInt8]] = [:]
    while let path = enumerator.nextObject() as? String {
      var isFolder: ObjCBool = false
      let full = base.appendingPathComponent(path).path
      if FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), !isFolder.boolValue {
        files[path] = FileManager.default.contents(atPath: full).map { [UInt8]($0) } ?? []
      }
    }
    return files
  }

  /// Whether anything exists at `path`.
  public func exists(_ path: String) -> Bool {
    FileManager.default.fileExists(atPath: url(path).path)
  }

  // MARK: Parsing the fixture text

  /// The `(path, text)` pairs of a txtar-style fixture, in order.
  public static func files(in text: String) throws -> [(path: String, text: String)] {
    var files: [(path: String, text: String)] = []
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    // A fixture written as a multi-line literal ends with a newline: that is not an empty line.
    if lines.last == "" { lines.removeLast() }
    for line in lines {
      if line.hasPrefix("-- "), line.hasSuffix(" --"), line.count > 6 {
        let path = line.dropFirst(3).dropLast(3).trimmingCharacters(in: .whitespaces)
        guard !path.isEmpty, !path.hasPrefix("/"), !path.split(separator: "/").contains("..") else {
          throw FixtureError(message: "bad fixture path '\(path)'")
        }
        files.append((path, ""))
      } else if !files.isEmpty {
        files[files.count - 1].text += line + "\n"
      }
    }
    return files
  }

  private static func makeTemporaryFolder() throws -> URL {
    let template = FileManager.default.temporaryDirectory.appendingPathComponent("folio-site-XXXXXX").path
    var bytes = Array(template.utf8CString)
    guard let created = mkdtemp(&bytes) else { throw FixtureError(message: "mkdtemp failed") }
    guard let resolved = realpath(created, nil) else { throw FixtureError(message: "realpath failed") }
    defer { free(resolved) }
    return URL(fileURLWithPath: String(cString: resolved), isDirectory: true)
  }
}

/// A fixture that cannot be written.
public struct FixtureError: Error, CustomStringConvertible {
  /// What went wrong.
  public var message: String
  /// Creates an error with `message`.
  public init(message: String) { self.message = message }
  /// The message.
  public var description: String { message }
}
