import BuildCache
import Testing

/// The cache file: what goes in comes out, and a file that is not exactly what a build of this
/// Folio wrote is refused whole.
@Suite struct CachePackTests {
  private let writer = "folio test, pages 1"
  private let first = ContentDigest(of: "first")
  private let second = ContentDigest(of: "second")

  private func pack() -> [UInt8] {
    CachePack.encode(
      [(second, 3, ArraySlice(Array("two".utf8))), (first, 4, ArraySlice(Array("one".utf8)))], build: 4,
      writer: writer)
  }

  @Test func entriesComeBackByKeyWithTheBuildThatLastUsedThem() throws {
    let read = try CachePack(decoding: pack(), writer: writer)
    #expect(read.build == 4)
    #expect(read.payload(for: first).map { Array($0) } == Array("one".utf8))
    #expect(read.payload(for: second).map { Array($0) } == Array("two".utf8))
    #expect(read.entries[second]?.lastUsed == 3)
    #expect(read.payload(for: ContentDigest(of: "third")) == nil)
  }

  /// The next file keeps the unused entries of the last builds, most recent first, the first
  /// file's where two hold a key, and no more than asked.
  @Test func keptEntriesAreTheRecentUnusedOnesNewestFirst() throws {
    let third = ContentDigest(of: "third")
    let old = try CachePack(decoding: pack(), writer: writer)
    let newer = try CachePack(
      decoding: CachePack.encode(
        [(first, 5, ArraySlice(Array("uno".utf8))), (third, 1, ArraySlice(Array("tres".utf8)))], build: 5,
        writer: writer),
      writer: writer)
    // Build 6 keeps what builds 3, 4 and 5 used: `third` (build 1) is pruned.
    let kept = CachePack.keptEntries(of: [newer, old], build: 6, builds: 3, limit: 10) { _ in false }
    #expect(kept.map(\.key) == [first, second])
    #expect(kept.map { Array($0.payload) } == [Array("uno".utf8), Array("two".utf8)])
    #expect(
      CachePack.keptEntries(of: [newer, old], build: 6, builds: 3, limit: 1) { _ in false }.map(\.key) == [
        first
      ])
    #expect(
      CachePack.keptEntries(of: [old], build: 6, builds: 3, limit: 10) { $0 == first }.map(\.key) == [second])
  }

  @Test func theSameEntriesInAnyOrderMakeTheSameFile() {
    let reversed = CachePack.encode(
      [(first, 4, ArraySlice(Array("one".utf8))), (second, 3, ArraySlice(Array("two".utf8)))], build: 4,
      writer: writer)
    #expect(reversed == pack())
  }

  /// A file written a few bytes at a time is the file encoded whole, and reads back.
  @Test func aFileWrittenInRunsIsTheFileEncodedWhole() throws {
    let entries = (0..<50).map { index in
      (
        key: ContentDigest(of: "entry \(index)"), lastUsed: index % 4,
        payload: ArraySlice(Array("page \(index)".utf8))
      )
    }
    let whole = CachePack.encode(entries, build: 9, writer: writer)
    var runs: [[UInt8]] = []
    var streamed = CachePackWriter<Never>(entryCount: entries.count, build: 9, writer: writer, runBytes: 7) {
      runs.append($0)
    }
    for entry in entries.sorted(by: { $0.key < $1.key }) {
      streamed.append(key: entry.key, lastUsed: entry.lastUsed, payload: entry.payload)
    }
    streamed.finish()
    #expect(runs.count > 10)
    #expect(Array(runs.joined()) == whole)
    #expect(streamed.byteCount == whole.count)
    let read = try CachePack(decoding: Array(runs.joined()), writer: writer)
    #expect(read.payload(for: ContentDigest(of: "entry 7")).map { Array($0) } == Array("page 7".utf8))
  }

  @Test func anotherFolioVersionsFileIsRefused() {
    #expect(throws: CachePack.Unusable.otherWriter(writer)) {
      try CachePack(decoding: pack(), writer: "folio 9.9, pages 1")
    }
  }

  @Test func everyCutOfTheFileIsRefused() {
    let bytes = pack()
    for length in 0..<bytes.count {
      #expect(throws: CachePack.Unusable.self) {
        try CachePack(decoding: Array(bytes[0..<length]), writer: writer)
      }
    }
  }

  @Test func everyChangedByteIsRefused() {
    let bytes = pack()
    for index in bytes.indices {
      var damaged = bytes
      damaged[index] ^= 0x20
      #expect(throws: CachePack.Unusable.self) { try CachePack(decoding: damaged, writer: writer) }
    }
  }

  @Test func aFileThatIsNotACacheIsNamedSo() {
    #expect(throws: CachePack.Unusable.notACacheFile) {
      try CachePack(decoding: Array("{}".utf8), writer: writer)
    }
  }
}

/// The entries' encoding: numbers, strings and digests read back as written, and a short or
/// inflated entry throws instead of reading past its end.
@Suite struct CacheReaderTests {
  @Test func valuesReadBackInOrder() throws {
    var writer = CacheWriter()
    writer.write(-3)
    writer.write(Int.max)
    writer.write(Int.min)
    writer.write("日本語")
    writer.write(String?.none)
    writer.write(true)
    writer.write(bytes: [1, 2, 3])
    writer.write(ContentDigest(of: "x"))
    writer.write(sorted: ["b", "a"])
    var reader = CacheReader(ArraySlice(writer.bytes))
    #expect(try reader.readInt() == -3)
    #expect(try reader.readInt() == Int.max)
    #expect(try reader.readInt() == Int.min)
    #expect(try reader.readString() == "日本語")
    #expect(try reader.readOptionalString() == nil)
    #expect(try reader.readBool())
    #expect(try reader.readBytes() == [1, 2, 3])
    #expect(try reader.readDigest() == ContentDigest(of: "x"))
    #expect(try reader.readStringSet() == ["a", "b"])
    #expect(reader.isAtEnd)
  }

  @Test func aCountLargerThanTheBytesLeftThrowsBeforeAllocating() {
    var writer = CacheWriter()
    writer.write(UInt64(1) << 40)
    var reader = CacheReader(ArraySlice(writer.bytes))
    #expect(throws: CacheReader.Malformed()) { try reader.readString() }
  }

  @Test func digestsOfDifferentBytesDiffer() {
    #expect(ContentDigest(of: "a") != ContentDigest(of: "b"))
    #expect(
      ContentDigest(combining: [ContentDigest(of: "ab"), ContentDigest(of: "c")])
        != ContentDigest(combining: [ContentDigest(of: "a"), ContentDigest(of: "bc")]))
  }
}
