import Glibc

/// The watcher's thread-confined state: inotify watches, what exists, and the batch being built.
///
/// Each watched path is watched twice over: its parent folder, filtered to the path's name (so a
/// file replaced by an atomic save, or a folder deleted and made again, is still seen), and, for
/// a folder, every folder inside it. Which paths exist is tracked so that each batch can say
/// created, modified or deleted by comparing before and after.
///
/// A folder that cannot be watched (the system's limit on inotify watches is reached) is still
/// listed and reported, and watching it is tried again every second; once it is watched, what
/// changed in it meanwhile is reported.
final class InotifyLoop: @unchecked Sendable {
  // @unchecked: after `FileWatcher.init` hands the loop to its thread, only that thread touches
  // it; the initializer runs before the thread starts.

  private struct WatchedFolder {
    var path: String
    var isRecursive: Bool
    /// The names this folder is watched for, when it is only the parent of watched paths.
    var names: Set<String>
    /// The watched folder's device and inode, to tell whether `path` still names it.
    var identity: FolderIdentity?
  }

  private struct FolderIdentity: Equatable {
    var device: UInt64
    var inode: UInt64
  }

  private static let mask: UInt32 =
    UInt32(IN_CREATE | IN_DELETE | IN_MODIFY | IN_CLOSE_WRITE | IN_ATTRIB | IN_MOVED_FROM | IN_MOVED_TO)
    | UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR | IN_DONT_FOLLOW | IN_EXCL_UNLINK)

  private let descriptor: Int32
  private let roots: [String]
  private let quietPeriod: Duration
  private let maximumDelay: Duration
  private let deliver: @Sendable ([FileChange]) -> Void
  /// At most this many watches are added (the system's own limit applies too); tests lower it
  /// to see what happens when the limit is reached.
  private let watchLimit: Int
  private var folders: [Int32: WatchedFolder] = [:]
  private var watchByPath: [String: Int32] = [:]
  /// Every existing path under watch, mapped to whether it is a folder.
  private var existing: [String: Bool] = [:]
  /// Existing folders that could not be watched yet.
  private var unwatched: Set<String> = []
  /// Where `unwatched` is published for ``FileWatcher/unwatchedFolders``, and what was last.
  private let unwatchedFolders: UnwatchedFolders
  private var published: Set<String> = []
  private var batch = ChangeBatch()
  private static let retryInterval: Duration = .seconds(1)

  /// Sets up every watch for `roots` (absolute, normalised paths) before returning.
  init(
    roots: [String], quietPeriod: Duration, maximumDelay: Duration, watchLimit: Int = .max,
    unwatchedFolders: UnwatchedFolders, deliver: @escaping @Sendable ([FileChange]) -> Void
  ) throws(WatchError) {
    descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
    guard descriptor >= 0 else {
      throw WatchError(path: "", detail: SystemCallError.current("inotify_init1").description)
    }
    self.roots = roots
    self.quietPeriod = quietPeriod
    self.maximumDelay = maximumDelay
    self.deliver = deliver
    self.watchLimit = watchLimit
    self.unwatchedFolders = unwatchedFolders
    for root in roots {
      let parent = Self.parent(of: root)
      guard addWatch(parent, recursive: false, name: Self.name(of: root)) else {
        // No close here: the object is fully initialised, so deinit closes the descriptor.
        throw WatchError(
          path: root,
          detail: "cannot watch its folder \(parent): \(SystemCallError.current("inotify_add_watch"))")
      }
      switch Self.kind(of: root) {
      case .directory?: addTree(root, reporting: false)
      case .file?: existing[root] = false
      case nil: break
      }
    }
    publishUnwatchedFolders()
  }

  deinit {
    close(descriptor)
  }

  /// Runs until `stop` becomes readable, then delivers what is pending and returns.
  func run(until stop: WakeupSignal) {
    let clock = ContinuousClock()
    var firstEvent: ContinuousClock.Instant?
    var lastEvent = clock.now
    var nextRetry = clock.now + Self.retryInterval
    while true {
      var timeout: Duration = .seconds(3600)
      if let firstEvent {
        timeout = min(lastEvent + quietPeriod, firstEvent + maximumDelay) - clock.now
      }
      if !unwatched.isEmpty { timeout = min(timeout, nextRetry - clock.now) }
      var entries = [
        pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
        pollfd(fd: stop.descriptor, events: Int16(POLLIN), revents: 0),
      ]
      let ready = poll(&entries, 2, Int32(clamping: max(0, timeout.milliseconds)))
      if ready < 0 && errno != EINTR { break }
      if entries[1].revents != 0 { break }
      if entries[0].revents & Int16(POLLIN) != 0 {
        readEvents()
        lastEvent = clock.now
        if firstEvent == nil && !batch.isEmpty { firstEvent = lastEvent }
      }
      if !unwatched.isEmpty && clock.now >= nextRetry {
        watchUnwatchedFolders()
        nextRetry = clock.now + Self.retryInterval
        if firstEvent == nil && !batch.isEmpty {
          firstEvent = clock.now
          lastEvent = clock.now
        }
      }
      if let first = firstEvent, clock.now >= min(lastEvent + quietPeriod, first + maximumDelay) {
        flush()
        firstEvent = nil
      }
    }
    flush()
  }

  private func flush() {
    // Before the batch, so that whoever it reaches reads a list that matches it.
    publishUnwatchedFolders()
    let changes = batch.drain()
    if !changes.isEmpty { deliver(changes) }
  }

  private func publishUnwatchedFolders() {
    guard unwatched != published else { return }
    published = unwatched
    unwatchedFolders.publish(unwatched.sorted())
  }

  // MARK: Events

  private func readEvents() {
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return }
      var offset = 0
      buffer.withUnsafeBytes { raw in
        while offset + 16 <= count {
          let watch = raw.loadUnaligned(fromByteOffset: offset, as: Int32.self)
          let mask = raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
          let length = Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
          let nameBytes = raw[(offset + 16)..<(offset + 16 + length)].prefix { $0 != 0 }
          handle(watch: watch, mask: mask, name: String(decoding: nameBytes, as: UTF8.self))
          offset += 16 + length
        }
      }
    }
  }

  private func handle(watch: Int32, mask: UInt32, name: String) {
    if mask & UInt32(IN_Q_OVERFLOW) != 0 {
      rescan()
      return
    }
    guard let folder = folders[watch] else { return }
    if mask & UInt32(IN_IGNORED) != 0 {
      forgetWatch(watch)
      return
    }
    if mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF) != 0 {
      // The parent's watch reports the same event by name when the parent is watched; this
      // covers folders whose parent is not. A rename reaches the parent (moved from, moved to)
      // before the folder itself (moved self): when the parent's events were handled first, the
      // folder is already watched again at its new path under a new watch, which then receives
      // the late "moved self". The folder is still where that watch says, so nothing moved.
      if mask & UInt32(IN_MOVE_SELF) != 0, let identity = folder.identity,
        Self.identity(of: folder.path) == identity
      {
        return
      }
      removeTree(folder.path)
      return
    }
    guard !name.isEmpty, folder.isRecursive || folder.names.contains(name) else { return }
    let path = folder.path == "/" ? "/" + name : folder.path + "/" + name
    let isDirectory = mask & UInt32(IN_ISDIR) != 0
    if mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
      if isDirectory {
        addTree(path, reporting: true)
      } else {
        record(path, isDirectory: false, existsNow: true)
      }
    } else if mask & UInt32(IN_DELETE | IN_MOVED_FROM) != 0 {
      if isDirectory {
        removeTree(path)
      } else {
        record(path, isDirectory: false, existsNow: false)
      }
    } else if !isDirectory && mask & UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_ATTRIB) != 0 {
      record(path, isDirectory: false, existsNow: true)
    }
  }

  private func record(_ path: String, isDirectory: Bool, existsNow: Bool) {
    batch.record(path, isDirectory: isDirectory, existedBefore: existing[path] != nil, existsNow: existsNow)
    if existsNow {
      existing[path] = isDirectory
    } else {
      existing[path] = nil
    }
  }

  // MARK: Watches

  /// Watches `path` and every folder inside it, recording what is found when `reporting`.
  /// The watch is added before the folder is listed, so a file made in between is seen twice
  /// at worst (and the batch merges the two), never missed. A folder that exists but cannot be
  /// watched is recorded all the same and kept for ``watchUnwatchedFolders()``.
  private func addTree(_ path: String, reporting: Bool) {
    if !addWatch(path, recursive: true, name: nil) {
      guard Self.kind(of: path) == .directory else { return }
      unwatched.insert(path)
    }
    if reporting { record(path, isDirectory: true, existsNow: true) } else { existing[path] = true }
    for (name, isDirectory) in Self.entries(of: path) {
      let child = path == "/" ? "/" + name : path + "/" + name
      if isDirectory {
        addTree(child, reporting: reporting)
      } else if reporting {
        record(child, isDirectory: false, existsNow: true)
      } else {
        existing[child] = false
      }
    }
  }

  /// Stops watching `path` and everything below it, recording each known entry as deleted.
  private func removeTree(_ path: String) {
    let prefix = path + "/"
    for (watch, folder) in folders where folder.path == path || folder.path.hasPrefix(prefix) {
      if folder.names.isEmpty {
        inotify_rm_watch(descriptor, watch)
        forgetWatch(watch)
      } else {
        // Still the parent of a watched path: keep listening for that name only.
        folders[watch]?.isRecursive = false
      }
    }
    unwatched = unwatched.filter { $0 != path && !$0.hasPrefix(prefix) }
    let gone = existing.keys.filter { $0 == path || $0.hasPrefix(prefix) }
    for entry in gone {
      record(entry, isDirectory: existing[entry] ?? false, existsNow: false)
    }
  }

  private func addWatch(_ path: String, recursive: Bool, name: String?) -> Bool {
    if watchByPath[path] == nil && folders.count >= watchLimit { return false }
    let watch = inotify_add_watch(descriptor, path, Self.mask)
    guard watch >= 0 else { return false }
    if let old = watchByPath[path], old != watch { forgetWatch(old) }
    var folder = folders[watch] ?? WatchedFolder(path: path, isRecursive: false, names: [], identity: nil)
    folder.path = path
    folder.identity = Self.identity(of: path)
    folder.isRecursive = folder.isRecursive || recursive
    if let name { folder.names.insert(name) }
    folders[watch] = folder
    watchByPath[path] = watch
    return true
  }

  private func forgetWatch(_ watch: Int32) {
    guard let folder = folders.removeValue(forKey: watch) else { return }
    if watchByPath[folder.path] == watch { watchByPath[folder.path] = nil }
  }

  /// After the kernel's queue overflowed, events were lost: compare the disk with what was
  /// known, and report every file that still exists as modified, since any might have changed.
  private func rescan() {
    unwatched = []
    resynchronise(roots)
  }

  /// Tries again to watch the folders that could not be watched, parents first, and reports
  /// what changed in each one that is watched now, since nothing in it was seen meanwhile.
  private func watchUnwatchedFolders() {
    for path in unwatched.sorted() where unwatched.contains(path) {
      guard Self.kind(of: path) == .directory else {
        removeTree(path)
        continue
      }
      guard addWatch(path, recursive: true, name: nil) else {
        // At the limit every other folder fails too; a folder refused for itself (no
        // permission) leaves the others to be tried.
        if folders.count >= watchLimit || errno == ENOSPC { return }
        continue
      }
      unwatched.remove(path)
      let prefix = path + "/"
      unwatched = unwatched.filter { !$0.hasPrefix(prefix) }
      resynchronise([path])
    }
  }

  /// Lists `paths` again, watching every folder in them, and records the difference from what
  /// was known, with every file that still exists as modified.
  private func resynchronise(_ paths: [String]) {
    let isInside = { (entry: String) in
      paths.contains { entry == $0 || entry.hasPrefix($0 + "/") }
    }
    let before = existing.filter { isInside($0.key) }
    for path in before.keys { existing[path] = nil }
    for path in paths {
      switch Self.kind(of: path) {
      case .directory?:
        addTree(path, reporting: false)
      case .file?:
        existing[path] = false
      case nil:
        break
      }
    }
    let found = existing.filter { isInside($0.key) }
    existing.merge(before) { _, old in old }
    for (path, _) in found where before[path] == nil { existing[path] = nil }
    for (path, isDirectory) in found where before[path] == nil || !isDirectory {
      record(path, isDirectory: isDirectory, existsNow: true)
    }
    for (path, isDirectory) in before where found[path] == nil {
      record(path, isDirectory: isDirectory, existsNow: false)
    }
  }

  // MARK: File system

  private enum Kind {
    case file
    case directory
  }

  private static func kind(of path: String) -> Kind? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    return info.st_mode & S_IFMT == S_IFDIR ? .directory : .file
  }

  private static func identity(of path: String) -> FolderIdentity? {
    var info = stat()
    guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return nil }
    return FolderIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
  }

  /// The names in a folder and whether each is a folder; symbolic links count as files, so a
  /// link to a parent folder cannot make the walk loop.
  private static func entries(of path: String) -> [(String, Bool)] {
    guard let directory = opendir(path) else { return [] }
    defer { closedir(directory) }
    var result: [(String, Bool)] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name == "." || name == ".." { continue }
      let child = path == "/" ? "/" + name : path + "/" + name
      result.append((name, kind(of: child) == .directory))
    }
    return result
  }

  private static func parent(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
    return String(path[..<slash])
  }

  private static func name(of path: String) -> String {
    String(path.split(separator: "/").last ?? "")
  }
}
