/// The date each file of a project was last changed, from its Git history, read with libgit2
/// in one walk for every file (not one `git log` per file, which is what makes such dates slow
/// in other generators).
///
/// The walk goes from `HEAD`, newest commit first by commit time (as `git log` does), with git's
/// default history simplification for each file, so a file's date is the one
/// `git log -1 --format=%aI -- FILE` prints: a commit that changed the file against its parent
/// dates it; a merge hands the file to the first parent whose version it kept (the other
/// branches are not searched for it) and dates it only when it kept no parent's (a conflict
/// resolved by hand). Trees are compared by id, folder by folder, below the folder that holds
/// the files asked about, and only where an undated file is; the walk stops once every file
/// has a date. The date is the commit's author date, as Hugo's `enableGitInfo` uses for
/// `.Lastmod`. A rename is a new file in the commit that renamed it (no rename detection, as
/// Hugo and `git log` without `--follow`).
///
/// The repository is found as `git` finds it, from the project folder up through its
/// ancestors (never below, never across a file system boundary, never from `GIT_DIR` and the
/// other environment variables), and used only when its working folder holds the project.
public enum GitHistory {
  /// The date each of `paths` (relative to the project folder `folder`; `..` is allowed for
  /// files mounted from beside it) was last changed, or nil when the project is in no Git
  /// repository (or in a bare one, which has no working folder).
  public static func lastChanges(ofProjectAt folder: String, paths: [String]) throws(GitHistoryError)
    -> GitFileDates?
  {
    let library = try Libgit2()
    defer { library.close() }
    guard let repository = try Repository(discoveringFrom: folder) else { return nil }
    return try repository.lastChanges(ofProjectAt: folder, paths: paths)
  }

  /// What the dates of the project at `folder` would be read from (``GitHistoryState``), without
  /// reading them; nil when the project is in no Git repository (or in a bare one).
  public static func state(ofProjectAt folder: String) throws(GitHistoryError) -> GitHistoryState? {
    let library = try Libgit2()
    defer { library.close() }
    guard let repository = try Repository(discoveringFrom: folder) else { return nil }
    return try repository.state(ofProjectAt: folder).state
  }
}
