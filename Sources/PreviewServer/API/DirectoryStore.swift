import Glibc

/// A store that reads files from an output folder on every request, so it always shows what is
/// on disk.
///
/// Every lookup resolves the path with `realpath` and checks that the result is still inside the
/// root, so a symbolic link inside the folder cannot expose files outside it. Only regular files
/// are read (never devices or FIFOs, which could block a server thread).
public struct DirectoryStore: OutputStore {
  /// The root folder, fully resolved.
  public let root: String

  /// Creates a store for the folder at `root`; throws when it is not a readable folder.
  public init(root: String) throws(StoreError) {
    guard let resolved = Self.realPath(root), Self.kind(ofResolved: resolved) == .directory else {
      throw StoreError(path: root, reason: .notADirectory)
    }
    self.root = resolved
  }

  /// The regular file at `relativePath` inside the root, or nil.
  public func file(at relativePath: String) -> StoredFile? {
    guard let path = resolve(relativePath), Self.kind(ofResolved: path) == .regularFile else {
      return nil
    }
    return Self.read(path).map(StoredFile.init(bytes:))
  }

  /// Whether `relativePath` is a folder inside the root.
  public func containsDirectory(at relativePath: String) -> Bool {
    guard let path = resolve(relativePath) else { return false }
    return Self.kind(ofResolved: path) == .directory
  }

  /// The real path of `relativePath`, or nil when it is malformed, missing or leaves the root.
  private func resolve(_ relativePath: String) -> String? {
    // The server validated the path already; this is a second, independent line of defence.
    let segments = relativePath.split(separator: "/", omittingEmptySubsequences: false)
    if !relativePath.isEmpty {
      for segment in segments {
        guard !segment.isEmpty, segment != ".", segment != "..",
          !segment.utf8.contains(0), !segment.utf8.contains(UInt8(ascii: "\\"))
        else { return nil }
      }
    }
    let joined = relativePath.isEmpty ? root : root + "/" + relativePath
    guard let resolved = Self.realPath(joined) else { return nil }
    let prefix = root.hasSuffix("/") ? root : root + "/"
    guard resolved == root || resolved.hasPrefix(prefix) else { return nil }
    return resolved
  }

  private enum Kind {
    case regularFile
    case directory
    case other
  }

  private static func kind(ofResolved path: String) -> Kind {
    var info = stat()
    guard stat(path, &info) == 0 else { return .other }
    switch info.st_mode & S_IFMT {
    case S_IFREG: return .regularFile
    case S_IFDIR: return .directory
    default: return .other
    }
  }

  private static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(validatingCString: resolved)
  }

  private static func read(_ path: String) -> [UInt8]? {
    // O_NOFOLLOW: the path is already resolved, so a link appearing here is a race to refuse.
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else { return nil }
      if count == 0 { return bytes }
      bytes.append(contentsOf: chunk[..<count])
    }
  }
}
