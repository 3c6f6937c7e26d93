internal import CGit2

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An open repository (the only owner of its libgit2 handle) and the history walk over it.
final class Repository {
  private let handle: OpaquePointer
  /// The tree id of the walked folder in each commit read so far (``subtree(ofCommit:at:)``).
  private var subtrees: [[UInt8]: git_oid?] = [:]

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

  /// What the history of the project in `folder` is read from, with the project's folder
  /// relative to the working folder and the id of `HEAD` (nil before the first commit).
  func state(ofProjectAt folder: String) throws(GitHistoryError)
    -> (state: GitHistoryState, inRepository: String, head: git_oid?)
  {
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
    var headID = git_oid()
    let headStatus = git_reference_name_to_id(&headID, handle, "HEAD")
    let head: git_oid?
    if headStatus == GIT_ENOTFOUND.rawValue || headStatus == GIT_EUNBORNBRANCH.rawValue {
      head = nil
    } else if headStatus == 0 {
      head = headID
    } else {
      throw GitHistoryError(.unreadable(Libgit2.lastMessage))
    }
    let state = GitHistoryState(
      workingFolder: workingFolder, head: head.map(Repository.hex), isShallow: isShallow)
    return (state, inRepository, head)
  }

  /// The walk described at ``GitHistory``, for `paths` relative to the project folder
  /// `folder`.
  func lastChanges(ofProjectAt folder: String, paths: [String]) throws(GitHistoryError) -> GitFileDates {
    let (state, inRepository, head) = try state(ofProjectAt: folder)
    let isShallow = state.isShallow
    var result = GitFileDates(
      dates: [:], isShallow: isShallow, workingFolder: state.workingFolder, commitsRead: 0, head: state.head)

    // The files asked about, by path in the repository.
    var keys: [String: [String]] = [:]
    for path in paths {
      if let inRepo = RepositoryPath.resolve(path, in: inRepository) {
        keys[inRepo, default: []].append(path)
      }
    }
    guard !keys.isEmpty, let headID = head else { return result }

    let common = RepositoryPath.commonFolder(of: keys.keys)
    // Only files that HEAD tracks can have a date: the walk ends once each has one, instead of
    // reading the whole history for a file that was never committed.
    var wanted: [String: [String]] = [:]
    guard let headTree = try subtree(ofCommit: headID, at: common) else { return result }
    try withTree(headTree) { (tree) throws(GitHistoryError) in
      for (path, names) in keys {
        var entry: OpaquePointer? = nil
        let relative = RepositoryPath.relative(path, to: common)
        guard git_tree_entry_bypath(&entry, tree, relative) == 0, let entry else { continue }
        defer { git_tree_entry_free(entry) }
        if git_tree_entry_type(entry) == GIT_OBJECT_BLOB { wanted[relative] = names }
      }
    }
    var pending = PendingFiles(wanted)

    // The walk is Folio's own, not libgit2's revwalk: libgit2 1.5 does not know where a
    // shallow clone's history stops, and its revwalk fails at the first missing parent. Each
    // queued commit carries the files it must explain (git's history simplification, per
    // file): a commit that changed a file against its parent dates it; one that did not hands
    // it to the parent; a merge hands it to the first parent whose version it kept (the other
    // branches are not walked for it), and dates it only when it kept no parent's.
    var queue = CommitQueue<git_oid>()
    var explaining: [[UInt8]: FileSet] = [Repository.key(headID): pending.undated]
    queue.push(headID, time: try commitTime(headID, isShallow: false) ?? 0)
    while !pending.isEmpty, let commitID = queue.pop() {
      guard var files = explaining.removeValue(forKey: Repository.key(commitID)) else { continue }
      files.formIntersection(pending.undated)
      guard !files.isEmpty else { continue }
      result.commitsRead += 1
      let commit = try read(commitID, below: common, handing: files, pending: pending, isShallow: isShallow)
      for file in commit.changed.members {
        for name in pending.take(file) { result.dates[name] = commit.date }
      }
      for (parent, files) in zip(commit.parents, commit.handed) where !files.isEmpty {
        let key = Repository.key(parent.id)
        if let known = explaining[key] {
          explaining[key] = nil
          var union = known
          union.formUnion(files)
          explaining[key] = union
        } else {
          queue.push(parent.id, time: parent.time)
          explaining[key] = files
        }
      }
    }
    return result
  }

