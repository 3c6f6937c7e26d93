internal import CGit2

/// libgit2's global state, set up for the length of one use and released after it (libgit2
/// counts the calls, so uses on several threads at once are safe).
struct Libgit2 {
  /// Opens libgit2 (the first time) and sets it up; throws when it cannot be opened.
  init() throws(GitHistoryError) {
    let problem = String(cString: folio_git2_problem())
    guard problem.isEmpty else { throw GitHistoryError(.libraryUnavailable(problem)) }
    git_libgit2_init()
  }

  /// Releases what ``init()`` set up.
  func close() {
    git_libgit2_shutdown()
  }

  /// The message of libgit2's last error on this thread.
  static var lastMessage: String {
    guard let error = git_error_last(), let message = error.pointee.message else { return "unknown error" }
    return String(cString: message)
  }
}
