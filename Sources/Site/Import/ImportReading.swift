import Diagnostics
import Foundation
import SiteContent
import TOML
import YAML

/// What `folio import` reads of a repository: its configuration files, through the door every
/// build reads through (``SiteFiles``: regular files inside the repository, never version
/// control), and which folders it has; and the notes it collects on the way.
struct ImportReading {
  let files: SiteFiles
  /// What could not be carried over, at its place.
  var notes: [Diagnostic] = []

  init(root: URL) throws {
    files = try SiteFiles(root: root)
  }

  /// Whether the repository has a file or folder at `path`.
  func exists(_ path: String) -> Bool { files.exists(path) }

  /// Whether the repository has a folder at `path` (not a link out of it).
  func isFolder(_ path: String) -> Bool {
    guard path != "." else { return true }
    var isFolder: ObjCBool = false
    let full = files.rootPath + "/" + path
    let real = URL(fileURLWithPath: full).resolvingSymlinksInPath().path
    return real.hasPrefix(files.rootPath + "/")
      && FileManager.default.fileExists(atPath: real, isDirectory: &isFolder)
      && isFolder.boolValue
  }

  /// The names in the folder at `path`, sorted; none when it is not a folder of the repository.
  func names(in path: String) -> [String] {
    guard isFolder(path) else { return [] }
    return ((try? FileManager.default.contentsOfDirectory(atPath: files.rootPath + "/" + path)) ?? [])
      .sorted()
  }

  /// The configuration file at `path` as a value tree: YAML, JSON or TOML by its extension.
  func configuration(_ path: String) throws -> YAMLValue {
    let bytes = try files.read(path)
    if path.hasSuffix(".toml") {
      return try TOMLParser().parse(bytes, path: path)
    }
    var parser = YAMLParser()
    parser.ignoresApplicationTags = true
    return try parser.parse(bytes, path: path)
  }

  /// The layouts Folio has: names another tool's pages may use as they are.
  static let folioLayouts: Set<String> = [
    "404", "base", "home", "page", "search", "section", "taxonomy", "term",
  ]

  /// `layouts:` for the other tool's layout names (the files of `folders`, without their
  /// extensions, and `always`): each laid out with Folio's `page`, or with its own name where
  /// Folio has that layout; nil when there is none to map.
  func layoutNames(in folders: [String], always: [String] = []) -> SettingValue? {
    var names = Set(always)
    for folder in folders {
      for name in self.names(in: folder) where name.hasSuffix(".html") {
        names.insert(String(name.dropLast(5)))
      }
    }
    let mapped = names.subtracting(Self.folioLayouts).sorted()
    guard !mapped.isEmpty else { return nil }
    return .map(mapped.map { ($0, SettingValue.string("page")) })
  }

  /// Notes that `value` (the setting `key`, in `file`) is not carried over, and why.
  mutating func skip(
    _ key: String, _ value: YAMLValue?, in file: String, because reason: String, hint: String? = nil
  ) {
    notes.append(
      Diagnostic(
        .warning, "'\(key)' is not carried over: \(reason)",
        at: value?.location ?? SourceLocation(path: file, line: 1, column: 1), hint: hint))
  }

  /// Notes something the import did that the user should know, at `value` in `file`.
  mutating func tell(_ message: String, _ value: YAMLValue?, in file: String, hint: String? = nil) {
    notes.append(
      Diagnostic(
        .note, message, at: value?.location ?? SourceLocation(path: file, line: 1, column: 1), hint: hint))
  }
}

extension YAMLValue {
  /// The value of `key` in this mapping, whatever the case of its letters (Hugo reads `baseURL`,
  /// `baseurl` and `BaseURL` alike).
  func entry(_ key: String) -> YAMLValue? {
    let wanted = key.lowercased()
    return mapping?.entries.first { $0.key.string?.lowercased() == wanted }?.value
  }

  /// The mapping's entries with string keys, in order.
  var entries: [(key: String, value: YAMLValue)] {
    (mapping?.entries ?? []).compactMap { entry in entry.key.string.map { ($0, entry.value) } }
  }

  /// A scalar's text: strings, numbers and booleans as written in YAML.
  var text: String? {
    switch kind {
    case .string(let text): text
    case .int(let value): String(value)
    case .double(let value): String(value)
    case .bool(let value): value ? "true" : "false"
    default: nil
    }
  }
}
