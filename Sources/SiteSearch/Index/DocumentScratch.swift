#if canImport(Glibc)
  import Glibc
#endif

/// The tables and buffers a page is tokenised and its page file written in, reused from page
/// to page: a page used to allocate and fill about 20 KiB of them (the term table's slots and
/// arrays, the statistics, the scanner's scalars), then keep the term table's arrays with
/// their spare capacity. Now only the two arrays the page keeps are allocated for it, each of
/// exactly its size.
struct DocumentScratch {
  private var collector = TermCollector()
  private var scanner = TokenScanner()
  private var numbers: [Int32] = []
  private var slotEntries: [UInt64] = []
  private var records: [UInt8] = []
  private var json = JSONBytes()

  /// A set whose page file grew past this many bytes (a huge page) is not kept.
  private static let keptPageFileBytes = 1 << 20

  /// Runs `body` with the calling thread's scratch set.
  ///
  /// One set per thread, not a pool: a set taken from a shared pool was often the one the
  /// other core had just used, so the first probes of every page's term table missed the
  /// cache, and the pool's lock moved between the cores twice a page.
  static func withScratch<Result>(_ body: (inout DocumentScratch) -> Result) -> Result {
    _ = keyCreated
    let box: Box
    if let stored = pthread_getspecific(key) {
      box = Unmanaged<Box>.fromOpaque(stored).takeUnretainedValue()
    } else {
      box = Box()
      pthread_setspecific(key, Unmanaged.passRetained(box).toOpaque())
    }
    let result = body(&box.scratch)
    if box.scratch.json.bytes.capacity > keptPageFileBytes { box.scratch = DocumentScratch() }
    return result
  }

  /// A thread's set, which its thread-local slot holds (and releases when the thread ends).
  private final class Box {
    var scratch = DocumentScratch()
  }

  /// The thread-local slot of each thread's ``Box``. A variable with a constant initial value,
  /// written once (before any read) by ``keyCreated``.
  @exclusivity(unchecked) nonisolated(unsafe) private static var key: pthread_key_t = 0
  private static let keyCreated: Void = {
    pthread_key_create(&key) { stored in
      if let stored { Unmanaged<Box>.fromOpaque(stored).release() }
    }
  }()

  /// The page's token count, distinct term count and ``TermRecords``.
  mutating func tokenise(_ text: SearchText) -> (length: Int, termCount: Int, records: [UInt8]) {
    collector.removeAll()
    DocumentScratch.scan(text, &collector, &scanner)
    SearchTermTable.shared.intern(collector.table, into: &numbers, scratch: &slotEntries)
    return (collector.tokenCount, collector.count, collector.records(numbers: numbers, scratch: &records))
  }

  /// The page's entry in its file of `p/`: the excerpt is the blocks one a line, cut at
  /// ``SearchDocument/excerptLimit`` bytes (at a scalar boundary).
  mutating func pageFile(url: String, title: String, date: String?, text: SearchText) -> [UInt8] {
    json.removeAll()
    text.withJoinedBlocks { joined in
      var end = joined.count
      if end > SearchDocument.excerptLimit {
        end = SearchDocument.excerptLimit
        while end > 0, joined[end] & 0xC0 == 0x80 { end -= 1 }
      }
      SearchIndex.writePageFile(
        url: url, title: title, date: date, excerpt: UnsafeBufferPointer(rebasing: joined[..<end]),
        into: &json)
    }
    return DocumentScratch.exactCopy(json.bytes)
  }

  /// Tokenises the title and the blocks into `collector`.
  private static func scan(
    _ text: SearchText, _ collector: inout TermCollector, _ scanner: inout TokenScanner
  ) {
    // A gap of one position between fields and blocks, so that no phrase spans two.
    var next =
      scanner.scan(text.title, from: 0) { term, hash, position, _ in
        collector.add(term, hash, position, SearchDocument.titleWeight)
      } + 1
    text.forEachBlock { block, isHeading in
      let weight = isHeading ? SearchDocument.headingWeight : 1
      next =
        scanner.scan(block, from: next) { term, hash, position, _ in
          collector.add(term, hash, position, weight)
        }
        + 1
    }
  }

  /// A new array of `bytes`, with no spare capacity (a copy of an array shares its buffer).
  private static func exactCopy(_ bytes: [UInt8]) -> [UInt8] {
    bytes.withUnsafeBufferPointer { source in
      [UInt8](unsafeUninitializedCapacity: source.count) { target, initialised in
        if let base = source.baseAddress { target.baseAddress!.initialize(from: base, count: source.count) }
        initialised = source.count
      }
    }
  }
}
