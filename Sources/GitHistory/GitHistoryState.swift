/// What a project's Git dates are read from: the repository's working folder, the commit its
/// history is walked from, and whether that history is whole. Commits never change, so two reads
/// of a whole history from the same commit give the same dates for the same files: a build
/// record can stand for the dates by this state (a shallow clone's history can grow under the
/// same commit, with `git fetch --deepen`, so its state stands for nothing).
public struct GitHistoryState: Hashable, Sendable {
  /// The repository's working folder, as an absolute path without a trailing slash.
  public var workingFolder: String
  /// The id of the commit `HEAD` names, in hexadecimal; nil before the first commit.
  public var head: String?
  /// Whether the repository is a shallow clone.
  public var isShallow: Bool

  /// A state from its parts.
  public init(workingFolder: String, head: String?, isShallow: Bool) {
    self.workingFolder = workingFolder
    self.head = head
    self.isShallow = isShallow
  }
}
