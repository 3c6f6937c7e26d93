import Diagnostics
import Foundation
import SiteContent

#if canImport(Glibc)
  import Glibc
#endif

/// Results of working links from earlier runs, in `.folio/cache/links.json` in the project, so
/// that a CI run after a small edit does not request every URL again. Broken links are not
/// kept: a link that failed is checked again on the next run, whether it was fixed or the
/// server was down.
///
/// The file is JSON with sorted keys, one entry per URL with when it was checked, and for the
/// pages link cards show, their titles (``LinkCacheFile`` describes the format, which the build
/// reads too). It is read
/// and written only inside the project: `.folio` and `.folio/cache` must be real folders (a
/// symbolic link there is refused, not followed), the file is read only if it is a regular
/// file, and it is written to a temporary name beside it, then renamed over it.
struct LinkCache: Equatable {
  /// One URL's result and when it was found.
  struct Entry: Codable, Equatable {
    var checkedAt: Date
    var result: LinkCheckResult
  }

  private struct File: Codable {
    var version: Int
    var links: [String: Entry]
  }

  /// Something other than a regular file is where the cache goes (`kind` says what).
  struct NotARegularFile: Error {
    var kind: String
    /// The warning: the build's words (``LinkCacheFile/notARegularFile(kind:)``).
    var warning: Diagnostic { LinkCacheFile.notARegularFile(kind: kind) }
  }

  /// The folders below the project and the file's name.
  static let folders = [".folio", "cache"]
  static let fileName = "links.json"

  /// Entries by URL.
  var entries: [String: Entry] = [:]

  /// The entry for `url` if it is younger than `ttl` seconds at `now`.
  func fresh(_ url: String, at now: Date, ttl: Double) -> Entry? {
    guard ttl > 0, let entry = entries[url], now.timeIntervalSince(entry.checkedAt) < ttl,
      entry.checkedAt <= now
    else { return nil }
    return entry
  }

  /// The cache of the project at `root`; empty when there is none or it cannot be decoded.
  ///
  /// - Throws: when something other than a regular file is there (a FIFO, a device, a folder,
  ///   a symbolic link): it is opened without blocking and refused, so a FIFO placed there by a
  ///   pull request cannot hang the check.
  static func read(projectAt root: URL) throws(NotARegularFile) -> LinkCache {
    guard let folder = try? openFolders(root, creating: false) else { return LinkCache() }
    defer { close(folder) }
    let descriptor = openat(folder, fileName, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      if errno == ELOOP { throw NotARegularFile(kind: "a symbolic link") }
      return LinkCache()
    }
    let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return LinkCache() }
    guard info.st_mode & S_IFMT == S_IFREG else {
      throw NotARegularFile(kind: SiteFiles.kind(of: info.st_mode))
    }
    guard let data = try? handle.readToEnd(), let file = try? decoder.decode(File.self, from: data),
      LinkCacheFile.readableVersions.contains(file.version)
    else { return LinkCache() }
    return LinkCache(entries: file.links)
  }

  /// Writes the cache into the project at `root`, creating `.folio/cache/` if needed.
  func write(projectAt root: URL) throws {
    let data =
      try LinkCache.encoder.encode(File(version: LinkCacheFile.version, links: entries)) + Data("\n".utf8)
    let folder = try LinkCache.openFolders(root, creating: true)
    defer { close(folder) }
    let temporary = ".\(LinkCache.fileName).\(getpid()).tmp"
    unlinkat(folder, temporary, 0)
    let descriptor = openat(folder, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw LinkCache.failure("cannot create \(temporary)") }
    let written = data.withUnsafeBytes { bytes in
      var offset = 0
      while offset < bytes.count {
        let count = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { return false }
        offset += count
      }
      return true
    }
    close(descriptor)
    guard written, renameat(folder, temporary, folder, LinkCache.fileName) == 0 else {
      let reason = String(cString: strerror(errno))
      unlinkat(folder, temporary, 0)
      throw LinkCache.failure("cannot write \(LinkCache.fileName): \(reason)")
    }
  }

  /// `.folio/cache` below `root`, opened without following a symbolic link at either step.
  private static func openFolders(_ root: URL, creating: Bool) throws -> Int32 {
    var folder = open(root.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard folder >= 0 else { throw failure("cannot open the project folder") }
    for name in folders {
      if creating && mkdirat(folder, name, 0o755) != 0 && errno != EEXIST {
        let reason = String(cString: strerror(errno))
        close(folder)
        throw failure("cannot create \(name): \(reason)")
      }
      let next = openat(folder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
      let reason = String(cString: strerror(errno))
      close(folder)
      guard next >= 0 else {
        throw failure("cannot open \(name) (it must be a folder, not a link): \(reason)")
      }
      folder = next
    }
    return folder
  }

  private static func failure(_ message: String) -> CocoaError {
    CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: message])
  }

  private static let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    return encoder
  }()

  private static let decoder: JSONDecoder = {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return decoder
  }()
}
