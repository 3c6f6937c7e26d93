/// A ``FileWatcher`` could not start watching.
public struct WatchError: Error, Sendable, CustomStringConvertible {
  /// The path that could not be watched (empty when inotify itself failed).
  public var path: String
  /// What went wrong, from the system.
  public var detail: String

  /// `path: detail`.
  public var description: String {
    path.isEmpty ? detail : "\(path): \(detail)"
  }
}
