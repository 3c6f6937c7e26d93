/// A published page as the search index holds it: what results show (URL, title, date, the
/// text snippets are cut from) and each term's weighted frequency and positions.
///
/// Made from ``SearchText`` while the page is rendered (on every core), with its postings and
/// its page file already encoded, so the index step only merges. A class, so that the sort by
/// result order and the merge move one reference, not a dozen arrays.
public final class SearchDocument: Sendable {
  /// One term of the page.
  public struct Term: Hashable, Sendable {
    /// The normalised term.
    public var term: String
    /// Occurrences weighted by field: ``SearchDocument/titleWeight`` in the title,
    /// ``SearchDocument/headingWeight`` in headings, 1 in the body.
    public var weightedFrequency: Int
    /// Every position of the term, when it occurs at most ``SearchDocument/positionLimit``
    /// times; empty otherwise (the index then says nothing of where it stands).
    public var positions: [Int]
  }

  /// How much an occurrence in the title counts against one in the body.
  public static let titleWeight = 6
  /// How much an occurrence in a heading counts against one in the body.
  public static let headingWeight = 3
  /// A term occurring more often than this on a page has no positions there: the frequent
  /// words (`the`, `して`) would otherwise make the shards that hold them too large to fetch.
  public static let positionLimit = 8
  /// The most bytes of text kept for snippets.
  public static let excerptLimit = 8 * 1024

  /// The page's site URL (with the base path).
  public let url: String
  /// The title results show.
  public let title: String
  /// The page's date (`YYYY-MM-DD` or RFC 3339), if any: newer pages win ties.
  public let date: String?
  /// The page's language tag.
  public let language: String
  /// Headings and body text, one block a line, cut at ``excerptLimit`` bytes.
  public let excerpt: String
  /// How many tokens the page has (title, headings and body): BM25's document length.
  public let length: Int
  /// The terms' UTF-8, one after another, in the order the page first has them.
  package let termBytes: [UInt8]
  /// Where each term ends in ``termBytes``.
  package let termEnds: [Int32]
  /// Each term's weighted frequency.
  package let frequencies: [Int32]
  /// Where each term's positions end in ``positions`` (none for a frequent term).
  package let positionEnds: [Int32]
  /// The terms' positions, one after another.
  package let positions: [Int32]
  /// Each term's ``TermTable`` hash, so that the merge does not hash the term again.
  package let termHashes: [UInt32]
  /// Each term's posting on this page but for the page number: frequency and count, positions… (``Varint``s).
  package let postingSuffixes: [UInt8]
  /// Where each term's posting suffix ends in ``postingSuffixes``.
  package let suffixEnds: [Int32]
  /// The page's file of the index (``SearchIndex/pageFile(_:)``), made on the page's core.
  package let pageFile: [UInt8]

  /// Tokenises `text` for the page at `url`.
  public init(url: String, title: String, date: String?, language: String, text: SearchText) {
    self.url = url
    self.title = title
    self.date = date
    self.language = language
    var excerpt = ""
    for block in text.blocks where excerpt.utf8.count < SearchDocument.excerptLimit {
      if !excerpt.isEmpty { excerpt += "\n" }
      excerpt += block.text
    }
    self.excerpt = SearchDocument.cut(excerpt, toBytes: SearchDocument.excerptLimit)
    var collector = TermCollector()
    var scanner = TokenScanner()
    // A gap of one position between fields and blocks, so that no phrase spans two.
    var next =
      scanner.scan(text.title, from: 0) { term, position, _ in
        collector.add(term, position, SearchDocument.titleWeight)
      } + 1
    for block in text.blocks {
      let weight = block.isHeading ? SearchDocument.headingWeight : 1
      next =
        scanner.scan(block.text, from: next) { term, position, _ in collector.add(term, position, weight) }
        + 1
    }
    length = collector.tokenCount
    let stored = collector.stored()
    termBytes = stored.termBytes
    termEnds = stored.termEnds
    frequencies = stored.frequencies
    positionEnds = stored.positionEnds
    positions = stored.positions
    termHashes = stored.termHashes
    postingSuffixes = stored.postingSuffixes
    suffixEnds = stored.suffixEnds
    pageFile = SearchIndex.pageFile(url: url, title: title, date: date, excerpt: self.excerpt)
  }

