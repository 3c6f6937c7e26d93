import Diagnostics
import GitHistory
import SiteComponents
import SiteContent

/// The Git history's part in a build (`lastUpdated: git`): the date each Markdown file was
/// last changed, read once a full build in one walk (``GitHistory``), and the warnings about a
/// repository whose dates would be wrong or that cannot be read, all rendered here.
enum SourceHistory {
  /// The date (RFC 3339) of the last commit that changed each of `markdown` (paths relative
  /// to `Content/`, read through `files`, so a mounted file is found where it is), with the
  /// warnings at `settings`' place. A project in no repository has no dates and no warning: a
  /// site built from a download is as good as one built from a checkout.
  ///
  /// `key` is what the build record keeps of the history (``recordKey(ofProjectAt:)``), as it
  /// was when the dates were read.
  static func lastCommitDates(
    of markdown: [String], files: SiteFiles, projectRoot: String, settings: LastUpdatedSettings
  ) -> (dates: [String: String], warnings: [Diagnostic], key: String?) {
    var byProjectPath: [String: String] = [:]
    for path in markdown { byProjectPath[files.projectPath(of: "Content/" + path)] = path }
    let found: GitFileDates?
    do throws(GitHistoryError) {
      found = try GitHistory.lastChanges(ofProjectAt: projectRoot, paths: Array(byProjectPath.keys))
    } catch {
      return ([:], [warning(error.reason, at: settings.location)], nil)
    }
    guard let found else { return ([:], [], recordKey(nil)) }
    var dates: [String: String] = [:]
    dates.reserveCapacity(found.dates.count)
    for (projectPath, date) in found.dates {
      if let path = byProjectPath[projectPath] { dates[path] = date.rfc3339 }
    }
    let warnings =
      found.isShallow
      ? [
        Diagnostic.warning(
          "the Git repository is a shallow clone: pages last changed before its oldest commit are dated by that commit",
          at: settings.location,
          hint:
            "fetch the whole history: `fetch-depth: 0` under actions/checkout's `with:` (Folio's CI guide), or `git fetch --unshallow`"
        )
      ] : []
    return (dates, warnings, recordKey(found.state))
  }

  /// What a build record keeps of the history the project at `projectRoot` would be dated
  /// from, so that a build with the same inputs and a new commit is not taken for up to date:
  /// the working folder and the commit `HEAD` names (``GitHistoryState``: commits never change,
  /// so these fix every date). Nil when no record can stand for the dates: a shallow clone,
  /// whose history can grow under the same commit, or a repository that cannot be read.
  static func recordKey(ofProjectAt projectRoot: String) -> String? {
    do throws(GitHistoryError) {
      return recordKey(try GitHistory.state(ofProjectAt: projectRoot))
    } catch {
      return nil
    }
  }

  /// The record's key for `state` (nil: the project is in no repository).
  private static func recordKey(_ state: GitHistoryState?) -> String? {
    guard let state else { return "no repository" }
    guard !state.isShallow else { return nil }
    return "repository \(state.workingFolder)\nHEAD \(state.head ?? "before the first commit")"
  }

  /// The warning for a repository whose history was not read.
  private static func warning(_ reason: GitHistoryError.Reason, at location: SourceLocation?) -> Diagnostic {
    switch reason {
    case .ownedByAnotherUser(let repository):
      return .warning(
        "the Git repository of \(repository) belongs to another user, so pages are not dated from Git",
        at: location,
        hint: "if you trust it, `git config --global --add safe.directory <its folder>`, as git asks")
    case .projectOutsideWorkingFolder(let workingFolder, let project):
      return .warning(
        "the Git repository found above \(project) has its working folder at \(workingFolder), which does not hold the project, so pages are not dated from Git",
        at: location, hint: "build from a checkout of the project's own repository")
    case .unreadable(let message):
      return .warning(
        "the Git history could not be read (\(message)), so pages are not dated from Git", at: location,
        hint: "check the repository with `git fsck`, or take `lastUpdated: git` out of folio.yaml")
    case .libraryUnavailable(let message):
      return .warning(
        "libgit2 could not be opened (\(message)), so pages are not dated from Git", at: location,
        hint: "install it (`apt-get install libgit2-1.5`), or take `lastUpdated: git` out of folio.yaml")
    }
  }
}
