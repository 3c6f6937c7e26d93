import Synchronization

/// A store that holds the whole built site in memory and is replaced in one step after each
/// build, so a request never sees half of one build and half of the next.
public final class InMemoryStore: OutputStore {
  private let snapshot: Mutex<Snapshot>

  /// Creates a store holding `files`, keyed by relative path (`posts/hello/index.html`; a leading
  /// `/` is ignored).
  public init(files: [String: [UInt8]] = [:]) {
    snapshot = Mutex(Snapshot(files: files))
  }

  /// Replaces every file at once. Hashing happens before the swap, outside the lock.
  public func replaceContents(with files: [String: [UInt8]]) {
    let next = Snapshot(files: files)
    snapshot.withLock { $0 = next }
  }

  /// Replaces, adds (bytes) and removes (nil) only the named files, keeping every other file's
  /// entity tag, so a rebuild that changed one page costs one page, not the whole site.
  public func apply(changes: [String: [UInt8]?]) {
    snapshot.withLock { $0.apply(changes) }
  }

  /// The file at `relativePath`, or nil.
  public func file(at relativePath: String) -> StoredFile? {
    snapshot.withLock { $0.files[relativePath] }
  }

  /// Whether some stored file lives under `relativePath`.
  public func containsDirectory(at relativePath: String) -> Bool {
    snapshot.withLock { $0.directories.contains(relativePath) }
  }

  /// The paths of every stored file, sorted.
  public var paths: [String] {
    snapshot.withLock { $0.files.keys.sorted() }
  }
}

/// One immutable build: the files and every folder that holds one.
private struct Snapshot: Sendable {
  mutating func apply(_ changes: [String: [UInt8]?]) {
    for (path, bytes) in changes {
      let key = path.hasPrefix("/") ? String(path.drop { $0 == "/" }) : path
      if let bytes {
        files[key] = StoredFile(bytes: bytes)
        var folder = key.split(separator: "/").dropLast()
        while !folder.isEmpty {
          directories.insert(folder.joined(separator: "/"))
          folder = folder.dropLast()
        }
      } else {
        files[key] = nil
      }
    }
  }

  var files: [String: StoredFile] = [:]
  var directories: Set<String> = [""]

  init(files: [String: [UInt8]]) {
    for (path, bytes) in files {
      let key = path.hasPrefix("/") ? String(path.drop { $0 == "/" }) : path
      self.files[key] = StoredFile(bytes: bytes)
      var folder = key.split(separator: "/").dropLast()
      while !folder.isEmpty {
        directories.insert(folder.joined(separator: "/"))
        folder = folder.dropLast()
      }
    }
  }
}
