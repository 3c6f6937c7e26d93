/// Where the preview server gets the bytes it serves: the built site, in memory or on disk.
///
/// The server calls a store only with paths it has already validated (relative, `/`-separated,
/// no empty, `.` or `..` segments, no backslash or NUL, valid UTF-8), but a store that reads
/// from disk should still refuse anything that would leave its root. Stores are called from
/// several server threads at once.
public protocol OutputStore: Sendable {
  /// The file at `relativePath` (such as `posts/hello/index.html`), or nil when there is none.
  func file(at relativePath: String) -> StoredFile?

  /// Whether `relativePath` names a folder, so that `/posts/hello` can redirect to
  /// `/posts/hello/`. The empty path is the root.
  func containsDirectory(at relativePath: String) -> Bool
}
