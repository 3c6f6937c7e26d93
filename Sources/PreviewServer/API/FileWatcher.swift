import Glibc
import Synchronization

/// Watches files and folder trees with inotify and reports changes in debounced batches.
///
/// Folders are watched recursively, including folders created later; single files (such as
/// `folio.yaml`) are watched through their folder, so editors' save-by-rename is seen. A path
/// that does not exist yet is reported when it appears. Changes are collected until nothing has
/// happened for the quiet period (or the maximum delay has passed), then delivered as one batch
/// of net changes, on the watcher's own thread.
///
/// ```swift
/// let watcher = try FileWatcher(watching: ["Content", "Templates", "folio.yaml"])
/// for await changes in watcher.changes { rebuild(for: changes) }
/// ```
public final class FileWatcher: Sendable {
  /// The batches, when the watcher was created without a handler. Finishes after ``stop()``.
  public let changes: AsyncStream<[FileChange]>
  /// The watched paths, absolute and normalised; reported paths start with one of them.
  public let paths: [String]
  /// The folders that exist but are not watched, because the system's limit on inotify watches
  /// (`fs.inotify.max_user_watches`) is reached: their creation and contents are reported, but
  /// later changes in them only once they are watched, which is tried every second. Sorted;
  /// empty unless the limit is reached.
  public var unwatchedFolders: [String] { unwatched.current }

  private let unwatched: UnwatchedFolders
  private let wakeup: WakeupSignal
  private let thread: WorkerThread
  private let continuation: AsyncStream<[FileChange]>.Continuation?

  /// Starts watching `paths` (absolute or relative to the current folder), calling `handler`
  /// on the watcher thread with each batch. Every watch is in place when this returns.
  public convenience init(
    watching paths: [String], quietPeriod: Duration = .milliseconds(30),
    maximumDelay: Duration = .seconds(1), handler: @escaping @Sendable ([FileChange]) -> Void
  ) throws(WatchError) {
    try self.init(
      paths: paths, quietPeriod: quietPeriod, maximumDelay: maximumDelay, watchLimit: .max, handler: handler,
      stream: nil)
  }

  /// Starts watching `paths` with at most `watchLimit` inotify watches, as though the system's
  /// limit were that low: how tests see folders that cannot be watched.
  convenience init(
    watching paths: [String], quietPeriod: Duration, maximumDelay: Duration, watchLimit: Int,
    handler: @escaping @Sendable ([FileChange]) -> Void
  ) throws(WatchError) {
    try self.init(
      paths: paths, quietPeriod: quietPeriod, maximumDelay: maximumDelay, watchLimit: watchLimit,
      handler: handler, stream: nil)
  }

  /// Starts watching `paths`, delivering batches through ``changes``.
  public convenience init(
    watching paths: [String], quietPeriod: Duration = .milliseconds(30), maximumDelay: Duration = .seconds(1)
  ) throws(WatchError) {
    let (stream, continuation) = AsyncStream.makeStream(of: [FileChange].self)
    try self.init(
      paths: paths, quietPeriod: quietPeriod, maximumDelay: maximumDelay, watchLimit: .max,
      handler: { continuation.yield($0) }, stream: (stream, continuation))
  }

  private init(
    paths: [String], quietPeriod: Duration, maximumDelay: Duration, watchLimit: Int,
    handler: @escaping @Sendable ([FileChange]) -> Void,
    stream: (AsyncStream<[FileChange]>, AsyncStream<[FileChange]>.Continuation)?
  ) throws(WatchError) {
    let roots = Self.uniqued(paths.map(Self.absolute))
    let unwatched = UnwatchedFolders()
    let loop = try InotifyLoop(
      roots: roots, quietPeriod: quietPeriod, maximumDelay: maximumDelay, watchLimit: watchLimit,
      unwatchedFolders: unwatched, deliver: handler)
    self.unwatched = unwatched
    do {
      let wakeup = try WakeupSignal()
      thread = try WorkerThread { loop.run(until: wakeup) }
      self.wakeup = wakeup
    } catch {
      throw WatchError(path: "", detail: error.description)
    }
    self.paths = roots
    if let stream {
      changes = stream.0
      continuation = stream.1
    } else {
      let (empty, finished) = AsyncStream.makeStream(of: [FileChange].self)
      finished.finish()
      changes = empty
      continuation = nil
    }
  }

  deinit {
    stop()
  }

  /// Delivers what is pending, stops the thread and waits for it, and finishes ``changes``.
  /// Calling it again does nothing.
  public func stop() {
    wakeup.signal()
    thread.join()
    continuation?.finish()
  }

  /// `path` made absolute against the current folder, with `.`, `..` and repeated or trailing
  /// slashes removed lexically (symbolic links are kept, so reported paths look like the input).
  static func absolute(_ path: String) -> String {
    var full = path
    if !path.hasPrefix("/") {
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let cwd = getcwd(&buffer, buffer.count).map { String(cString: $0) } ?? "/"
      full = cwd + "/" + path
    }
    var parts: [Substring] = []
    for part in full.split(separator: "/") {
      switch part {
      case ".": continue
      case "..": _ = parts.popLast()
      default: parts.append(part)
      }
    }
    return "/" + parts.joined(separator: "/")
  }

  private static func uniqued(_ paths: [String]) -> [String] {
    var seen: Set<String> = []
    return paths.filter { seen.insert($0).inserted }
  }
}
