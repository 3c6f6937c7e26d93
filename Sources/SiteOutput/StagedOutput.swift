import BuildCache
import Diagnostics
import Dispatch
import Foundation
import SiteContent
import Synchronization

/// A build's output on its way into the output folder: the staging folder beside it
/// (``OutputDirectory/stage()``), made with the first batch of files, which takes the files a
/// batch at a time, one while the build still makes the rest, and then takes the output's place
/// (``finish(_:)``) or goes (``discard()``).
///
/// `folio build` hands it the laid-out pages while the feeds, the sitemap and the link check
/// are made on one core: the files of 10,000 pages are written on the other meanwhile, not
/// after.
///
/// Given a spare (``reuse(_:)``, ``OutputReuse``), the staging folder is the spare moved into
/// place and checked, and a file whose bytes it already holds is not written again.
public final class StagedOutput: Sendable {
  private struct State: Sendable {
    /// The files written in the background (``writeInBackground(_:)``): the build's own, unless
    /// ``finish(_:handedOver:)`` holds them again or does not hold them.
    var written: Set<String> = []
    /// The digest of each file's bytes, by path: of the files the folder holds for this build.
    var digests: [String: ContentDigest] = [:]
    /// What the spare the folder started from holds and this build has not yet claimed or
    /// removed: the digests of its files, by path. Empty without a spare.
    var spare: [String: ContentDigest] = [:]
    /// The output being replaced, when it is as its record says: the digests of its files, and
    /// the stamps of its files and folders, by path. Its files are linked from, and the stamps
    /// follow what linking changes of them (a file's change time, when a link to it is made or
    /// removed), for the record of the spare it becomes. Empty otherwise.
    var replaced: [String: ContentDigest] = [:]
    var replacedStamps: [String: WrittenStamp] = [:]
    /// The paths this build linked, wrote or removed in the folder: where a file the output
    /// being replaced shares may have gained or lost a link.
    var touched: Set<String> = []
    /// The entries of the output being replaced whose stamps changed when looked up again.
    var replacedChanges: Set<String> = []
    /// What the last build's record says of the spare and of the output replaced.
    var reuse: OutputReuse? = nil
    /// The stamps of the files and folders written so far, by path (``WrittenStamp``).
    var stamps: [String: WrittenStamp] = [:]
    /// The paths written so far in byte order, as the marker lists them, or empty; once the
    /// output is in place, its paths (``paths``). Sorted on the writing thread, so that the
    /// finish need not sort 10,000 paths when they are the same.
    var sortedPaths: [String] = []
    /// Why a batch written in the background failed.
    var failure: DiagnosticError? = nil
    /// Whether the staging folder has been made.
    var isMade = false
    /// Whether the output has been swapped in or the folder removed.
    var isClosed = false
    /// Whether the folder has taken the output's place.
    var isSwappedIn = false
  }

  private let output: OutputDirectory
  /// The staging folder.
  let folder: URL
  private let state = Mutex(State())
  private let background = DispatchGroup()
  /// Whether the digests of the files' bytes are taken (``digests``); they are with a spare.
  private let digesting: Bool

  init(output: OutputDirectory, folder: URL, digesting: Bool) {
    self.output = output
    self.folder = folder
    self.digesting = digesting
  }

  /// Starts from the spare `reuse` names, and keeps the output replaced as the next spare if it
  /// says so; called before the first batch (later, it changes nothing).
  public func reuse(_ reuse: OutputReuse) {
    state.withLock { state in
      if !state.isMade { state.reuse = reuse }
    }
  }

  /// Starts writing `files` on another thread and returns at once, and takes them: their bytes
  /// are let go once they are written, so that the build's peak memory does not hold a large
  /// site's pages to its end. (Let go one at a time as each was written, on every core, they
  /// were freed beside the link check's allocations: 4–8% more time at 10,000 pages, for no
  /// lower peak at 100,000.) Files the build makes again later are written again by
  /// ``finish(_:handedOver:)``; once the folder is swapped in or removed, nothing is written.
  public func writeInBackground(_ files: [String: [UInt8]]) {
    guard !state.withLock({ $0.isClosed }) else { return }
    let handed = HandedFiles(files)
    DispatchQueue.global().async(group: background) { [self] in
      do {
        let files = handed.take()
        try makeFolder()
        let digests = self.digests(of: files)
        let spare = try claimSpare(for: files.keys)
        let sorted = files.keys.sorted(by: ByteOrder.precedes)
        let stamps = try place(consume files, digests: digests, spare: spare)
        state.withLock { state in
          if state.written.isEmpty {
            state.written = Set(sorted)
            state.digests = digests
            state.sortedPaths = sorted
          } else {
            state.sortedPaths = []
            state.written.formUnion(sorted)
            state.digests.merge(digests) { _, new in new }
          }
          if state.stamps.isEmpty {
            state.stamps = stamps
          } else {
            state.stamps.merge(stamps) { _, new in new }
          }
        }
      } catch {
        let failure =
          error as? DiagnosticError
          ?? SiteProblem.cannotWriteFile(name: "\(error)", in: folder.path).error()
        state.withLock { $0.failure = $0.failure ?? failure }
      }
    }
  }