  /// What the walk learns from the commit `id` about `files`: its author date, the files it
  /// changed (against every parent it has: a root commit, or the oldest of a shallow clone,
  /// added every file it holds), and the files it hands to each of its parents (with their
  /// commit times; in a shallow clone, only those it has): each to the first parent whose
  /// version the commit kept.
  private func read(
    _ id: git_oid, below folder: String, handing files: FileSet, pending: PendingFiles, isShallow: Bool
  ) throws(GitHistoryError)
    -> (date: CommitDate, changed: FileSet, parents: [(id: git_oid, time: Int64)], handed: [FileSet])
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
    var handed = [FileSet](repeating: pending.none, count: parents.count)
    var left = files
    for (index, parent) in parents.enumerated() where !left.isEmpty {
      let parentTree = try subtree(ofCommit: parent.id, at: folder)
      // The same tree as a parent's: every file is that parent's to explain.
      if Repository.same(parentTree, tree) {
        swap(&handed[index], &left)
        break
      }
      let changed = try changedFiles(from: parentTree, to: tree, pending)
      handed[index] = left
      handed[index].subtract(changed)
      left.formIntersection(changed)
    }
    return (date, left, parents, handed)
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

  /// `id` in hexadecimal, as `git rev-parse` prints it.
  private static func hex(_ id: git_oid) -> String {
    let digits = Array("0123456789abcdef".utf8)
    return String(decoding: key(id).flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] }, as: UTF8.self)
  }

  /// The bytes of `id`, to tell commits apart in a set.
  private static func key(_ id: git_oid) -> [UInt8] {
    withUnsafeBytes(of: id.id) { Array($0) }
  }

  /// The id of the tree at `folder` in the commit `id` (nil when the commit has no such
  /// folder).
  private func subtree(ofCommit id: git_oid, at folder: String) throws(GitHistoryError) -> git_oid? {
    // Each commit's is asked for twice, as a parent and as itself: kept, by commit.
    let key = Repository.key(id)
    if let known = subtrees[key] { return known }
    let found = try findSubtree(ofCommit: id, at: folder)
    subtrees[key] = .some(found)
    return found
  }

  private func findSubtree(ofCommit id: git_oid, at folder: String) throws(GitHistoryError) -> git_oid? {
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

  /// The pending files that tree `new` adds or changes against tree `old` (nil: none), by
  /// path below them. Like `git diff-tree -r`, it reads only the folders whose tree ids differ
  /// (and, here, that still hold a pending file); without rename detection, a renamed file is
  /// a new one.
  private func changedFiles(from old: git_oid?, to new: git_oid?, _ pending: PendingFiles)
    throws(GitHistoryError)
    -> FileSet
  {
    var changed = pending.none
    if let new { try compare(old, new, folder: "", pending, into: &changed) }
    return changed
  }

  private func compare(
    _ old: git_oid?, _ new: git_oid, folder: String, _ pending: PendingFiles, into changed: inout FileSet
  ) throws(GitHistoryError) {
    guard pending.holdsUndated(folder[...]) else { return }
    try withTree(old) { (oldTree) throws(GitHistoryError) in
      try withTree(new) { (newTree) throws(GitHistoryError) in
        guard let newTree else { return }
        for index in 0..<git_tree_entrycount(newTree) {
          guard let entry = git_tree_entry_byindex(newTree, index), let id = git_tree_entry_id(entry)?.pointee
          else { continue }
          let name = String(cString: git_tree_entry_name(entry))
          let path = folder.isEmpty ? name : folder + "/" + name
          let type = git_tree_entry_type(entry)
          let before = oldTree.flatMap { git_tree_entry_byname($0, name) }
          let beforeType = before.map { git_tree_entry_type($0) }
          let beforeID = before.flatMap { git_tree_entry_id($0)?.pointee }
          if beforeType == type, Repository.same(beforeID, id) { continue }
          if type == GIT_OBJECT_TREE {
            try compare(
              beforeType == GIT_OBJECT_TREE ? beforeID : nil, id, folder: path, pending, into: &changed)
          } else if type == GIT_OBJECT_BLOB, let number = pending.undatedNumber(path) {
            changed.insert(number)
          }
        }
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
