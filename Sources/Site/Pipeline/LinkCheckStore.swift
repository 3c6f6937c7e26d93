import BuildCache
import Diagnostics
import Synchronization

/// The link check stage's results from earlier builds (the cache file `.folio/cache/link-checks`) and
/// this build's: each page's broken links under the key of what its check read
/// (``LinkCheckStage``).
final class LinkCheckStore: Sendable {
  /// The file as read (empty when there was none, or it was not used).
  let pack: CachePack
  /// The key of the settings every page is rendered with (``ProjectKey``), part of the site's key.
  let settings: ContentDigest
  /// This build's checks by key, as stored (taken from the file or encoded anew), and how many
  /// were taken.
  private let state = Mutex<(checks: [ContentDigest: ArraySlice<UInt8>], reused: Int, unreadable: Int)>(
    ([:], 0, 0))

  /// What a cache file of this kind is written by: this executable (``ProjectKey/writer``) and
  /// the stage's format.
  static let writer = ProjectKey.writer + ", links \(LinkCheckStage.format)"

  /// A store over `pack`, for a project whose settings have the key `settings`.
  init(pack: CachePack, settings: ContentDigest) {
    self.pack = pack
    self.settings = settings
  }

  /// The problems stored under `key` and their bytes in the file, or nil when the file holds
  /// none (or they do not decode: never written so by Folio, a planted or hand-edited file).
  func problems(forKey key: ContentDigest) -> (problems: [Diagnostic], stored: ArraySlice<UInt8>)? {
    guard let bytes = pack.payload(for: key) else { return nil }
    guard let problems = try? LinkCheckStage.decode(bytes) else {
      state.withLock { $0.unreadable += 1 }
      return nil
    }
    return (problems, bytes)
  }

  /// Records this build's checks of pages: each one's key and its problems as stored (taken
  /// from the file, or encoded by ``LinkCheckStage/encode(_:)``), and whether they were taken.
  func record(_ checks: [(key: ContentDigest, stored: ArraySlice<UInt8>, reused: Bool)]) {
    state.withLock { state in
      state.checks.reserveCapacity(state.checks.count + checks.count)
      for check in checks {
        state.checks[check.key] = check.stored
        if check.reused { state.reused += 1 }
      }
    }
  }

  /// How many pages' checks this build took from the file, and how many it made.
  var counts: (reused: Int, checked: Int) {
    state.withLock { ($0.reused, $0.checks.count - $0.reused) }
  }

  /// Entries whose bytes passed the file's checksum but did not decode.
  var unreadableCount: Int { state.withLock { $0.unreadable } }

  /// The bytes of the next cache file: this build's checks, and entries of recent builds this
  /// one did not use, at most as many again, most recently used first (a branch switched to and
  /// back finds its checks, as ``PageStore`` keeps pages).
  func nextFile() -> [UInt8] {
    let checks = state.withLock { $0.checks }
    let build = pack.build + 1
    var entries: [(key: ContentDigest, lastUsed: Int, payload: ArraySlice<UInt8>)] = []
    entries.reserveCapacity(checks.count * 2)
    for (key, stored) in checks { entries.append((key, build, stored)) }
    for kept in CachePack.keptEntries(
      of: [pack], build: build, builds: PageStore.keptForBuilds, limit: checks.count,
      isUsed: { checks[$0] != nil })
    {
      entries.append((kept.key, kept.lastUsed, kept.payload))
    }
    return CachePack.encode(entries, build: build, writer: LinkCheckStore.writer)
  }
}
