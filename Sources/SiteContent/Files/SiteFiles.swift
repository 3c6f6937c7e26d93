internal import CSystemCalls
import Diagnostics
import Foundation

/// The one door through which a build reads the site's files: `folio.yaml`, pages, static
/// files, templates, theme assets and data files.
///
/// A file is read only if it is a regular file whose real path lies inside the project folder,
/// so content from a pull request cannot publish `/etc/passwd` through a symbolic link, run the
/// build out of memory with `/dev/zero` or hang it on a FIFO. A symbolic link inside the site
/// that leads to a file inside the site works.
package final class SiteFiles: Sendable {
  /// The longest Markdown page, `folio.yaml` or template read (``Limits/pageBytes``).
  static let maximumPageBytes = Limits.pageBytes
  /// The longest other file: images, downloads, theme assets (``Limits/fileBytes``).
  package static let maximumFileBytes = Limits.fileBytes

  /// The project folder's real path (symbolic links resolved).
  package let rootPath: String
  /// The project folder, open, so that reads resolve relative paths from it.
  private let descriptor: Int32
  /// The folders read as folders of `Content/` (``SiteConfiguration/mounts``): a path below one
  /// is read from its source.
  package let mounts: [ContentMount]
  /// Whether two mounts read into one folder, so that a path's mount is the one that has it.
  private let mountsOverlap: Bool

  /// Opens the project folder at `root`, reading `mounts` as folders of `Content/`.
  package init(root: URL, mounts: [ContentMount] = []) throws {
    self.mounts = mounts
    mountsOverlap = mounts.enumerated().contains { index, mount in
      mounts[..<index].contains { other in
        let a = other.target + "/"
        let b = mount.target + "/"
        return mount.target.isEmpty || other.target.isEmpty || a.hasPrefix(b) || b.hasPrefix(a)
      }
    }
    rootPath = root.standardizedFileURL.resolvingSymlinksInPath().path
    descriptor = Foundation.open(rootPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw SiteProblem.projectUnreadable(path: root.path, reason: String(cString: strerror(errno))).error()
    }
  }

  deinit {
    Foundation.close(descriptor)
  }

  /// Whether a file or folder (or a link to one) is at `path`, relative to the project folder.
  package func exists(_ path: String) -> Bool {
    var info = stat()
    return stat(rootPath + "/" + projectPath(of: path), &info) == 0
  }

  /// Where the file that the site names `path` is in the project: `path` itself, or its place
  /// in a mounted folder (`Content/articles/a.md` is `articles/a.md`).
  ///
  /// When several mounts read into the folder holding `path` (Hugo's `content/` and `static/`
  /// both at `/`), the file is in the first of them that has it; the listing made sure that no
  /// two have it.
  package func projectPath(of path: String) -> String {
    guard mountsOverlap else { return mounts.projectPath(of: path) }
    return mounts.projectPath(of: path) { source in
      var info = stat()
      return lstat(rootPath + "/" + source, &info) == 0
    }
  }

  /// `diagnostics` with each location's path where the file is in the project
  /// (``projectPath(of:)``): the path a user opens, and the one a pull request's diff shows.
  package func locatedInProject(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
    guard !mounts.isEmpty else { return diagnostics }
    return diagnostics.map { diagnostic in
      var diagnostic = diagnostic
      if let path = diagnostic.location?.path { diagnostic.location?.path = projectPath(of: path) }
      return diagnostic
    }
  }

  /// The bytes of the file at `path`, relative to the project folder (`Content/a.md`), or nil when
  /// there is no file there.
  ///
  /// - Throws: an error at `path` when it is not a regular file inside the site or is longer than
  ///   `limit`.
  package func readIfPresent(_ path: String, limit: Int = SiteFiles.maximumPageBytes) throws -> [UInt8]? {
    let location = SourceLocation(path: path, line: 1, column: 1)
    let file = try open(path, at: location)
    guard file >= 0 else { return nil }
    defer { close(file) }
    var info = stat()
    guard fstat(file, &info) == 0 else { throw failure(path, at: location) }
    guard info.st_mode & S_IFMT == S_IFREG else {
      throw SiteProblem.notARegularFile(path: path, kind: SiteFiles.kind(of: info.st_mode)).error(
        at: location)
    }
    guard Int(info.st_size) <= limit else {
      let size = Int(info.st_size)
      throw (limit == Limits.pageBytes ? LimitExceeded.pageBytes(size) : .fileBytes(size)).error(at: location)
    }
    guard let bytes = SiteFiles.readAll(file, size: Int(info.st_size), limit: limit) else {
      throw failure(path, at: location)
    }
    return bytes
  }

  /// The bytes of the file at `path`, relative to the project folder.
  ///
  /// - Throws: as ``readIfPresent(_:limit:)``, and when there is no file.
  package func read(_ path: String, limit: Int = SiteFiles.maximumPageBytes) throws -> [UInt8] {
    guard let bytes = try readIfPresent(path, limit: limit) else {
      throw SiteProblem.missingFile.error(at: SourceLocation(path: path, line: 1, column: 1))
    }
    return bytes
  }

  /// The bytes of the regular file at the absolute `path` (no symbolic link, FIFO or device, at
  /// most `limit` bytes), or nil when it cannot be read: for files outside the site that Folio
  /// itself writes, such as an output folder's marker.
  package static func regularFile(at path: String, limit: Int = maximumPageBytes) -> [UInt8]? {
    let file = Foundation.open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
    guard file >= 0 else { return nil }
    defer { Foundation.close(file) }
    var info = stat()
    guard fstat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) <= limit else {
      return nil
    }
    return readAll(file, size: Int(info.st_size), limit: limit)
  }

  /// Opens `path` for reading, inside the site and outside version control; -1 when nothing is
  /// there.
  private func open(_ sitePath: String, at location: SourceLocation) throws -> Int32 {
    let path = projectPath(of: sitePath)
    if let folder = VersionControlName.firstReservedSegment(in: path) {
      throw SiteProblem.insideVersionControl(path: path, target: nil, folder: folder).error(at: location)
    }
    // Non-blocking, so that opening a FIFO returns at once (fstat then refuses it); it changes
    // nothing for regular files.
    let flags = O_RDONLY | O_NONBLOCK | O_NOCTTY
    // Through no symbolic link first: then the path as written is the file read, and its names
    // were checked above. Nearly every file of a site opens here.
    let direct = folio_open_beneath(descriptor, path, flags, 0, true)
    if direct >= 0 { return direct }
    switch errno {
    case ENOENT, ENOTDIR: return -1
    case EXDEV, ELOOP:
      // A link on the way: followed, and kept only if the file it reaches is inside the site and
      // outside version control (`ln -s ../.git/config Content/cfg.txt` would publish the
      // checkout's credentials).
      var file = folio_open_beneath(descriptor, path, flags, 0, false)
      if file < 0, errno == EXDEV || errno == ELOOP {
        // An absolute link, or one that leads out: the kernel would not follow it beneath the
        // folder.
        file = Foundation.open(rootPath + "/" + path, flags | O_CLOEXEC)
      }
      guard file >= 0 else {
        if errno == ENOENT { return -1 }
        throw failure(path, at: location)
      }
      let real = SiteFiles.realPath(of: file) ?? "?"
      guard real.hasPrefix(rootPath + "/") else {
        close(file)
        throw SiteProblem.linkOutsideTheSite(path: path, target: real).error(at: location)
      }
      let inProject = real.dropFirst(rootPath.count + 1)
      if let folder = VersionControlName.firstReservedSegment(in: inProject) {
        close(file)
        throw SiteProblem.insideVersionControl(path: path, target: String(inProject), folder: folder).error(
          at: location)
      }
      return file
    default:
      throw failure(path, at: location)
    }
  }

  /// The path of the open file `descriptor` with every symbolic link resolved.
  private static func realPath(of descriptor: Int32) -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink("/proc/self/fd/\(descriptor)", &buffer, buffer.count - 1)
    guard count > 0 else { return nil }
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Reads the open file to its end, straight into an array; nil on a read error or when it grew
  /// past `limit`.
  private static func readAll(_ file: Int32, size: Int, limit: Int) -> [UInt8]? {
    // One byte more than the size, so a file that did not grow ends with a read of 0.
    var bytes = [UInt8](repeating: 0, count: max(size, 0) + 1)
    var filled = 0
    while true {
      if filled == bytes.count {
        guard bytes.count <= limit else { return nil }
        bytes.append(contentsOf: repeatElement(0, count: bytes.count))
      }
      // Never empty (one byte more than the size), so the buffer always has an address.
      let count = bytes.withUnsafeMutableBytes { buffer in
        buffer.baseAddress.map { Foundation.read(file, $0 + filled, buffer.count - filled) } ?? 0
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

  /// What a file of mode `mode` is, for messages.
  package static func kind(of mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFDIR: "a folder"
    case S_IFIFO: "a FIFO"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    case S_IFSOCK: "a socket"
    default: "not a regular file"
    }
  }

  private func failure(_ path: String, at location: SourceLocation) -> DiagnosticError {
    SiteProblem.unreadable(reason: String(cString: strerror(errno))).error(at: location)
  }
}
