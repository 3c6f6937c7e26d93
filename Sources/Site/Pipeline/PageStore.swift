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

  /// Makes room for the keys of `count` pages, so that the table does not grow, rehashing all
  /// it holds, while the pages load on every core under its lock.
  func reserveCapacity(_ count: Int) {
    state.withLock { $0.keys.reserveCapacity(count) }
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

  /// Writes the next cache file through `emit`, a run of bytes at a time, and returns its size
  /// and entry count: the pages of this build (`rendered`, by path relative to `Content/`: each
  /// taken from the cache copied, each rendered anew encoded by `encode`), and entries of recent
  /// builds this one did not use, at most as many again, most recently used first.
  ///
  /// The entries are encoded a few hundred at a time, on every core, and sent out in key
  /// order, so the file is never held whole (at 100,000 pages it is 284 MB).
  func writeNextFile<Failure: Error>(
    rendered: [String: RenderedPage], encode: @Sendable (RenderedPage) -> [UInt8],
    emit: @escaping ([UInt8]) throws(Failure) -> Void
  ) throws(Failure) -> (bytes: Int, entries: Int) {
    let (keys, hits) = state.withLock { ($0.keys, $0.hits) }
    let build = pack.build + 1
    var entries: [(key: ContentDigest, source: NextEntry)] = []
    var used = Set<ContentDigest>()
    for (path, key) in keys {
      guard let rendering = rendered[path], used.insert(key).inserted else { continue }
      let hit = hits[path].flatMap { $0.rendering === rendering ? $0.payload : nil }
      entries.append((key, .page(rendering, stored: hit)))
    }
    let recent = pack.entries.filter {
      !used.contains($0.key) && $0.value.lastUsed > build - 1 - PageStore.keptForBuilds
    }
    .sorted { ($0.value.lastUsed, $1.key) > ($1.value.lastUsed, $0.key) }
    for (key, entry) in recent.prefix(used.count) {
      entries.append((key, .kept(entry.payload, lastUsed: entry.lastUsed)))
    }
    entries.sort { $0.key < $1.key }

    var writer = CachePackWriter(
      entryCount: entries.count, build: build, writer: ProjectKey.writer, emit: emit)
    let pack = self.pack
    var start = 0
    while start < entries.count {
      let batch = entries[start..<min(entries.count, start + PageStore.entriesPerBatch)]
      let payloads = ChunkedWork.map(batch.count, chunk: 16) { index -> ArraySlice<UInt8> in
        switch batch[batch.startIndex + index].source {
        case .page(_, .some(let stored)), .kept(let stored, _): pack.bytes[stored]
        case .page(let rendering, nil): ArraySlice(encode(rendering))
        }
      }
      for (entry, payload) in zip(batch, payloads) {
        let lastUsed: Int
        if case .kept(_, let last) = entry.source { lastUsed = last } else { lastUsed = build }
        try writer.append(key: entry.key, lastUsed: lastUsed, payload: payload)
      }
      start += batch.count
    }
    try writer.finish()
    return (writer.byteCount, entries.count)
  }

  /// Where an entry of the next file comes from.
  private enum NextEntry {
    /// A page of this build: its bytes in the old file, when it came from there.
    case page(RenderedPage, stored: Range<Int>?)
    /// An entry of an earlier build, kept as it was.
    case kept(Range<Int>, lastUsed: Int)
  }

  /// How many entries are encoded at once before they are written: enough to keep every core
  /// busy, few enough that their bytes are a small part of the file.
  static let entriesPerBatch = 512
}
