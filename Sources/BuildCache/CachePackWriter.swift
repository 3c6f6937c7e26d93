import CXXHash

/// Writes a ``CachePack`` a run of bytes at a time, as its entries are made: a build's cache file
/// (284 MB at 100,000 pages) is never held whole in memory beside the entries it is made of.
///
/// The entries must come in increasing key order, as the file holds them; the checksum is kept
/// up to date as the runs go out. ``CachePack/encode(_:build:writer:)`` writes through it too,
/// so a file written in runs and one encoded whole are the same bytes.
public struct CachePackWriter<Failure: Error>: ~Copyable {
  private var out: CacheWriter
  private let checksum: UnsafeMutableRawPointer
  private let emit: ([UInt8]) throws(Failure) -> Void
  private let runBytes: Int
  private var lastKey: ContentDigest?
  private var remaining: Int
  /// How many bytes have gone out through `emit`, the checksum included once finished.
  public private(set) var byteCount = 0

  /// A writer of a pack of `entryCount` entries by build `build`, handing each run of bytes
  /// (about `runBytes` long) to `emit`. Nothing goes out until the first run is full.
  public init(
    entryCount: Int, build: Int, writer: String, runBytes: Int = 1 << 20,
    emit: @escaping ([UInt8]) throws(Failure) -> Void
  ) {
    guard let state = folio_xxh3_64_start() else { fatalError("out of memory for a checksum's state") }
    checksum = state
    out = CachePack.header(entryCount: entryCount, build: build, writer: writer)
    self.emit = emit
    self.runBytes = max(1, runBytes)
    remaining = entryCount
  }

  deinit {
    folio_xxh3_64_free(checksum)
  }

  /// Adds the next entry; its key is greater than the last one's.
  public mutating func append(key: ContentDigest, lastUsed: Int, payload: some Collection<UInt8>)
    throws(Failure)
  {
    precondition(lastKey.map { $0 < key } ?? true, "cache entries go in increasing key order")
    precondition(remaining > 0, "more cache entries than the header announced")
    lastKey = key
    remaining -= 1
    out.write(key)
    out.write(lastUsed)
    out.write(UInt64(payload.count))
    out.appendRaw(payload)
    if out.bytes.count >= runBytes { try flush() }
  }

  /// Sends what is left and the checksum (8 bytes, little-endian).
  public mutating func finish() throws(Failure) {
    precondition(remaining == 0, "fewer cache entries than the header announced")
    try flush()
    let digest = folio_xxh3_64_digest(checksum)
    let tail = (0..<8).map { UInt8(truncatingIfNeeded: digest >> (8 * UInt64($0))) }
    byteCount += tail.count
    try emit(tail)
  }

  private mutating func flush() throws(Failure) {
    guard !out.bytes.isEmpty else { return }
    let run = out.takeBytes()
    run.withUnsafeBytes { folio_xxh3_64_add(checksum, $0.baseAddress, $0.count) }
    byteCount += run.count
    try emit(run)
  }
}