  /// Waits for the files being written, writes `files` (not in the spare with the same bytes),
  /// removes those written in the background or left from the spare that neither `files` nor
  /// `handedOver` holds, and the folders that leaves empty, writes the marker listing them all,
  /// and puts the folder in the output's place. On any failure the folder is removed and the
  /// previous output stays.
  ///
  /// `handedOver` names the files given to ``writeInBackground(_:)`` that are still the build's
  /// (``SiteBuilder/Result/handedOver``); a file both there and in `files` is written again.
  public func finish(_ files: [String: [UInt8]], handedOver: [String: Int] = [:]) throws {
    background.wait()
    do {
      // Taken out, not copied: the stamps are added to below, and a table the state still
      // shared would be copied whole on the first change.
      var (written, stamps, sortedPaths, failure) = state.withLock { state in
        defer {
          state.stamps = [:]
          state.sortedPaths = []
          state.written = []
        }
        return (state.written, state.stamps, state.sortedPaths, state.failure)
      }
      if let failure { throw failure }
      try makeFolder()
      let digests = self.digests(of: files)
      let spare = try claimSpare(for: files.keys)
      let rest = try place(files, digests: digests, spare: spare)
      stamps.merge(rest) { _, new in new }
      // What the folder holds and the build does not: files written early and dropped since,
      // and the spare's files no page makes any more (every path of `files` has been claimed
      // from the spare by now).
      let unclaimed = state.withLock { $0.spare }
      let dropped = Array(written.filter { files[$0] == nil && handedOver[$0] == nil }) + unclaimed.keys
      state.withLock { $0.touched.formUnion(dropped) }
      for path in dropped {
        guard OutputDirectory.removeFile(path, in: folder.path) else {
          throw SiteProblem.cannotWriteFile(name: path, in: folder.path).error()
        }
        stamps[path] = nil
      }
      // A folder a file went from has new times, or goes if nothing is left in it (a fresh
      // build makes no empty folder).
      let holding = OutputPath.folders(holding: dropped)
      let gone = OutputDirectory.removeEmptyFolders(holding, in: folder.path)
      for path in gone { stamps[path] = nil }
      let emptied = holding.subtracting(gone)
      stamps.merge(OutputDirectory.stamps(of: emptied, in: folder.path)) { _, new in new }
      // The early paths, in order, are the build's when none was dropped: the others are
      // merged in, not sorted with them.
      let paths =
        dropped.isEmpty && sortedPaths.count == written.count
        ? ByteOrder.merged(
          sortedPaths, files.keys.filter { !written.contains($0) }.sorted(by: ByteOrder.precedes))
        : (Array(files.keys) + handedOver.keys.filter { files[$0] == nil }).sorted(by: ByteOrder.precedes)
      stamps[OutputDirectory.markerName] = try OutputDirectory.writeMarker(
        listingSorted: paths, into: folder.path)
      // Kept only when it was as its record says: it shares files with the spare this build
      // started from, so a spare changed by hand may have changed it too, and then no record
      // could vouch for it.
      let keepsReplaced = state.withLock {
        $0.reuse?.keepsReplacedOutput == true && !$0.replacedStamps.isEmpty
      }
      if keepsReplaced { restampReplaced() }
      try output.swapIn(folder, keepingReplaced: keepsReplaced)
      state.withLock {
        $0.isClosed = true
        $0.isSwappedIn = true
        $0.stamps = stamps
        $0.sortedPaths = paths
        $0.digests.merge(digests) { _, new in new }
        $0.digests = $0.digests.filter { files[$0.key] != nil || handedOver[$0.key] != nil }
      }
    } catch {
      discard()
      throw error
    }
  }

