/// The date each file of a project was last changed, from its Git history, read with libgit2
/// in one walk for every file (not one `git log` per file, which is what makes such dates slow
/// in other generators).
///
/// The walk goes from `HEAD`, newest commit first by commit time (as `git log` does), and diffs
/// each commit's tree with its parent's below the folder that holds the files asked about; the
/// first commit seen to change a file dates it, and the walk stops once every file has a date.
/// A merge dates a file only when the merge's version differs from every parent's (a conflict
/// resolved by hand): otherwise the change came from a commit on a merged branch, which the
/// walk reaches too, as `git log -1 -- FILE` finds it with its default history simplification.
/// The date is the commit's author date, as Hugo's `enableGitInfo` uses for `.Lastmod`. A
/// rename is a new file in the commit that renamed it (no rename detection, as Hugo and
/// `git log` without `--follow`).
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
    let library = Libgit2()
    defer { library.close() }
    guard let repository = try Repository(discoveringFrom: folder) else { return nil }
    return try repository.lastChanges(ofProjectAt: folder, paths: paths)
  }
}
