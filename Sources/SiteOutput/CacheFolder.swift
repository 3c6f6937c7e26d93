import Foundation
import SiteContent

#if canImport(Glibc)
  import Glibc
#endif

/// The project's `.folio/cache/`, where builds keep what they can reuse: read and written only
/// inside the project, never through a symbolic link.
///
/// `.folio` and `.folio/cache` must be real folders (a link at either is refused, not followed);
/// a file is read only if it is a regular file, opened without following a link or blocking (a
/// FIFO planted there cannot hang the build), and at most ``maximumFileBytes``; a file is written
/// under a temporary name beside its own and renamed over it, so a build killed while writing
/// leaves the last whole file, and two builds writing at once each replace it whole.
package struct CacheFolder: Sendable {
  /// Why the folder or a file in it was not used.
  package struct Refusal: Error, Sendable, Equatable {
    /// What was wrong, as the note about it says after "the build cache".
    package var reason: String
  }

  /// The largest cache file read (the pages of a 100,000-page site take about 350 MB).
  package static let maximumFileBytes = 2 << 30
  /// How old a temporary file must be before a build deletes it as left by a killed build.
  static let abandonedAfterSeconds: Double = 3600

  private let root: String
  /// The folders from the project down to this one: `.folio`, `cache` and any below.
  private let folders: [String]

  /// The cache folder of the project at `projectRoot`.
  package init(projectRoot: URL) {
    root = projectRoot.path
    folders = [".folio", "cache"]
  }

  /// The folder `name` inside the project's cache folder (`.folio/cache/images`), under the
  /// same rules.
  package init(projectRoot: URL, subfolder name: String) {
    root = projectRoot.path
    folders = [".folio", "cache", name]
  }

  /// The path of `name` in the folder, relative to the project, as notes name it.
  package static func displayPath(_ name: String) -> String { ".folio/cache/" + name }

  /// The bytes of `name`, or nil when there is no such file (or no folder).
  package func read(_ name: String) throws(Refusal) -> [UInt8]? {
    guard let folder = try openFolder(creating: false) else { return nil }
    defer { close(folder) }
    let descriptor = openat(folder, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      if errno == ENOENT { return nil }
      throw Refusal(
        reason: errno == ELOOP ? "file is a symbolic link" : "cannot be read: " + CacheFolder.error())
    }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      throw Refusal(reason: "cannot be read: " + CacheFolder.error())
    }
    guard info.st_mode & S_IFMT == S_IFREG else {
      throw Refusal(reason: "is \(SiteFiles.kind(of: info.st_mode))")
    }
    guard info.st_size <= CacheFolder.maximumFileBytes else {
      throw Refusal(reason: "is larger than \(CacheFolder.maximumFileBytes >> 20) MiB")
    }
    var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
    var filled = 0
    while filled < bytes.count {
      let count = bytes.withUnsafeMutableBytes {
        pread(descriptor, $0.baseAddress! + filled, $0.count - filled, off_t(filled))
      }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { break }
      filled += count
    }
    // A file that shrank while it was read is read as it was cut: the format's checksum refuses it.
    return Array(bytes[0..<filled])
  }

  /// Writes `bytes` as `name`, creating the folders if needed; deletes temporary files that
  /// killed builds left.
  package func write(_ name: String, _ bytes: [UInt8]) throws(Refusal) {
    try write(name) { (append: ([UInt8]) throws(Refusal) -> Void) throws(Refusal) in try append(bytes) }
  }

  /// Writes the file `name` from the runs of bytes `produce` hands to the function it is given,
  /// in order, under a temporary name renamed over `name` once `produce` returns (a file made
  /// as it is written is never held whole); creates the folders if needed and deletes temporary
  /// files that killed builds left. If `produce` or a write fails, nothing is renamed.
  package func write(
    _ name: String, producing produce: (_ append: ([UInt8]) throws(Refusal) -> Void) throws(Refusal) -> Void
  ) throws(Refusal) {
    guard let folder = try openFolder(creating: true) else { return }
    defer { close(folder) }
    removeAbandoned(in: folder, name: name)
    let temporary = CacheFolder.temporaryName(for: name)
    let descriptor = openat(folder, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw Refusal(reason: "cannot be written: " + CacheFolder.error()) }
    do throws(Refusal) {
      try produce { (run: [UInt8]) throws(Refusal) in
        let written = run.withUnsafeBytes { bytes in
          var offset = 0
          while offset < bytes.count {
            let count = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            offset += count
          }
          return true
        }
        guard written else { throw Refusal(reason: "cannot be written: " + CacheFolder.error()) }
      }
    } catch {
      close(descriptor)
      unlinkat(folder, temporary, 0)
      throw error
    }
    close(descriptor)
    guard renameat(folder, temporary, folder, name) == 0 else {
      let reason = CacheFolder.error()
      unlinkat(folder, temporary, 0)
      throw Refusal(reason: "cannot be written: " + reason)
    }
  }

  /// The stamp of a file made in the folder (made if missing) and removed at once: its times
  /// are this moment as the file system that holds the project keeps it, in its own steps
  /// (what a build measures its inputs' times against, ``StampTrust``). Nil when no file can
  /// be made there (a read-only project, a link in place of the folder).
  package func clockStamp() -> WrittenStamp? {
    guard let folder = try? openFolder(creating: true) else { return nil }
    defer { close(folder) }
    removeAbandoned(in: folder, name: "clock")
    let name = CacheFolder.temporaryName(for: "clock")
    let descriptor = openat(folder, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return nil }
    var info = stat()
    let isStamped = fstat(descriptor, &info) == 0
    close(descriptor)
    unlinkat(folder, name, 0)
    return isStamped ? WrittenStamp(info) : nil
  }

  /// A name of this process's own for a temporary file beside `name` (`.NAME.PID.RANDOM.tmp`):
  /// what ``removeAbandoned(in:name:)`` removes once a killed build has left it an hour.
  private static func temporaryName(for name: String) -> String {
    var random = SystemRandomNumberGenerator()
    return ".\(name).\(getpid()).\(String(random.next() as UInt32, radix: 16)).tmp"
  }

  /// `.folio/cache`, opened without following a link at either step (nil when it does not
  /// exist and is not to be made).
  private func openFolder(creating: Bool) throws(Refusal) -> Int32? {
    var folder = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard folder >= 0 else { throw Refusal(reason: "cannot open the project folder: " + CacheFolder.error()) }
    for name in folders {
      if creating && mkdirat(folder, name, 0o755) != 0 && errno != EEXIST {
        let reason = CacheFolder.error()
        close(folder)
        throw Refusal(reason: "folder cannot be made: " + reason)
      }
      let next = openat(folder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
      let failure = errno
      close(folder)
      guard next >= 0 else {
        if failure == ENOENT && !creating { return nil }
        throw Refusal(
          reason: failure == ELOOP || failure == ENOTDIR
            ? "folder is not used: \(name) must be a folder, not a symbolic link or a file"
            : "folder cannot be opened: " + String(cString: strerror(failure)))
      }
      folder = next
    }
    return folder
  }

  /// The folder's path, the folder made if missing with every step a real folder, never a
  /// link: for another program to work in (Chromium's profile while it prints a book). The
  /// path is checked, not held open, so the caller hands it over at once.
  package func madeFolderPath() throws(Refusal) -> String {
    guard let folder = try openFolder(creating: true) else { throw Refusal(reason: "folder cannot be made") }
    close(folder)
    return ([root] + folders).joined(separator: "/")
  }

  /// The names of the regular files in the folder, sorted (none when there is no folder);
  /// temporary files being written are left out.
  package func names() throws(Refusal) -> [String] {
    guard let folder = try openFolder(creating: false) else { return [] }
    defer { close(folder) }
    return FolderListing.entries(of: folder)
      .filter { !$0.name.hasPrefix(".") && $0.kind == UInt8(DT_REG) }
      .map(\.name).sorted()
  }

  /// The size in bytes of the regular file `name`, nil when there is none.
  package func size(of name: String) -> Int? {
    guard !name.contains("/"), let folder = try? openFolder(creating: false) else { return nil }
    defer { close(folder) }
    var info = stat()
    guard fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0, info.st_mode & S_IFMT == S_IFREG else {
      return nil
    }
    return Int(info.st_size)
  }

  /// Deletes the file `name` (nothing when it is not there); a folder is never deleted.
  package func remove(_ name: String) throws(Refusal) {
    guard !name.contains("/"), let folder = try openFolder(creating: false) else { return }
    defer { close(folder) }
    unlinkat(folder, name, 0)
  }

  /// Deletes `.NAME.*.tmp` files older than ``abandonedAfterSeconds``: what builds killed while
  /// writing left (a build still writing its own is younger).
  private func removeAbandoned(in folder: Int32, name: String) {
    let now = Date().timeIntervalSince1970
    for (entryName, _) in FolderListing.entries(of: folder) {
      guard entryName.hasPrefix("." + name + "."), entryName.hasSuffix(".tmp") else { continue }
      var info = stat()
      guard fstatat(folder, entryName, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
      if now - Double(info.st_mtim.tv_sec) > CacheFolder.abandonedAfterSeconds {
        unlinkat(folder, entryName, 0)
      }
    }
  }

  private static func error() -> String { String(cString: strerror(errno)) }
}
