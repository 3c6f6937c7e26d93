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
public final class StagedOutput: Sendable {
  private struct State: Sendable {
    /// The files written so far, by path, with the bytes written.
    var written: [String: [UInt8]] = [:]
    /// The stamps of the files and folders written so far, by path (``WrittenStamp``).
    var stamps: [String: WrittenStamp] = [:]
    /// The paths written so far in byte order, as the marker lists them, or empty: sorted on
    /// the writing thread, so that the finish need not sort 10,000 paths when they are the same.
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

  init(output: OutputDirectory, folder: URL) {
    self.output = output
    self.folder = folder
  }

  /// Starts writing `files` on another thread and returns at once. Files the build changes or
  /// drops later are written again or removed by ``finish(_:)``; once the folder is swapped in
  /// or removed, nothing is written.
  public func writeInBackground(_ files: [String: [UInt8]]) {
    guard !state.withLock({ $0.isClosed }) else { return }
    DispatchQueue.global().async(group: background) { [self] in
      do {
        try makeFolder()
        let stamps = try OutputDirectory.writeBatch(files, into: folder.path)
        let sorted = files.keys.sorted(by: ByteOrder.precedes)
        state.withLock { state in
          if state.written.isEmpty {
            state.written = files
            state.stamps = stamps
            state.sortedPaths = sorted
          } else {
            state.sortedPaths = []
            state.written.merge(files) { _, new in new }
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

  /// Waits for the files being written, writes those of `files` not written yet or written with
  /// other bytes, removes those written that `files` no longer holds, writes the marker listing
  /// them all, and puts the folder in the output's place. On any failure the folder is removed
  /// and the previous output stays.
  public func finish(_ files: [String: [UInt8]]) throws {
    background.wait()
    do {
      // Taken out, not copied: the stamps are added to below, and a table the state still
      // shared would be copied whole on the first change.
      var (written, stamps, sortedPaths, failure) = state.withLock { state in
        defer {
          state.stamps = [:]
          state.sortedPaths = []
        }
        return (state.written, state.stamps, state.sortedPaths, state.failure)
      }
      if let failure { throw failure }
      try makeFolder()
      // Bytes written early are those the build still holds: comparing the arrays then costs
      // no more than seeing they share their storage.
      let rest = try OutputDirectory.writeBatch(files, into: folder.path) { path, bytes in
        written[path] != bytes
      }
      stamps.merge(rest) { _, new in new }
      var emptied: Set<String> = []
      var removed = 0
      for path in written.keys where files[path] == nil {
        removed += 1
        guard OutputDirectory.removeFile(path, in: folder.path) else {
          throw SiteProblem.cannotWriteFile(name: path, in: folder.path).error()
        }
        stamps[path] = nil
        var parent = Substring(path)
        while let slash = parent.lastIndex(of: "/") {
          parent = parent[..<slash]
          emptied.insert(String(parent))
        }
      }
      // A folder a file went from has new times.
      stamps.merge(OutputDirectory.stamps(of: emptied, in: folder.path)) { _, new in new }
      // The early paths are the build's when none was dropped and there are as many.
      let paths =
        removed == 0 && written.count == files.count && sortedPaths.count == files.count
        ? sortedPaths : files.keys.sorted(by: ByteOrder.precedes)
      stamps[OutputDirectory.markerName] = try OutputDirectory.writeMarker(
        listingSorted: paths, into: folder.path)
      try output.swapIn(folder)
      state.withLock {
        $0.isClosed = true
        $0.isSwappedIn = true
        $0.stamps = stamps
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

  /// Makes the staging folder unless an earlier batch did.
  private func makeFolder() throws {
    try state.withLock { state in
      guard !state.isMade else { return }
      try output.makeStagingFolder(folder)
      state.isMade = true
    }
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
