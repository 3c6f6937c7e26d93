import BuildCache
import Diagnostics
import SiteComponents
import SiteContent
import Synchronization

/// The page stage's results from earlier builds (the cache files `.folio/cache/pages` and
/// `.folio/cache/pages-recent`) and what this build found in them: which pages it took from
/// there, and the key of every page, for the file this build writes.
///
/// A build that rendered few pages anew writes them, with the recent file's entries it used,
/// into the recent file alone, and leaves `pages` as it is: a one-page edit no longer rewrites
/// the whole cache (29 MB at 10,000 pages, 284 MB at 100,000). The recent file names the `pages`
/// it adds to (its build and checksum), so one left beside another `pages` is not read. Once it
/// would hold more than a share of what `pages` holds, the next file is written whole, and
/// entries no build used lately are pruned then.
final class PageStore: Sendable {
  /// The name of the cache file in `.folio/cache/`.
  static let fileName = "pages"
  /// The name of the file of entries added since `pages` was written.
  static let recentFileName = "pages-recent"
  /// How many builds an entry is kept without being used: a branch switched to and back, or a
  /// page reverted, still finds its pages.
  static let keptForBuilds = 3

  /// A result taken from the cache, and its bytes in the file it came from, to be copied into
  /// the next one, not encoded again.
  struct Hit: Sendable {
    var stored: PageStage.StoredResult
    var payload: ArraySlice<UInt8>
    /// Whether it came from the recent file rather than `pages`.
    var isRecent: Bool
    /// The rendering, as the session's render cache holds it while no one renders it again.
    var rendering: RenderedPage { stored.rendering }
  }

  /// The file `pages` as read (empty when there was none, or it was not used).
  let pack: CachePack
  /// The recent file as read (empty when there was none, it adds to another `pages`, or it was
  /// not used).
  let recent: CachePack
  /// The key of the settings every page is rendered with.
  let settings: ContentDigest
  /// The key of each page loaded, and the results taken from the cache, by path relative to
  /// `Content/`.
  private let state = Mutex<(keys: [String: ContentDigest], hits: [String: Hit], unreadable: Int)>(
    ([:], [:], 0))

  /// A store over `pack` and its `recent` file, for a project whose settings have the key
  /// `settings`.
  init(pack: CachePack, recent: CachePack = CachePack(), settings: ContentDigest) {
    self.pack = pack
    self.recent = pack.entries.isEmpty ? CachePack() : recent
    self.settings = settings
  }

  /// What wrote a recent file that adds to `pack`: this executable, and that file's build and
  /// checksum (its last 8 bytes), so a recent file is read only beside the `pages` it adds to.
  static func recentWriter(of pack: CachePack) -> String {
    let checksum = pack.bytes.suffix(8).map { String($0, radix: 16) }.joined(separator: ".")
    return ProjectKey.writer + ", recent to build \(pack.build) \(checksum)"
  }

  /// The number of this build: one more than the last file written.
  var build: Int { max(pack.build, recent.build) + 1 }

  /// The bytes and entries of the files as read.
  var size: (bytes: Int, entries: Int) {
    (pack.bytes.count + recent.bytes.count, pack.entries.count + recent.entries.count)
  }

  /// Makes room for the keys of `count` pages, so that the table does not grow, rehashing all
  /// it holds, while the pages load on every core under its lock.
  func reserveCapacity(_ count: Int) {
    state.withLock { $0.keys.reserveCapacity(count) }
  }