  /// The stamps of the files and folders of the output, as written, once ``finish(_:)`` has put
  /// it in place (the output folder itself is not among them: moving it in changed its times);
  /// empty before.
  public var stamps: [String: WrittenStamp] {
    state.withLock { $0.isSwappedIn ? $0.stamps : [:] }
  }

  /// The paths of the output's files in byte order, as its marker lists them (the marker
  /// left out), once ``finish(_:)`` has put it in place; empty before.
  public var paths: [String] {
    state.withLock { $0.isSwappedIn ? $0.sortedPaths : [] }
  }

  /// The digest of each file's bytes, by path, once ``finish(_:)`` has put the output in place
  /// (the marker left out): what the build record keeps so that the output can be the next
  /// build's spare. Empty before.
  public var digests: [String: ContentDigest] {
    state.withLock { $0.isSwappedIn ? $0.digests : [:] }
  }

  /// The stamps of the files and folders of the output this build replaced, once ``finish(_:)``
  /// has made it the spare, as they are after the links this build made to its files and
  /// removed (each changes a file's change time): what the record of the spare digests. Empty
  /// when it was not as its record says, and then it is not kept.
  public var replacedStamps: [String: WrittenStamp] {
    state.withLock { $0.isSwappedIn ? $0.replacedStamps : [:] }
  }

  /// The entries of ``replacedStamps`` that changed during the build (empty before the output
  /// is in place): the record of the spare digests those again, not all.
  public var replacedChanges: Set<String> {
    state.withLock { $0.isSwappedIn ? $0.replacedChanges : [] }
  }

  /// Writes, links or keeps each of `files` (``OutputDirectory/Placement``): kept when the folder
  /// holds its bytes already (`spare`: the digests of the spare's files claimed for this batch,
  /// with their inodes), linked when the output being replaced holds them, written otherwise.
  /// A file both hold is linked all the same unless it is already the output's file, so that the
  /// spare this output becomes shares it.
  private func place(
    _ files: consuming [String: [UInt8]], digests: [String: ContentDigest],
    spare: [String: (digest: ContentDigest, inode: UInt64?)]
  ) throws -> [String: WrittenStamp] {
    let (replaced, replacedStamps) = state.withLock { ($0.replaced, $0.replacedStamps) }
    var placed: [String] = []
    let stamps = try OutputDirectory.writeBatch(
      files, into: folder.path, linkingFrom: replaced.isEmpty ? nil : output.target.path
    ) { path, _ in
      let digest = digests[path]
      let inReplaced = replaced[path].flatMap { $0 == digest ? replacedStamps[path] : nil }
      if let held = spare[path], held.digest == digest {
        guard let inReplaced, held.inode != inReplaced.inode else { return .kept }
        placed.append(path)
        return .linked(inReplaced)
      }
      placed.append(path)
      return inReplaced.map { .linked($0) } ?? .written
    }
    state.withLock { $0.touched.formUnion(placed) }
    return stamps
  }

  /// Looks up again, in the output about to be replaced, the stamps of the files this build
  /// linked, or removed links to, in the staging folder: a hard link made or removed changes the
  /// change time of the file it shares.
  private func restampReplaced() {
    let touched = state.withLock { state -> [String] in
      state.replacedStamps.isEmpty ? [] : state.touched.filter { state.replacedStamps[$0] != nil }
    }
    guard !touched.isEmpty else { return }
    let found = OutputDirectory.stamps(of: touched, in: output.target.path)
    state.withLock { state in
      for path in touched where state.replacedStamps[path] != found[path] {
        state.replacedStamps[path] = found[path]
        state.replacedChanges.insert(path)
      }
    }
  }