  /// The page's terms in UTF-8 byte order.
  public var terms: [Term] {
    termEnds.indices.map { index in
      let start = index == 0 ? 0 : Int(termEnds[index - 1])
      let positionStart = index == 0 ? 0 : Int(positionEnds[index - 1])
      return Term(
        term: String(decoding: termBytes[start..<Int(termEnds[index])], as: UTF8.self),
        weightedFrequency: Int(frequencies[index]),
        positions: positions[positionStart..<Int(positionEnds[index])].map(Int.init))
    }.sorted { SearchDocument.precedes($0.term, $1.term) }
  }

  /// Whether `a` sorts before `b` by UTF-8 bytes (code point order: the index's and the
  /// script's order of terms).
  public static func precedes(_ a: String, _ b: String) -> Bool {
    a.utf8.lexicographicallyPrecedes(b.utf8)
  }

  /// `text` cut to at most `limit` UTF-8 bytes, at a scalar boundary.
  static func cut(_ text: String, toBytes limit: Int) -> String {
    guard text.utf8.count > limit else { return text }
    let bytes = Array(text.utf8)
    var end = limit
    while end > 0, bytes[end] & 0xC0 == 0x80 { end -= 1 }
    return String(decoding: bytes[..<end], as: UTF8.self)
  }
}

/// A page's terms while it is tokenised: each distinct term's weighted frequency, occurrence
/// count and first positions.
private struct TermCollector {
  var table = TermTable(capacity: 256)
  /// Per term, ``stride`` numbers: its weighted frequency, its occurrence count and
  /// ``SearchDocument/positionLimit`` slots for its first positions. One array, so that a
  /// token costs one uniqueness check and one growth test instead of three.
  var stats: [Int32] = []
  var tokenCount = 0

  static let stride = 2 + SearchDocument.positionLimit

  init() { stats.reserveCapacity(256 * TermCollector.stride) }

  mutating func add(_ term: UnsafeBufferPointer<UInt8>, _ position: Int, _ weight: Int) {
    tokenCount += 1
    let (index, isNew) = table.intern(term)
    if isNew { stats.append(contentsOf: repeatElement(0, count: TermCollector.stride)) }
    stats.withUnsafeMutableBufferPointer { stats in
      let base = index * TermCollector.stride
      stats[base] += Int32(weight)
      stats[base + 1] += 1
      let count = Int(stats[base + 1])
      if count <= SearchDocument.positionLimit { stats[base + 1 + count] = Int32(position) }
    }
  }

  /// The terms' tables.
  func stored() -> Stored {
    // The terms stay in the order the page first has them, so the table's own arrays are
    // the page's: only frequencies, positions and posting suffixes are made per term.
    var document = Stored()
    document.termBytes = table.bytes
    document.termEnds = table.ends
    document.termHashes = table.hashes
    document.frequencies.reserveCapacity(table.count)
    document.positionEnds.reserveCapacity(table.count)
    document.suffixEnds.reserveCapacity(table.count)
    document.postingSuffixes.reserveCapacity(table.count * 12)
    stats.withUnsafeBufferPointer { stats in
      for index in 0..<table.count {
        let base = index * TermCollector.stride
        let weighted = stats[base]
        let count = Int(stats[base + 1])
        document.frequencies.append(weighted)
        let start = document.positions.count
        if count <= SearchDocument.positionLimit {
          document.positions.append(
            contentsOf: UnsafeBufferPointer(rebasing: stats[base + 2..<base + 2 + count]))
        }
        document.positionEnds.append(Int32(document.positions.count))
        SearchIndex.appendPostingSuffix(
          to: &document.postingSuffixes, Int(weighted), document.positions[start...])
        document.suffixEnds.append(Int32(document.postingSuffixes.count))
      }
    }
    return document
  }

  /// What ``SearchDocument`` keeps of its terms.
  struct Stored {
    var termBytes: [UInt8] = []
    var termEnds: [Int32] = []
    var frequencies: [Int32] = []
    var positionEnds: [Int32] = []
    var positions: [Int32] = []
    var termHashes: [UInt32] = []
    var postingSuffixes: [UInt8] = []
    var suffixEnds: [Int32] = []
  }
}
