import BuildCache
import Diagnostics
import SiteComponents
import SiteContent
import Synchronization

/// The page stage's results from earlier builds (the cache file `.folio/cache/pages`) and what
/// this build found in it: which pages it took from there, and the key of every page, for the
/// file this build writes.
final class PageStore: Sendable {
  /// The name of the cache file in `.folio/cache/`.
  static let fileName = "pages"
  /// How many builds an entry is kept without being used: a branch switched to and back, or a
  /// page reverted, still finds its pages.
  static let keptForBuilds = 3

  /// A result taken from the cache, and where its bytes are in the old file, to be copied into
  /// the next one, not encoded again.
  struct Hit: Sendable {
    var stored: PageStage.StoredResult
    var payload: Range<Int>
    /// The rendering, as the session's render cache holds it while no one renders it again.
    var rendering: RenderedPage { stored.rendering }
  }

  /// The file as read (empty when there was none, or it was not used).
  let pack: CachePack
  /// The key of the settings every page is rendered with.
  let settings: ContentDigest
  /// The key of each page loaded, and the results taken from the cache, by path relative to
  /// `Content/`.
  private let state = Mutex<(keys: [String: ContentDigest], hits: [String: Hit], unreadable: Int)>(
    ([:], [:], 0))

  /// A store over `pack`, for a project whose settings have the key `settings`.
  init(pack: CachePack, settings: ContentDigest) {
    self.pack = pack
    self.settings = settings
  }

  /// The result stored for the file at `path` with these bytes; records the key either way.
  func lookUp(path: String, bytes: [UInt8]) -> Hit? {
    let key = PageStage.key(settings: settings, path: path, bytes: bytes)
    guard let range = pack.entries[key]?.payload else {
      state.withLock { $0.keys[path] = key }
      return nil
    }
    guard let stored = try? PageStage.decode(pack.bytes[range]) else {
      state.withLock {
        $0.keys[path] = key
        $0.unreadable += 1
      }
      return nil
    }
    let hit = Hit(stored: stored, payload: range)
    state.withLock {
      $0.keys[path] = key
      $0.hits[path] = hit
    }
    return hit
  }

  /// The results taken from the cache, by path relative to `Content/`.
  var hits: [String: Hit] { state.withLock { $0.hits } }

  /// Entries whose bytes passed the file's checksum but did not decode (never written so by
  /// Folio: a planted or hand-edited file).
  var unreadableCount: Int { state.withLock { $0.unreadable } }

  /// The bytes of the next cache file: the pages of this build (`rendered`, by path relative to
  /// `Content/`: each taken from the cache copied, each rendered anew encoded by `encode`), and
  /// entries of recent builds this one did not use, up to as many bytes again.
  func nextFile(
    rendered: [String: RenderedPage], encode: @Sendable (RenderedPage) -> [UInt8]
  ) -> (bytes: [UInt8], entries: Int) {
    let (keys, hits) = state.withLock { ($0.keys, $0.hits) }
    let build = pack.build + 1
    let pages = keys.compactMap { path, key in rendered[path].map { (path, key, $0) } }
    let pack = self.pack
    let payloads = ChunkedWork.map(pages.count, chunk: 64) { index -> ArraySlice<UInt8> in
      let (path, _, rendering) = pages[index]
      if let hit = hits[path], hit.rendering === rendering { return pack.bytes[hit.payload] }
      return ArraySlice(encode(rendering))
    }
    var entries: [(key: ContentDigest, lastUsed: Int, payload: ArraySlice<UInt8>)] = []
    var used = Set<ContentDigest>()
    var usedBytes = 0
    for ((_, key, _), payload) in zip(pages, payloads) where used.insert(key).inserted {
      entries.append((key, build, payload))
      usedBytes += payload.count
    }
    // Recent entries, most recently used first, while they take no more than this build's.
    var keptBytes = 0
    let recent = pack.entries.filter {
      !used.contains($0.key) && $0.value.lastUsed > build - 1 - PageStore.keptForBuilds
    }
    .sorted { ($0.value.lastUsed, $1.key) > ($1.value.lastUsed, $0.key) }
    for (key, entry) in recent {
      guard keptBytes + entry.payload.count <= usedBytes else { break }
      keptBytes += entry.payload.count
      entries.append((key, entry.lastUsed, pack.bytes[entry.payload]))
    }
    return (CachePack.encode(entries, build: build, writer: ProjectKey.writer), entries.count)
  }
}
