/// One file or folder that changed during a watcher's quiet period.
public struct FileChange: Sendable, Hashable, CustomStringConvertible {
  /// What happened to the path, comparing the end of the batch with its start.
  public enum Kind: Sendable, Hashable {
    /// It did not exist before and does now (including moved in, or created as a folder's
    /// content).
    case created
    /// It existed before and still does, with new content or attributes. An editor's atomic
    /// save (write a temporary file, rename it over the original) is a modification.
    case modified
    /// It existed before and does not now (including moved away). Renaming reports the old
    /// path as deleted and the new one as created.
    case deleted
  }

  /// The absolute path.
  public var path: String
  /// What happened.
  public var kind: Kind
  /// Whether the path is (or was) a folder. Folders are only ever created or deleted.
  public var isDirectory: Bool

  /// Creates a change.
  public init(path: String, kind: Kind, isDirectory: Bool = false) {
    self.path = path
    self.kind = kind
    self.isDirectory = isDirectory
  }

  /// `created path`, `modified path` or `deleted path`, with a `/` after folders.
  public var description: String {
    "\(kind) \(path)\(isDirectory ? "/" : "")"
  }
}