  /// Makes the staging folder unless an earlier batch did: the spare moved here and checked
  /// when there is one that is as its record says, a new folder otherwise.
  private func makeFolder() throws {
    try state.withLock { state in
      guard !state.isMade else { return }
      var removedSpare = false
      defer {
        // Checked once the spare is settled. Removing a spare that changed removes links to
        // the output's files, which changes their stamps: every file is then looked up again
        // before the output becomes the spare (the check may have come from before).
        if state.isMade, state.reuse?.keepsReplacedOutput == true,
          let replaced = state.reuse?.replaced, let stamps = replaced.verify(output.target.path)
        {
          state.replaced = replaced.digests
          state.replacedStamps = stamps
          if removedSpare { state.touched.formUnion(replaced.digests.keys) }
          // Let go of what found the stamps (it may hold them): the table is then this
          // folder's alone, and looking entries up again changes it in place instead of copying
          // 200,000 of them at 100,000 pages.
          state.reuse?.replaced = nil
        }
      }
      if let spare = state.reuse?.spare, output.takeSpare(as: folder) {
        if let stamps = spare.verify(folder.path) {
          OutputDirectory.readmitToVersionControl(folder.path, outputFiles: spare.digests)
          state.spare = spare.digests
          state.stamps = stamps
          state.isMade = true
          return
        }
        // Changed since it was written: of no use, and not to be published.
        TreeRemoval.remove(folder.path)
        removedSpare = true
      }
      try output.makeStagingFolder(folder)
      state.isMade = true
    }
  }

  /// Takes the spare's files at `paths` out of what is left to claim, and returns their digests
  /// and inodes;
  /// first removes what of the spare stands where `paths` need a folder or a file (a page
  /// whose URL became a folder's).
  private func claimSpare(
    for paths: some Collection<String>
  ) throws -> [String: (digest: ContentDigest, inode: UInt64?)] {
    try state.withLock { state in
      guard !state.spare.isEmpty else { return [:] }
      var claimed: [String: (digest: ContentDigest, inode: UInt64?)] = [:]
      var unclaimed: [String] = []
      for path in paths {
        if let digest = state.spare.removeValue(forKey: path) {
          // Not written by this build yet: the stamp is the spare's, as checked.
          claimed[path] = (digest, state.stamps[path]?.inode)
        } else {
          unclaimed.append(path)
        }
      }
      // A path the spare has as a file has folders where it needs them; only a new path can
      // meet a file of the spare where it needs a folder, or a folder where it needs a file.
      guard !unclaimed.isEmpty else { return claimed }
      let conflicts = OutputPath.folders(holding: unclaimed).filter { state.spare[$0] != nil }
      let spareFolders = OutputPath.folders(holding: state.spare.keys)
      let folderConflicts = unclaimed.filter { spareFolders.contains($0) }
      for path in conflicts {
        state.spare[path] = nil
        state.stamps[path] = nil
        state.touched.insert(path)
        guard OutputDirectory.removeFile(path, in: folder.path) else {
          throw SiteProblem.cannotWriteFile(name: path, in: folder.path).error()
        }
      }
      for path in folderConflicts {
        let inside = path + "/"
        state.touched.formUnion(state.spare.keys.filter { $0.hasPrefix(inside) })
        state.spare = state.spare.filter { !$0.key.hasPrefix(inside) }
        state.stamps = state.stamps.filter { $0.key != path && !$0.key.hasPrefix(inside) }
        guard TreeRemoval.remove(folder.path + "/" + path) else {
          throw SiteProblem.cannotWriteFile(name: path, in: folder.path).error()
        }
      }
      return claimed
    }
  }

  /// The digest of each of `files`' bytes, by path, on every core; none when the build neither
  /// digests its output nor starts from a spare.
  private func digests(of files: [String: [UInt8]]) -> [String: ContentDigest] {
    guard digesting || state.withLock({ !$0.spare.isEmpty }) else { return [:] }
    let entries = Array(files)
    let digests = ChunkedWork.map(entries.count, chunk: 64) { ContentDigest(of: entries[$0].value) }
    var table: [String: ContentDigest] = [:]
    table.reserveCapacity(entries.count)
    for (index, digest) in digests.enumerated() { table[entries[index].key] = digest }
    return table
  }

  /// Removes the staging folder after the files being written: a build that failed leaves the
  /// output as it was.
  public func discard() {
    background.wait()
    let isLeft = state.withLock { state in
      defer { state.isClosed = true }
      return state.isMade && !state.isClosed
    }
    if isLeft { TreeRemoval.remove(folder.path) }
  }
}

/// Files handed to the background writer: taken once, there, so that the writer holds the only
/// reference to the table and its bytes, and lets them go once they are written.
private final class HandedFiles: @unchecked Sendable {
  // Set on the calling thread; taken (and cleared) once by the writing thread.
  private var files: [String: [UInt8]]?

  init(_ files: [String: [UInt8]]) {
    self.files = files
  }

  func take() -> [String: [UInt8]] {
    defer { files = nil }
    return files ?? [:]
  }
}
