internal import CGit2

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An open repository (the only owner of its libgit2 handle) and the history walk over it.
final class Repository {
  private let handle: OpaquePointer

  /// The repository that holds `folder`, found from it upwards; nil when there is none, or
  /// when it is bare.
  init?(discoveringFrom folder: String) throws(GitHistoryError) {
    var opened: OpaquePointer? = nil
    // Flags 0: search upwards from `folder`, stop at a file system boundary, and ignore
    // `GIT_DIR` and the other environment variables (only GIT_REPOSITORY_OPEN_FROM_ENV reads
    // them), so the repository is the one the folder is in, whatever the shell says.
    let status = git_repository_open_ext(&opened, folder, 0, nil)
    if status == GIT_ENOTFOUND.rawValue { return nil }
    if status == GIT_EOWNER.rawValue { throw GitHistoryError(.ownedByAnotherUser(repository: folder)) }
    guard status == 0, let opened else { throw GitHistoryError(.unreadable(Libgit2.lastMessage)) }
    handle = opened
    if git_repository_is_bare(handle) == 1 { return nil }
  }

  deinit {
    git_repository_free(handle)
  }

  /// The walk described at ``GitHistory``, for `paths` relative to the project folder
  /// `folder`.
  func lastChanges(ofProjectAt folder: String, paths: [String]) throws(GitHistoryError) -> GitFileDates {
    guard let workdirText = git_repository_workdir(handle) else {
      throw GitHistoryError(.unreadable("the repository has no working folder"))
    }
    let workingFolder = Repository.realPath(String(cString: workdirText))
    let project = Repository.realPath(folder)
    let inRepository: String
    if project == workingFolder {
      inRepository = ""
    } else if project.hasPrefix(workingFolder == "/" ? "/" : workingFolder + "/") {
      inRepository = String(project.dropFirst(workingFolder == "/" ? 1 : workingFolder.count + 1))
    } else {
      throw GitHistoryError(.projectOutsideWorkingFolder(workingFolder: workingFolder, project: project))
    }
    let isShallow = git_repository_is_shallow(handle) == 1
    var result = GitFileDates(dates: [:], isShallow: isShallow, workingFolder: workingFolder, commitsRead: 0)

    // The files asked about, by path in the repository.
    var keys: [String: [String]] = [:]
    for path in paths {
      if let inRepo = RepositoryPath.resolve(path, in: inRepository) {
        keys[inRepo, default: []].append(path)
      }
    }
    guard !keys.isEmpty else { return result }
    var headID = git_oid()
    let headStatus = git_reference_name_to_id(&headID, handle, "HEAD")
    if headStatus == GIT_ENOTFOUND.rawValue || headStatus == GIT_EUNBORNBRANCH.rawValue { return result }
    guard headStatus == 0 else { throw GitHistoryError(.unreadable(Libgit2.lastMessage)) }

    let common = RepositoryPath.commonFolder(of: keys.keys)
    // Only files that HEAD tracks can have a date: the walk ends once each has one, instead of
    // reading the whole history for a file that was never committed.
    var pending: [String: [String]] = [:]
    guard let headTree = try subtree(ofCommit: headID, at: common) else { return result }
    try withTree(headTree) { (tree) throws(GitHistoryError) in
      for (path, names) in keys {
        var entry: OpaquePointer? = nil
        let relative = RepositoryPath.relative(path, to: common)
        guard git_tree_entry_bypath(&entry, tree, relative) == 0, let entry else { continue }
        defer { git_tree_entry_free(entry) }
        if git_tree_entry_type(entry) == GIT_OBJECT_BLOB { pending[relative] = names }
      }
    }

    // The walk is Folio's own, not libgit2's revwalk: libgit2 1.5 does not know where a
    // shallow clone's history stops, and its revwalk fails at the first missing parent.
    var queue = CommitQueue<git_oid>()
    var seen: Set<[UInt8]> = [Repository.key(headID)]
    queue.push(headID, time: try commitTime(headID, isShallow: false) ?? 0)
    while !pending.isEmpty, let commitID = queue.pop() {
      result.commitsRead += 1
      let commit = try read(commitID, below: common, isShallow: isShallow)
      for parent in commit.parents where seen.insert(Repository.key(parent.id)).inserted {
        queue.push(parent.id, time: parent.time)
      }
      for path in commit.changed {
        guard let names = pending.removeValue(forKey: path) else { continue }
        for name in names { result.dates[name] = commit.date }
      }
    }
    return result
  }

