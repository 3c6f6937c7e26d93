/// The changes seen during one quiet period, reduced to the net effect per path.
///
/// Editors produce noisy sequences (write a temporary file, rename it over the original,
/// delete a backup). Only the state before the batch and after it matter, so each path keeps
/// whether it existed when first touched and whether it exists now.
struct ChangeBatch {
  private struct Entry {
    var existedBefore: Bool
    var existsNow: Bool
    var isDirectory: Bool
  }

  private var entries: [String: Entry] = [:]

  /// Whether nothing was recorded.
  var isEmpty: Bool { entries.isEmpty }

  /// Records that `path` was touched; `existedBefore` is what the watcher believed just before
  /// this event, and only counts the first time the path appears in the batch.
  mutating func record(_ path: String, isDirectory: Bool, existedBefore: Bool, existsNow: Bool) {
    if entries[path] == nil {
      entries[path] = Entry(existedBefore: existedBefore, existsNow: existsNow, isDirectory: isDirectory)
    } else {
      entries[path]!.existsNow = existsNow
      entries[path]!.isDirectory = isDirectory
    }
  }

  /// The net changes, sorted by path, and an empty batch.
  mutating func drain() -> [FileChange] {
    defer { entries = [:] }
    return entries.compactMap { path, entry -> FileChange? in
      switch (entry.existedBefore, entry.existsNow) {
      case (false, true): FileChange(path: path, kind: .created, isDirectory: entry.isDirectory)
      case (true, false): FileChange(path: path, kind: .deleted, isDirectory: entry.isDirectory)
      // A folder whose attributes changed is not news; the files inside it report themselves.
      case (true, true): entry.isDirectory ? nil : FileChange(path: path, kind: .modified)
      case (false, false): nil
      }
    }
    .sorted { $0.path < $1.path }
  }
}
