/// What one walk of a project's Git history found (``GitHistory/lastChanges(ofProjectAt:paths:)``):
/// the date each file was last changed, and whether the history is whole.
public struct GitFileDates: Sendable, Equatable {
  /// The author date of the newest commit that changed each file, by path relative to the
  /// project folder; a file the repository does not track at `HEAD` has none.
  public var dates: [String: CommitDate]
  /// Whether the repository is a shallow clone: its oldest fetched commits stand in for all
  /// the history before them, so a file last changed before them is dated by them, wrongly.
  public var isShallow: Bool
  /// The repository's working folder, as an absolute path without a trailing slash.
  public var workingFolder: String
  /// How many commits the walk read before every file had its date (or the history ended).
  public var commitsRead: Int
  /// The id of the commit the walk started from (`HEAD`), in hexadecimal; nil before the first
  /// commit.
  public var head: String?

  /// A result from its parts.
  public init(
    dates: [String: CommitDate], isShallow: Bool, workingFolder: String, commitsRead: Int, head: String? = nil
  ) {
    self.dates = dates
    self.isShallow = isShallow
    self.workingFolder = workingFolder
    self.commitsRead = commitsRead
    self.head = head
  }

  /// What the dates were read from.
  public var state: GitHistoryState {
    GitHistoryState(workingFolder: workingFolder, head: head, isShallow: isShallow)
  }
}
