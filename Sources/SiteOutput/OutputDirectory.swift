internal import CSystemCalls
import Diagnostics
import Foundation
import SiteContent

/// Writes a finished site atomically: everything goes into a staging folder beside the output,
/// which then takes the output's place in one step. A failed or killed build leaves the previous
/// output as it was, and nothing outside the output folder and its staging folders is ever
/// deleted.
///
/// Staging folders are named `.NAME.folio-new-PID` and `.NAME.folio-old-PID` after the output
/// folder `NAME` and the building process; a later build removes those of processes that are
/// gone.
public struct OutputDirectory: Sendable {
  /// The file that marks a folder as Folio's output: its first line is ``markerHeading``, the
  /// others list the files the build wrote. A folder without it is replaced only with `--force`.
  public static let markerName = OutputPath.markerName
  /// The first line of the marker.
  public static let markerHeading =
    "Folio output: these files were written by folio build and are replaced by the next one."

  /// The output folder as given.
  public let url: URL
  /// Where the files go: the output folder, or the folder an output that is a symbolic link
  /// points to (the link is written through and stays a link).
  let target: URL

  /// Checks that `url` is safe to replace for a project at `root`, and puts back the previous
  /// output if a build was killed while replacing it, so that it is there even if this build
  /// fails.
  ///
  /// A folder is replaced only if it is absent, empty or marked as Folio's output
  /// (``markerName``), or with `force`. Never, even with `force`: the project folder, `Content/`,
  /// `Templates/`, a folder that holds any of them, the home folder, and version-control folders
  /// (`.git`, `.hg`, `.svn`) or folders that hold one.
  ///
  /// Where the output goes is the command line's choice, never the content's: unless
  /// `followsLink` (an `--output` the user typed), an output that is a symbolic link is refused,
  /// since a link committed as `public` would steer the build into a folder outside the
  /// project. Entries named as Folio's staging folders that Folio did not make (``StagingFolder``)
  /// are refused too, and never renamed, followed or deleted.
  public init(url: URL, projectRoot root: URL, force: Bool = false, followsLink: Bool = true) throws {
    self.url = url.standardizedFileURL
    var info = stat()
    if !followsLink, lstat(self.url.path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
      let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: self.url.path)) ?? "?"
      throw SiteProblem.defaultOutputIsALink(output: url.path, target: target).error()
    }
    target = OutputDirectory.resolved(self.url)
    let output = target.path
    let project = root.standardizedFileURL.resolvingSymlinksInPath().path
    var protected = [(project, "the project folder")]
    for name in ["Content", "Templates"] {
      let folder = URL(fileURLWithPath: project).appendingPathComponent(name).resolvingSymlinksInPath().path
      protected.append((folder, "'\(folder)'"))
    }
    if let home = ProcessInfo.processInfo.environment["HOME"], home.count > 1 {
      protected.append((URL(fileURLWithPath: home).resolvingSymlinksInPath().path, "the home folder"))
    }
    for (folder, description) in protected {
      let isProject = folder == project
      if output == folder || folder.hasPrefix(output == "/" ? "/" : output + "/")
        || (!isProject && !description.hasPrefix("the home") && output.hasPrefix(folder + "/"))
      {
        throw SiteProblem.outputHoldsTheProject(output: url.path, what: description).error()
      }
    }
    if let versionControl = OutputDirectory.versionControlFolder(at: output) {
      throw SiteProblem.outputIsVersionControl(output: url.path, reason: versionControl).error()
    }
    let foreign = StagingFolder.all(in: target.deletingLastPathComponent(), of: target.lastPathComponent)
      .filter { $0.foreignKind != nil }
    if !foreign.isEmpty {
      throw DiagnosticError(
        foreign.map {
          SiteProblem.stagingNameTaken(path: $0.url.path, what: $0.foreignKind ?? "").diagnostic()
        })
    }
    restoreRetiredOutput(in: target.deletingLastPathComponent(), name: target.lastPathComponent)
    if !force, let foreign = OutputDirectory.foreignEntries(of: output) {
      throw SiteProblem.outputNotFolios(output: url.path, entries: foreign).error()
    }
  }

  /// The folder `url` stands for: an existing symbolic link (or a chain of them) resolved, so
  /// that the target is replaced and the link kept.
  private static func resolved(_ url: URL) -> URL {
    var info = stat()
    guard lstat(url.path, &info) == 0 else {
      // Absent: its parent may still be a link.
      return url.deletingLastPathComponent().resolvingSymlinksInPath().appendingPathComponent(
        url.lastPathComponent)
    }
    return url.resolvingSymlinksInPath()
  }

  /// Why the folder at `path` is, is inside or holds a version-control folder, or nil.
  ///
  /// One that the last build wrote itself (listed in the marker: a Folio from before
  /// ``VersionControlName`` let an alias make `/.git/config`) protects nothing, and is replaced
  /// with the rest, so that such an output does not lock every later build out.
  private static func versionControlFolder(at path: String) -> String? {
    if let inside = path.split(separator: "/").first(where: { VersionControlName.reservedName(of: $0) != nil }
    ) {
      return "it is inside a version-control folder ('\(inside)')"
    }
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    let held = entries.filter { $0 != markerName && VersionControlName.reservedName(of: $0) != nil }.sorted()
    guard !held.isEmpty else { return nil }
    let written = markerLines(of: path) ?? []
    for name in held where !written.contains(where: { $0 == name || $0.hasPrefix(name + "/") }) {
      return "it holds a version-control folder ('\(name)')"
    }
    return nil
  }

  /// The paths the marker of the folder at `path` lists, or nil when it has no marker (none,
  /// not a regular file, or without ``markerHeading``).
  private static func markerLines(of path: String) -> [Substring]? {
    guard let bytes = SiteFiles.regularFile(at: path + "/" + markerName) else { return nil }
    let text = String(decoding: bytes, as: UTF8.self)
    guard text.hasPrefix(markerHeading + "\n") else { return nil }
    return text.split(separator: "\n").dropFirst().map { $0 }
  }

  /// The entries of the folder at `path` when it exists, is not empty and carries no marker; nil
  /// when Folio may replace it.
  private static func foreignEntries(of path: String) -> [String]? {
    var info = stat()
    guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return nil }
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: path), !entries.isEmpty else {
      return nil
    }
    if isMarked(path) { return nil }
    return entries.sorted()
  }

  /// Whether the folder at `path` holds Folio's marker: its heading alone is read as text (the
  /// marker lists every file, 10,000 lines for 10,000 pages).
  private static func isMarked(_ path: String) -> Bool {
    guard let bytes = SiteFiles.regularFile(at: path + "/" + markerName) else { return false }
    return bytes.starts(with: (markerHeading + "\n").utf8)
  }

  /// The marker's bytes for an output of `paths`: the heading, then the paths in byte order.
  static func marker(listing paths: some Sequence<String>) -> [UInt8] {
    marker(listingSorted: paths.sorted(by: ByteOrder.precedes))
  }

  /// The marker's bytes for `paths`, already in byte order.
  static func marker(listingSorted paths: [String]) -> [UInt8] {
    var bytes = Array((markerHeading + "\n").utf8)
    bytes.reserveCapacity(bytes.count + paths.reduce(0) { $0 + $1.utf8.count + 1 })
    for path in paths {
      bytes += path.utf8
      bytes.append(UInt8(ascii: "\n"))
    }
    return bytes
  }

  /// Replaces the output folder's contents with `files` (relative path → bytes) and the marker.
  public func write(_ files: [String: [UInt8]]) throws {
    try stage().finish(files)
  }

  /// The staging folder that a build's files are written into, a batch at a time, before it
  /// takes the output's place (``StagedOutput/finish(_:)``). Nothing is made until the first
  /// batch: a build that fails or finds the output up to date touches no folder.
  ///
  /// With `digesting`, the digest of each file's bytes is taken as it comes
  /// (``StagedOutput/digests``), for a build record that lets the output be a later build's
  /// spare; a build that keeps no record (`--no-cache`) need not hash its output.
  public func stage(digesting: Bool = false) -> StagedOutput {
    let parent = target.deletingLastPathComponent()
    let pid = ProcessInfo.processInfo.processIdentifier
    let staging = parent.appendingPathComponent(
      StagingFolder.name(.new, of: target.lastPathComponent, pid: pid))
    return StagedOutput(output: self, folder: staging, digesting: digesting)
  }

  /// Makes the staging folder `staging` beside the output, with the marker's heading in it.
  func makeStagingFolder(_ staging: URL) throws {
    let fileManager = FileManager.default
    let parent = staging.deletingLastPathComponent()
    try fileManager.createDirectory(at: parent, withIntermediateDirectories: true)
    // A folder of this process's number left by a killed build of the same number: removed only
    // if Folio made it (init refused anything else).
    if StagingFolder.foreignKind(of: staging.path) == nil { TreeRemoval.remove(staging.path) }
    // Made here, never found: mkdir fails on anything already at the name, a link included.
    guard mkdir(staging.path, 0o777) == 0 else {
      throw SiteProblem.cannotCreateFolder(name: staging.lastPathComponent, in: parent.path).error()
    }
    do {
      // The marker first, its heading alone until the files are known: a staging folder is
      // Folio's (StagingFolder) from its first file on, so a build killed while writing leaves a
      // folder the next build knows it may remove.
      let directory = try OutputDirectory.openFolder(staging.path)
      defer { close(directory) }
      // Written where it stays: the folder is empty until it is (which also makes it Folio's).
      let marker = OutputDirectory.marker(listingSorted: [])
      guard OutputDirectory.writeFile(OutputDirectory.markerName, in: directory, marker) != nil else {
        throw SiteProblem.cannotWriteFile(name: OutputDirectory.markerName, in: staging.path).error()
      }
    } catch {
      TreeRemoval.remove(staging.path)
      throw error
    }
  }

  /// Moves a spare that Folio made (``OutputReuse``) to `staging`; false when there is none, or
  /// when another build took it first (a rename is taken by one build alone).
  func takeSpare(as staging: URL) -> Bool {
    let spares = self.spares()
    guard !spares.isEmpty else { return false }
    // A folder of this process's number left by a killed build of the same number; rename
    // would put a spare in place of an empty one.
    if StagingFolder.foreignKind(of: staging.path) == nil { TreeRemoval.remove(staging.path) }
    guard spares.first(where: { rename($0.url.path, staging.path) == 0 }) != nil else { return false }
    // Still a real folder with the marker once moved: nothing swapped in a link meanwhile.
    return StagingFolder.foreignKind(of: staging.path) == nil
  }

  /// Puts the finished staging folder `staging` in the output's place, and removes what earlier
  /// builds left beside it. The output replaced becomes the spare (``OutputReuse``) when
  /// `keepingReplaced`, and is removed otherwise, with any spare an earlier build left: this
  /// build's record describes none, so no build could start from it (an output folder deleted by
  /// hand, builds into another folder in between, `--no-cache`), and it would only take the
  /// disk a second copy of the site takes.
  func swapIn(_ staging: URL, keepingReplaced: Bool = false) throws {
    let fileManager = FileManager.default
    let parent = target.deletingLastPathComponent()
    let name = target.lastPathComponent
    let pid = ProcessInfo.processInfo.processIdentifier
    let retired = parent.appendingPathComponent(StagingFolder.name(.old, of: name, pid: pid))
    var isFolder: ObjCBool = false
    if fileManager.fileExists(atPath: target.path, isDirectory: &isFolder) {
      guard isFolder.boolValue else {
        throw DiagnosticError(
          SiteProblem.outputIsAFile(output: url.path).diagnostic())
      }
      if DirectoryExchange.exchange(staging, target) {
        // The staging path now holds the previous output.
        retire(staging, keeping: keepingReplaced)
      } else {
        // Two renames leave a moment without output; a build killed in it leaves the previous
        // output at `retired`, which the next build puts back (restoreRetiredOutput).
        try fileManager.moveItem(at: target, to: retired)
        do {
          try fileManager.moveItem(at: staging, to: target)
        } catch {
          try? fileManager.moveItem(at: retired, to: target)
          throw error
        }
        retire(retired, keeping: keepingReplaced)
      }
    } else {
      try fileManager.moveItem(at: staging, to: target)
    }
    if !keepingReplaced {
      for spare in spares() { TreeRemoval.remove(spare.url.path) }
    }
    cleanLeftovers(in: parent, name: name)
  }

  /// Makes the replaced output at `folder` the spare when `keeping` (any other spare goes: one
  /// previous output is kept, not a history), and removes it otherwise.
  private func retire(_ folder: URL, keeping: Bool) {
    guard keeping else {
      TreeRemoval.remove(folder.path)
      return
    }
    for spare in spares() { TreeRemoval.remove(spare.url.path) }
    let spare = OutputDirectory.spare(of: target)
    guard rename(folder.path, spare.path) == 0 else {
      TreeRemoval.remove(folder.path)
      return
    }
    OutputDirectory.keepOutOfVersionControl(spare.path)
  }

  /// Where a build of this process keeps the output it replaces (``OutputReuse``): the spare
  /// of the output folder at `url`.
  public static func spare(of url: URL) -> URL {
    let target = resolved(url.standardizedFileURL)
    return target.deletingLastPathComponent().appendingPathComponent(
      StagingFolder.name(.spare, of: target.lastPathComponent, pid: ProcessInfo.processInfo.processIdentifier)
    )
  }

  /// The spares beside the output that Folio made.
  private func spares() -> [StagingFolder] {
    StagingFolder.all(in: target.deletingLastPathComponent(), of: target.lastPathComponent).filter {
      $0.kind == .spare && $0.foreignKind == nil
    }
  }

  /// The file that keeps a spare out of Git (`*`): unlike the output, which a project's
  /// `.gitignore` names, the spare outlives the build beside it under a name no `.gitignore`
  /// lists, and `git add .` would commit a copy of the site. Not one of the output's files: the
  /// build that takes the spare removes it first (``StagedOutput``).
  private static let versionControlIgnore = ".gitignore"

  /// Writes ``versionControlIgnore`` into the spare at `path`, unless the output has a file of
  /// that name (which the spare then keeps as it was written).
  private static func keepOutOfVersionControl(_ path: String) {
    guard let directory = try? openFolder(path) else { return }
    defer { close(directory) }
    let file = openat(
      directory, versionControlIgnore, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
    guard file >= 0 else { return }
    let text = Array(
      "# Folio's spare: the output before the last, which the next build starts from.\n*\n".utf8)
    _ = text.withUnsafeBytes { Foundation.write(file, $0.baseAddress, $0.count) }
    close(file)
  }

  /// What a spare whose output held `files` holds: those, and the file that keeps it out of Git.
  package static func spareEntries(holding files: [String]) -> [String] {
    files + [versionControlIgnore]
  }

  /// Removes from the spare at `path`, now a build's staging folder, the file that kept it out
  /// of Git, unless the output it was (whose files, by path, are `outputFiles`) held one of its
  /// own.
  static func readmitToVersionControl<Value>(_ path: String, outputFiles: [String: Value]) {
    if outputFiles[versionControlIgnore] == nil { _ = removeFile(versionControlIgnore, in: path) }
  }

  /// Writes the marker listing `paths`, already in byte order, into `folder`; its stamp.
  static func writeMarker(listingSorted paths: [String], into folder: String) throws -> WrittenStamp {
    let directory = try openFolder(folder)
    defer { close(directory) }
    // Written beside it and renamed over it: the folder has a marker at every moment, so a
    // build killed here leaves a folder the next one knows as Folio's (a new staging folder gets
    // its first marker in place: it is empty until then). The name beside is the marker's as
    // NTFS reads it (a trailing dot), which no output path may take (OutputPath).
    let beside = markerName + "."
    var info = stat()
    guard writeFile(beside, in: directory, marker(listingSorted: paths)) != nil,
      renameat(directory, beside, directory, markerName) == 0,
      fstatat(directory, markerName, &info, AT_SYMLINK_NOFOLLOW) == 0
    else {
      unlinkat(directory, beside, 0)
      throw SiteProblem.cannotWriteFile(name: markerName, in: folder).error()
    }
    return WrittenStamp(info)
  }

  /// The stamps of the entries at `paths` below `folder` (not following a link), by path, looked
  /// up on every core; an entry that cannot be looked up has none.
  package static func stamps(of paths: some Collection<String>, in folder: String) -> [String: WrittenStamp] {
    guard let directory = try? openFolder(folder) else { return [:] }
    defer { close(directory) }
    return stamps(of: Array(paths), in: directory)
  }

  /// The stamps of the entries at `paths` below the open folder `directory`, by path.
  private static func stamps(of paths: [String], in directory: Int32) -> [String: WrittenStamp] {
    let found = ChunkedWork.map(paths.count, chunk: filesPerTask) { index in
      var info = stat()
      return fstatat(directory, paths[index], &info, AT_SYMLINK_NOFOLLOW) == 0 ? WrittenStamp(info) : nil
    }
    var stamps: [String: WrittenStamp] = [:]
    stamps.reserveCapacity(paths.count)
    for (index, stamp) in found.enumerated() { stamps[paths[index]] = stamp }
    return stamps
  }

  /// Opens the staging folder `folder`, through no symbolic link.
  private static func openFolder(_ folder: String) throws -> Int32 {
    let directory = open(folder, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    guard directory >= 0 else {
      throw SiteProblem.cannotOpenFolder(folder: folder, reason: String(cString: strerror(errno))).error()
    }
    return directory
  }

  /// Where a file of a batch comes from (``writeBatch(_:into:linkingFrom:placing:)``).
  enum Placement: Sendable {
    /// The folder holds the file with these bytes already.
    case kept
    /// Written from the build's bytes.
    case written
    /// A hard link to the file at the same path in the folder the batch links from, which has
    /// this stamp (its bytes are the build's); written when it cannot be linked, or when what the
    /// link reaches is not that file.
    case linked(WrittenStamp)
  }

  /// Writes `files` below `folder`, which Folio made: every folder once, a level of nesting at a
  /// time, then the files, each with one open, write and close (or one link), all on every core.
  /// The staging folder makes the whole output atomic, so single files need no temporary copies
  /// or fsync of their own. A folder an earlier batch made (or the spare held) is kept, and so is
  /// a file `placing` says the folder holds; the marker is not written here.
  ///
  /// A file `placing` says to link is a hard link to the file at the same path below `source`
  /// (the output being replaced). A file already in `folder` is never written into: it may be
  /// such a link, and writing would change the output in place. It is removed and made anew.
  @discardableResult
  static func writeBatch(
    _ files: [String: [UInt8]], into folder: String, linkingFrom source: String? = nil,
    placing: (String, [UInt8]) -> Placement = { _, _ in .written }
  ) throws -> [String: WrittenStamp] {
    // One array of the files to write, filtered on the way: the dictionary is never copied.
    var wanted: [(key: String, value: [UInt8])] = []
    var linkedFrom: [String: WrittenStamp] = [:]
    wanted.reserveCapacity(files.count)
    for (path, bytes) in files where path != markerName {
      switch placing(path, bytes) {
      case .kept: continue
      case .written: break
      case .linked(let stamp): linkedFrom[path] = stamp
      }
      wanted.append((path, bytes))
    }
    let entries = wanted
    let links = linkedFrom
    // The folders to make beside the check of the paths: two passes over every path, on one
    // core otherwise.
    var refused: (path: String, problem: OutputPath.Problem)? = nil
    let folders = ChunkedWork.beside {
      OutputPath.folders(holding: entries.lazy.map(\.key))
    } while: {
      // Every path was made by OutputPath where it was decided; checked again here, the last
      // step before the file system, so that no bug upstream can write outside the folder or
      // into a version-control one. A `?` or `#` in a name is let through: a redirect from an
      // old URL's `%3F` is such a file (``OutputPath/init(decodedURLPath:)``), and neither
      // leaves the folder.
      for (path, _) in entries {
        do throws(OutputPath.Problem) {
          try OutputPath.check(decodedURLPath: path)
        } catch {
          refused = (path, error)
          return
        }
      }
    }
    if let refused {
      throw SiteProblem.outputPathRefused(path: refused.path, explanation: refused.problem.explanation)
        .error()
    }
    // Every folder of a level has its parent in the level before.
    var levels: [[String]] = []
    for relative in folders {
      let depth = OutputPath.depth(of: relative)
      while levels.count <= depth { levels.append([]) }
      levels[depth].append(relative)
    }
    // Paths are resolved from the folder's descriptor: the kernel then walks two or three
    // components per file instead of the whole absolute path.
    let directory = try openFolder(folder)
    defer { close(directory) }
    for level in levels {
      // Folders are made relative to the staging folder's descriptor: Folio made that folder and
      // makes everything in it, so no link can be on the way, and every path passed OutputPath
      // above. Files are opened beneath it with the kernel's check (folio_open_beneath), so a
      // link that got there anyway would still stop the write.
      if let failed = failures(level, { mkdirat(directory, $0, 0o777) == 0 || errno == EEXIST }).min() {
        // Tried once more for the reason: the failure's errno was its thread's (a full disk says
        // so, rather than leave the writer to guess).
        let reason = mkdirat(directory, failed, 0o777) == 0 ? nil : String(cString: strerror(errno))
        throw SiteProblem.cannotCreateFolder(name: failed, in: folder, reason: reason).error()
      }
    }
    let sourceFolder =
      links.isEmpty ? -1 : source.map { open($0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) } ?? -1
    defer { if sourceFolder >= 0 { close(sourceFolder) } }
    let written = ChunkedWork.map(entries.count, chunk: filesPerTask) { index -> WrittenStamp? in
      let (path, bytes) = entries[index]
      if let stamp = links[path], sourceFolder >= 0,
        let linked = linkFile(path, from: sourceFolder, into: directory, expecting: stamp)
      {
        return linked
      }
      return writeFile(path, in: directory, bytes)
    }
    if let failed = entries.indices.filter({ written[$0] == nil }).min(by: {
      entries[$0].key < entries[$1].key
    }) {
      let reason =
        writeFile(entries[failed].key, in: directory, entries[failed].value) == nil
        ? String(cString: strerror(errno)) : nil
      throw SiteProblem.cannotWriteFile(name: entries[failed].key, in: folder, reason: reason).error()
    }
    // The folders' stamps once every file of the batch is in them (a folder's times change as
    // entries are added); a later batch stamps again the folders it writes into.
    var stamps = stamps(of: Array(folders), in: directory)
    stamps.reserveCapacity(entries.count + folders.count)
    for (index, stamp) in written.enumerated() { stamps[entries[index].key] = stamp }
    return stamps
  }

  /// Removes the file `path` that an earlier batch wrote below `folder` (a build that dropped it
  /// afterwards); true when it is gone.
  static func removeFile(_ path: String, in folder: String) -> Bool {
    guard let directory = try? openFolder(folder) else { return false }
    defer { close(directory) }
    return unlinkat(directory, path, 0) == 0 || errno == ENOENT
  }

  /// Removes those of `folders` (below `folder`) that are empty, innermost first so that a
  /// folder emptied by the removal of its last subfolder goes too; the paths removed.
  static func removeEmptyFolders(_ folders: Set<String>, in folder: String) -> Set<String> {
    guard !folders.isEmpty, let directory = try? openFolder(folder) else { return [] }
    defer { close(directory) }
    var removed: Set<String> = []
    // rmdir refuses a folder that holds anything, and a link.
    for path in folders.sorted(by: { OutputPath.depth(of: $0) > OutputPath.depth(of: $1) })
    where unlinkat(directory, path, AT_REMOVEDIR) == 0 {
      removed.insert(path)
    }
    return removed
  }

  /// How many files one task writes: enough that scheduling costs little next to the writes.
  private static let filesPerTask = 64

  /// Runs `body` on every element, in chunks on all cores; the elements for which it returned
  /// `false`.
  private static func failures<Item: Sendable>(_ items: [Item], _ body: @Sendable (Item) -> Bool) -> [Item] {
    let succeeded = ChunkedWork.map(items.count, chunk: filesPerTask) { body(items[$0]) }
    return items.indices.filter { !succeeded[$0] }.map { items[$0] }
  }

  /// Links the file at `path` below the folder `source` to the same path below `directory`, in
  /// place of any entry there; its stamp once linked, or nil when it could not be linked (another
  /// file system, one without hard links) or was not the file `expected` stamps: the entry is
  /// then gone, for the caller to write.
  ///
  /// The link is made through no symbolic link at its end (`linkat` without `AT_SYMLINK_FOLLOW`),
  /// and what it reaches is checked afterwards: the same device, inode, size and modification
  /// time as the file the record vouched for, so a link planted on the way in the output cannot
  /// bring another file in.
  static func linkFile(
    _ path: String, from source: Int32, into directory: Int32, expecting expected: WrittenStamp
  ) -> WrittenStamp? {
    guard unlinkat(directory, path, 0) == 0 || errno == ENOENT,
      linkat(source, path, directory, path, 0) == 0
    else { return nil }
    var info = stat()
    guard fstatat(directory, path, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
    let stamp = WrittenStamp(info)
    guard stamp.mode & UInt64(S_IFMT) == UInt64(S_IFREG), stamp.device == expected.device,
      stamp.inode == expected.inode, stamp.size == expected.size, stamp.modified == expected.modified
    else {
      unlinkat(directory, path, 0)
      return nil
    }
    return stamp
  }

  /// Makes the file at `path` (relative to the folder `directory`) anew and writes `bytes` into
  /// it; its stamp as written, or nil when it could not be written. An entry already at `path` is
  /// removed first, never written into: it may be a hard link that the output in place shares
  /// (``OutputReuse``).
  static func writeFile(_ path: String, in directory: Int32, _ bytes: [UInt8]) -> WrittenStamp? {
    // Beneath the staging folder and through no symbolic link, checked by the kernel.
    let flags = O_WRONLY | O_CREAT | O_EXCL
    var descriptor = folio_open_beneath(directory, path, flags, 0o666, true)
    if descriptor < 0, errno == EEXIST, unlinkat(directory, path, 0) == 0 {
      descriptor = folio_open_beneath(directory, path, flags, 0o666, true)
    }
    guard descriptor >= 0 else { return nil }
    var written = 0
    let complete = bytes.withUnsafeBytes { buffer in
      // An empty file has no address and nothing to write.
      guard let base = buffer.baseAddress else { return true }
      while written < buffer.count {
        let result = Foundation.write(descriptor, base + written, buffer.count - written)
        if result < 0 {
          if errno == EINTR { continue }
          return false
        }
        written += result
      }
      return true
    }
    // The open file's stamp, looked up through no path: the build record's, once written.
    var info = stat()
    let stamped = complete && fstat(descriptor, &info) == 0
    return close(descriptor) == 0 && stamped ? WrittenStamp(info) : nil
  }

  /// Puts back the previous output when a build was killed between moving it away and moving
  /// the new one in (only possible where ``DirectoryExchange`` cannot swap).
  private func restoreRetiredOutput(in parent: URL, name: String) {
    guard !FileManager.default.fileExists(atPath: target.path) else { return }
    let retired = leftovers(in: parent, name: name).filter { $0.kind == .old }
    // The newest, should there be several: the last output that was complete.
    let newest = retired.max { lhs, rhs in
      let dates = [lhs.url, rhs.url].map {
        (try? $0.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate)
          ?? .distantPast
      }
      return dates[0] < dates[1]
    }
    if let newest { try? FileManager.default.moveItem(at: newest.url, to: target) }
  }

  /// Removes staging folders left by builds that were killed (their process is gone), each with
  /// its marker last (``TreeRemoval``): a build killed while it removes one leaves a folder the
  /// next build still knows as Folio's. (`FileManager` removed the marker in listing order, and
  /// the kill test found what it left: folders without a marker, which a build must refuse.)
  private func cleanLeftovers(in parent: URL, name: String) {
    for leftover in leftovers(in: parent, name: name) { TreeRemoval.remove(leftover.url.path) }
  }

  /// The staging folders of `name` that Folio made and whose process is no longer running (a
  /// spare outlives its process: it is the next build's).
  private func leftovers(in parent: URL, name: String) -> [StagingFolder] {
    StagingFolder.all(in: parent, of: name).filter {
      $0.kind != .spare && $0.foreignKind == nil && $0.processIsGone
    }
  }
}