  /// The result stored for the file at `path` with these bytes; records the key either way.
  func lookUp(path: String, bytes: [UInt8]) -> Hit? {
    let key = PageStage.key(settings: settings, path: path, bytes: bytes)
    let isRecent = recent.entries[key] != nil
    guard let payload = isRecent ? recent.payload(for: key) : pack.payload(for: key) else {
      state.withLock { $0.keys[path] = key }
      return nil
    }
    guard let stored = try? PageStage.decode(payload) else {
      state.withLock {
        $0.keys[path] = key
        $0.unreadable += 1
      }
      return nil
    }
    let hit = Hit(stored: stored, payload: payload, isRecent: isRecent)
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

  /// The bytes and entry count of the next recent file, when this build's entries that `pages` does not hold
  /// are few enough: the pages rendered anew (encoded by `encode`), the recent file's entries
  /// this build used, and its entries of recent builds this one did not use. Nil when they would
  /// be more than one `share`-th of what `pages` holds, or there is no `pages`: the next file is
  /// then written whole (``writeNextFile(rendered:encode:emit:)``).
  func nextRecentFile(rendered: [String: RenderedPage], encode: (RenderedPage) -> [UInt8], share: Int)
    -> (bytes: [UInt8], entries: Int)?
  {
    guard !pack.entries.isEmpty else { return nil }
    let (keys, hits) = state.withLock { ($0.keys, $0.hits) }
    let build = self.build
    var fresh: [(key: ContentDigest, rendering: RenderedPage)] = []
    var entries: [(key: ContentDigest, lastUsed: Int, payload: ArraySlice<UInt8>)] = []
    var used = Set<ContentDigest>()
    for (path, key) in keys {
      guard let rendering = rendered[path], used.insert(key).inserted else { continue }
      if let hit = hits[path], hit.rendering === rendering {
        // In `pages` already otherwise, where it stays.
        if hit.isRecent { entries.append((key, build, hit.payload)) }
      } else {
        fresh.append((key, rendering))
      }
    }
    for kept in CachePack.keptEntries(
      of: [recent], build: build, builds: PageStore.keptForBuilds, limit: .max, isUsed: used.contains)
    {
      entries.append((kept.key, kept.lastUsed, kept.payload))
    }
    guard (entries.count + fresh.count) * max(1, share) <= pack.entries.count else { return nil }
    for (key, rendering) in fresh { entries.append((key, build, ArraySlice(encode(rendering)))) }
    return (CachePack.encode(entries, build: build, writer: PageStore.recentWriter(of: pack)), entries.count)
  }

  /// Writes the next cache file through `emit`, a run of bytes at a time, and returns its size
  /// and entry count: the pages of this build (`rendered`, by path relative to `Content/`: each
  /// taken from the cache copied, each rendered anew encoded by `encode`), and entries of recent
  /// builds this one did not use (from `pages` and the recent file), at most as many again, most
  /// recently used first.
  ///
  /// The entries are encoded a few hundred at a time, on every core, and sent out in key
  /// order, so the file is never held whole (at 100,000 pages it is 284 MB).
  func writeNextFile<Failure: Error>(
    rendered: [String: RenderedPage], encode: @Sendable (RenderedPage) -> [UInt8],
    emit: @escaping ([UInt8]) throws(Failure) -> Void
  ) throws(Failure) -> (bytes: Int, entries: Int) {
    let (keys, hits) = state.withLock { ($0.keys, $0.hits) }
    let build = self.build
    var entries: [(key: ContentDigest, source: NextEntry)] = []
    var used = Set<ContentDigest>()
    for (path, key) in keys {
      guard let rendering = rendered[path], used.insert(key).inserted else { continue }
      let hit = hits[path].flatMap { $0.rendering === rendering ? $0.payload : nil }
      entries.append((key, .page(rendering, stored: hit)))
    }
    for kept in CachePack.keptEntries(
      of: [recent, pack], build: build, builds: PageStore.keptForBuilds, limit: entries.count,
      isUsed: used.contains)
    {
      entries.append((kept.key, .kept(kept.payload, lastUsed: kept.lastUsed)))
    }
    entries.sort { $0.key < $1.key }

    var writer = CachePackWriter(
      entryCount: entries.count, build: build, writer: ProjectKey.writer, emit: emit)
    var start = 0
    while start < entries.count {
      let batch = entries[start..<min(entries.count, start + PageStore.entriesPerBatch)]
      let payloads = ChunkedWork.map(batch.count, chunk: 16) { index -> ArraySlice<UInt8> in
        switch batch[batch.startIndex + index].source {
        case .page(_, .some(let stored)), .kept(let stored, _): stored
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
    /// A page of this build: its bytes in the old files, when it came from there.
    case page(RenderedPage, stored: ArraySlice<UInt8>?)
    /// An entry of an earlier build, kept as it was.
    case kept(ArraySlice<UInt8>, lastUsed: Int)
  }

  /// How many entries are encoded at once before they are written: enough to keep every core
  /// busy, few enough that their bytes are a small part of the file.
  static let entriesPerBatch = 512
}
