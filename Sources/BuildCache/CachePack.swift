/// One file of cached stage results: a header naming the Folio that wrote it and what it holds,
/// then entries sorted by key, then a checksum of everything before it.
///
/// ```
/// "FOLIO-CACHE\n"  format (varint)  writer: Folio version and kind (string)  build (varint)  count (varint)
/// count × { key (16 bytes)  last used in build (varint)  length (varint)  payload }
/// XXH3-64 of all the bytes before it (8 bytes, little-endian)
/// ```
///
/// A file is used whole or not at all: another format, writer or kind, a short file or a
/// checksum that does not match makes it ``Unusable``, and the build goes on without it.
public struct CachePack: Sendable {
  /// Why a cache file is not used.
  public enum Unusable: Error, Sendable, Equatable {
    /// It does not start as a cache file does.
    case notACacheFile
    /// It was written in another layout of this format.
    case otherFormat(Int)
    /// Another version of Folio wrote it, or it holds another kind of entry.
    case otherWriter(String)
    /// It ends early or its structure does not add up.
    case truncated
    /// Its bytes are not the ones that were written.
    case checksumMismatch

    /// What the note about the ignored cache says, after "the build cache … ".
    public var explanation: String {
      switch self {
      case .notACacheFile: "is not a Folio cache file"
      case .otherFormat(let format): "has format \(format), this Folio reads format \(CachePack.format)"
      case .otherWriter(let writer): "was written by \(writer)"
      case .truncated: "is cut short"
      case .checksumMismatch: "does not match its checksum (damaged)"
      }
    }
  }

  /// One stored result.
  public struct Entry: Sendable {
    /// The number of the last build that used it.
    public var lastUsed: Int
    /// Where its payload lies in ``bytes``.
    public var payload: Range<Int>
  }

  /// The layout of the file; raised when it changes.
  public static let format = 1
  private static let magic = Array("FOLIO-CACHE\n".utf8)

  /// The file's bytes, which the entries' payloads point into.
  public let bytes: [UInt8]
  /// The number of the build that wrote the file.
  public let build: Int
  /// The entries by key.
  public let entries: [ContentDigest: Entry]

  /// An empty pack, as before the first build.
  public init() {
    bytes = []
    build = 0
    entries = [:]
  }

  /// Reads a pack written by `writer` (the Folio version and the kind of entry, as given to
  /// ``encode(_:build:writer:)``).
  public init(decoding bytes: [UInt8], writer: String) throws(Unusable) {
    guard bytes.starts(with: CachePack.magic) else { throw .notACacheFile }
    guard bytes.count >= CachePack.magic.count + 8 else { throw .truncated }
    let body = bytes.count - 8
    var stored: UInt64 = 0
    for index in 0..<8 { stored |= UInt64(bytes[body + index]) << (8 * UInt64(index)) }
    let computed = bytes.withUnsafeBytes {
      ContentDigest.checksum(of: UnsafeRawBufferPointer(rebasing: $0[0..<body]))
    }
    var reader = CacheReader(bytes[CachePack.magic.count..<body])
    do {
      let format = try reader.readInt()
      guard format == CachePack.format else { throw Unusable.otherFormat(format) }
      let writtenBy = try reader.readString()
      guard writtenBy == writer else { throw Unusable.otherWriter(writtenBy) }
      guard stored == computed else { throw Unusable.checksumMismatch }
      build = try reader.readInt()
      let count = try reader.readCount(minimumBytes: 18)
      var entries: [ContentDigest: Entry] = [:]
      entries.reserveCapacity(count)
      for _ in 0..<count {
        let key = try reader.readDigest()
        let lastUsed = try reader.readInt()
        let length = try reader.readCount()
        let start = body - reader.remaining
        entries[key] = Entry(lastUsed: lastUsed, payload: start..<start + length)
        try reader.skip(length)
      }
      guard reader.isAtEnd else { throw Unusable.truncated }
      self.entries = entries
    } catch let error as Unusable {
      throw error
    } catch {
      throw .truncated
    }
    self.bytes = bytes
  }

  /// The payload stored under `key`.
  public func payload(for key: ContentDigest) -> ArraySlice<UInt8>? {
    entries[key].map { bytes[$0.payload] }
  }

  /// The entries of `files` that the next file keeps though build number `build` did not use
  /// them (`isUsed` false): those a build of the last `builds` before it used, the first file's
  /// where two hold a key, most recently used first, at most `limit` of them. A branch switched
  /// to and back, or a page reverted, still finds its entries; the others are pruned.
  public static func keptEntries(
    of files: [CachePack], build: Int, builds: Int, limit: Int, isUsed: (ContentDigest) -> Bool
  ) -> [(key: ContentDigest, payload: ArraySlice<UInt8>, lastUsed: Int)] {
    var kept: [(key: ContentDigest, payload: ArraySlice<UInt8>, lastUsed: Int)] = []
    var taken = Set<ContentDigest>()
    for file in files {
      for (key, entry) in file.entries
      where entry.lastUsed > build - 1 - builds && !isUsed(key) && taken.insert(key).inserted {
        kept.append((key, file.bytes[entry.payload], entry.lastUsed))
      }
    }
    kept.sort { ($0.lastUsed, $1.key) > ($1.lastUsed, $0.key) }
    return Array(kept.prefix(limit))
  }

  /// The bytes of a pack of `entries` written by build number `build`, sorted by key: the same
  /// entries make the same file (``CachePackWriter`` writes it a run at a time).
  public static func encode(
    _ entries: [(key: ContentDigest, lastUsed: Int, payload: ArraySlice<UInt8>)], build: Int, writer: String
  ) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(entries.reduce(72) { $0 + $1.payload.count + 24 })
    var pack = CachePackWriter<Never>(entryCount: entries.count, build: build, writer: writer) { bytes += $0 }
    for entry in entries.sorted(by: { $0.key < $1.key }) {
      pack.append(key: entry.key, lastUsed: entry.lastUsed, payload: entry.payload)
    }
    pack.finish()
    return bytes
  }

  /// What every file starts with, written by ``CachePackWriter``.
  static func header(entryCount: Int, build: Int, writer: String) -> CacheWriter {
    var out = CacheWriter(capacity: 64)
    out.appendRaw(magic)
    out.write(format)
    out.write(writer)
    out.write(build)
    out.write(UInt64(entryCount))
    return out
  }
}
