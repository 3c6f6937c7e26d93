/// Why the project's Git history could not be read: a reason, rendered by the site layer at
/// the setting that asked for it.
public struct GitHistoryError: Error, Sendable, Equatable {
  /// What went wrong.
  public enum Reason: Sendable, Equatable {
    /// The repository belongs to another user, and Git's `safe.directory` does not list it
    /// (libgit2 refuses it, as `git` does, since its settings could be planted).
    case ownedByAnotherUser(repository: String)
    /// The repository's working folder (`core.worktree`, or a `.git` file's) does not hold the
    /// project, so its history is not the project's.
    case projectOutsideWorkingFolder(workingFolder: String, project: String)
    /// libgit2 could not read the repository: its message.
    case unreadable(String)
    /// libgit2 could not be opened (it is opened on first use, not linked): the loader's message.
    case libraryUnavailable(String)
  }

  /// What went wrong.
  public var reason: Reason

  /// An error for `reason`.
  public init(_ reason: Reason) {
    self.reason = reason
  }
}