  /// What the walk needs of the commit `id`: the paths below `folder` whose file it changed,
  /// its author date, and its parents with their commit times (in a shallow clone, without
  /// those it does not have, so its oldest commits are roots).
  private func read(_ id: git_oid, below folder: String, isShallow: Bool) throws(GitHistoryError)
    -> (changed: Set<String>, date: CommitDate, parents: [(id: git_oid, time: Int64)])
  {
    var id = id
    var commit: OpaquePointer? = nil
    guard git_commit_lookup(&commit, handle, &id) == 0, let commit else {
      throw GitHistoryError(.unreadable(Libgit2.lastMessage))
    }
    defer { git_commit_free(commit) }
    let when = git_commit_author(commit).pointee.when
    let date = CommitDate(seconds: when.time, offsetMinutes: Int(when.offset))
    var parents: [(id: git_oid, time: Int64)] = []
    for index in 0..<git_commit_parentcount(commit) {
      guard let parentID = git_commit_parent_id(commit, index)?.pointee,
        let time = try commitTime(parentID, isShallow: isShallow)
      else { continue }
      parents.append((parentID, time))
    }
    let tree = try subtree(ofCommit: id, at: folder)
    // A root commit (or the oldest of a shallow clone) added every file it has.
    guard !parents.isEmpty else { return (try changedPaths(from: nil, to: tree), date, parents) }
    var changed: Set<String>? = nil
    for parent in parents {
      let parentTree = try subtree(ofCommit: parent.id, at: folder)
      // The same tree as a parent's: nothing below the folder changed against it, so a merge
      // changed nothing there that a commit on one of its branches did not.
      if Repository.same(parentTree, tree) { return ([], date, parents) }
      let against = try changedPaths(from: parentTree, to: tree)
      changed = changed.map { $0.intersection(against) } ?? against
      if changed?.isEmpty == true { break }
    }
    return (changed ?? [], date, parents)
  }

  /// The commit time of `id`; nil when a shallow clone does not have the commit (its history
  /// was cut there).
  private func commitTime(_ id: git_oid, isShallow: Bool) throws(GitHistoryError) -> Int64? {
    var id = id
    var commit: OpaquePointer? = nil
    let status = git_commit_lookup(&commit, handle, &id)
    if status == GIT_ENOTFOUND.rawValue, isShallow { return nil }
    guard status == 0, let commit else { throw GitHistoryError(.unreadable(Libgit2.lastMessage)) }
    defer { git_commit_free(commit) }
    return git_commit_time(commit)
  }

  /// The bytes of `id`, to tell commits apart in a set.
  private static func key(_ id: git_oid) -> [UInt8] {
    withUnsafeBytes(of: id.id) { Array($0) }
  }

  /// The id of the tree at `folder` in the commit `id` (nil when the commit has no such
  /// folder).
  private func subtree(ofCommit id: git_oid, at folder: String) throws(GitHistoryError) -> git_oid? {
    var id = id
    var commit: OpaquePointer? = nil
    guard git_commit_lookup(&commit, handle, &id) == 0, let commit else {
      throw GitHistoryError(.unreadable(Libgit2.lastMessage))
    }
    defer { git_commit_free(commit) }
    guard let root = git_commit_tree_id(commit)?.pointee else { return nil }
    guard !folder.isEmpty else { return root }
    return try withTree(root) { (tree) throws(GitHistoryError) -> git_oid? in
      var entry: OpaquePointer? = nil
      guard git_tree_entry_bypath(&entry, tree, folder) == 0, let entry else { return nil }
      defer { git_tree_entry_free(entry) }
      guard git_tree_entry_type(entry) == GIT_OBJECT_TREE else { return nil }
      return git_tree_entry_id(entry)?.pointee
    }
  }

  /// The files added, changed or changed in type from tree `old` to tree `new` (nil: an empty
  /// tree), by path below them; without rename detection, a renamed file is a new one.
  private func changedPaths(from old: git_oid?, to new: git_oid?) throws(GitHistoryError) -> Set<String> {
    guard let new else { return [] }
    var options = git_diff_options()
    git_diff_options_init(&options, UInt32(GIT_DIFF_OPTIONS_VERSION))
    // Only names and ids are compared: no file is read to tell text from binary.
    options.flags |= GIT_DIFF_SKIP_BINARY_CHECK.rawValue
    return try withTree(new) { (newTree) throws(GitHistoryError) -> Set<String> in
      try withTree(old) { (oldTree) throws(GitHistoryError) -> Set<String> in
        var diff: OpaquePointer? = nil
        guard git_diff_tree_to_tree(&diff, handle, oldTree, newTree, &options) == 0, let diff else {
          throw GitHistoryError(.unreadable(Libgit2.lastMessage))
        }
        defer { git_diff_free(diff) }
        var paths = Set<String>()
        for index in 0..<git_diff_num_deltas(diff) {
          guard let delta = git_diff_get_delta(diff, index)?.pointee, delta.status != GIT_DELTA_DELETED,
            let path = delta.new_file.path
          else { continue }
          paths.insert(String(cString: path))
        }
        return paths
      }
    }
  }

  /// Runs `body` with the tree `id` looked up (nil for nil), freeing it after.
  private func withTree<Result>(
    _ id: git_oid?, _ body: (OpaquePointer?) throws(GitHistoryError) -> Result
  ) throws(GitHistoryError) -> Result {
    guard var id else { return try body(nil) }
    var tree: OpaquePointer? = nil
    guard git_tree_lookup(&tree, handle, &id) == 0, let tree else {
      throw GitHistoryError(.unreadable(Libgit2.lastMessage))
    }
    defer { git_tree_free(tree) }
    return try body(tree)
  }

  /// Whether two tree ids (nil: no tree) are the same.
  private static func same(_ first: git_oid?, _ second: git_oid?) -> Bool {
    switch (first, second) {
    case (nil, nil): return true
    case (var first?, var second?): return git_oid_equal(&first, &second) == 1
    default: return false
    }
  }

  /// `path` with every link resolved and no trailing slash (the path itself when it cannot be
  /// resolved).
  private static func realPath(_ path: String) -> String {
    guard let resolved = realpath(path, nil) else { return path }
    defer { free(resolved) }
    let text = String(cString: resolved)
    return text.count > 1 && text.hasSuffix("/") ? String(text.dropLast()) : text
  }
}
