import Synchronization

/// The folders a watcher could not watch, published by its thread for any thread to read.
final class UnwatchedFolders: Sendable {
  private let paths = Mutex<[String]>([])

  /// The folders, sorted.
  var current: [String] { paths.withLock { $0 } }

  /// Replaces the list.
  func publish(_ folders: [String]) {
    paths.withLock { $0 = folders }
  }
}
