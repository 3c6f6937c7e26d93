import Foundation

/// The site's search index: one per language, each an inverted index of its pages' terms cut
/// into shards by term, written as the files docs/CONTRACTS.md ("Search index") describes.
///
/// Deterministic: pages are numbered in result order (newest first, then title, then URL),
/// terms sorted by UTF-8 bytes, shards cut at the same terms for the same pages.
public struct SearchIndex: Sendable {
  /// About how many bytes of postings a shard holds before the next term starts a new one (one
  /// term larger than this has a shard of its own). Half of what the JSON shards of format 1
  /// held: the varints take about half the bytes, so a shard holds about as many terms as
  /// before and a query reads half the bytes.
  public static let shardBytes = 8 * 1024
  /// A shard ends at a content-defined point only once it holds this many bytes.
  public static let minimumShardBytes = 1024
  /// No shard grows past this, unless one term alone is larger.
  public static let maximumShardBytes = 32 * 1024

  /// One page's entry in a term's postings.
  public struct Posting: Hashable, Sendable {
    /// The page's number in its language's index.
    public var page: Int
    /// The term's weighted frequency on the page.
    public var weightedFrequency: Int
    /// The page's length, quantised (``SearchIndex/norm(ofLength:)``).
    public var norm: Int
    /// The term's positions on the page, empty when it occurs too often to list them.
    public var positions: [Int]
  }

  /// A run of consecutive terms written as one file.
  public struct Shard: Hashable, Sendable {
    /// The shard's first term; the first shard's is "" (it takes every term below the second).
    public var first: String
    /// Its file name without `.json`, below `t/`.
    public var name: String
    /// Its terms, as indices into ``Language/terms``.
    public var terms: Range<Int>
  }

  /// The index of one language's pages.
  public struct Language: Sendable {
    /// The language tag, as the pages give it.
    public var language: String
    /// The index's folder below `search/`.
    public var folder: String
    /// The pages in their index order (without their terms).
    public var pages: [SearchDocument]
    /// The pages' mean length in tokens, rounded.
    public var averageLength: Int
    /// Every term, in UTF-8 byte order.
    public var terms: [String]
    /// Each term's postings as the shard files write them (the integers as ``Varint``s).
    package var postingBytes: [ArraySlice<UInt8>]
    /// How many pages each term is on.
    public var documentFrequencies: [Int]
    /// Each page's norm (``SearchIndex/norm(ofLength:)``), in page order: `norms.bin`.
    public var norms: [UInt8]
    /// The pages in another language than the index's (a one-language site's index holds every
    /// page whatever its `lang`), by their language's tag: page numbers in order. Results in
    /// the index's language come first (``SearchQuery/results(in:)``).
    public var pageLanguages: [String: [Int]]
    /// The shards, in term order.
    public var shards: [Shard]

    /// The postings of term `index`, by page number (decoded from ``postingBytes``).
    public func postings(at index: Int) -> [Posting] {
      let bytes = postingBytes[index]
      var cursor = bytes.startIndex
      var postings: [Posting] = []
      var page = 0
      while cursor < bytes.endIndex {
        page += Varint.read(bytes, at: &cursor)
        let (frequency, positions) = SearchIndex.readPostingSuffix(bytes, at: &cursor)
        postings.append(
          Posting(page: page, weightedFrequency: frequency, norm: Int(norms[page]), positions: positions))
      }
      return postings
    }

    /// The index of the term `term`, if the pages have it.
    public func termIndex(_ term: String) -> Int? {
      let index = lowerBound(term)
      return index < terms.count && terms[index] == term ? index : nil
    }

    /// The index of the first term that does not sort before `term`.
    public func lowerBound(_ term: String) -> Int {
      var (low, high) = (0, terms.count)
      while low < high {
        let middle = (low + high) / 2
        if SearchDocument.precedes(terms[middle], term) { low = middle + 1 } else { high = middle }
      }
      return low
    }

    /// The shard that holds (or would hold) `term`.
    public func shard(holding term: String) -> Int {
      var (low, high) = (0, shards.count)
      while low + 1 < high {
        let middle = (low + high) / 2
        if SearchDocument.precedes(term, shards[middle].first) { high = middle } else { low = middle }
      }
      return low
    }
  }

  /// The languages' indexes, ordered by folder.
  public let languages: [Language]

  /// The index of `documents`, one per language (``folder(forLanguage:)``), with an index
  /// (maybe empty) for each of `languages` too, so that the site's own language always has one.
  ///
  /// With `combinedInto`, one index in that language holds every document whatever its own
  /// language: a one-language site's search covers its pages in other languages too (a
  /// Japanese blog's English post), which a reader would otherwise find only by switching the
  /// search page's language. A multilingual site keeps each language's search its own.
  public init(documents: [SearchDocument], languages: [String] = [], combinedInto combined: String? = nil) {
    var byFolder: [String: [SearchDocument]] = [:]
    var tags: [String: String] = [:]
    for language in languages + (combined.map { [$0] } ?? []) {
      byFolder[SearchIndex.folder(forLanguage: language), default: []] += []
      tags[SearchIndex.folder(forLanguage: language)] = language
    }
    for document in documents {
      let language = combined ?? document.language
      byFolder[SearchIndex.folder(forLanguage: language), default: []].append(document)
    }
    // Every document's terms are in the table by now: each interned them when it was made.
    let table = SearchTermTable.shared.snapshot()
    self.languages = byFolder.keys.sorted().map { folder in
      SearchIndex.language(folder, tag: tags[folder], byFolder[folder]!, table)
    }
  }

  /// The language a page is searched in: its own (`lang` in its front matter, or whatever the
  /// site layer gives it), else the site's. With ``folder(forLanguage:)``, the one rule that
  /// splits pages by language: the index, the page's document and the search page's list of
  /// indexes all ask it.
  public static func language(ofPage pageLanguage: String?, site siteLanguage: String) -> String {
    pageLanguage ?? siteLanguage
  }

  /// The folder of a language's index below `search/`: the tag in lowercase, `_` as `-`, other
  /// characters than letters, digits and `-` dropped, `und` when nothing is left. The one place
  /// where pages are split by language.
  public static func folder(forLanguage language: String) -> String {
    let kept = language.lowercased().unicodeScalars.compactMap { scalar -> Character? in
      switch scalar {
      case "a"..."z", "0"..."9", "-": Character(scalar)
      case "_": "-"
      default: nil
      }
    }
    return kept.isEmpty ? "und" : String(kept)
  }

  /// A page length quantised to a small integer: `⌊4·log2(1 + length)⌋` (a step of about 19%),
  /// which BM25 reads back as `2^(norm/4) − 1`.
  public static func norm(ofLength length: Int) -> Int {
    Int((4 * log2(Double(1 + length))).rounded(.down))
  }

  /// Whether `a` comes before `b` in result order: newer first (pages without a date last),
  /// then title and URL in UTF-8 byte order.
  static func ordered(_ a: SearchDocument, _ b: SearchDocument) -> Bool {
    switch (a.date, b.date) {
    case (let x?, let y?) where x != y: return SearchDocument.precedes(y, x)
    case (.some, nil): return true
    case (nil, .some): return false
    default: break
    }
    if a.title != b.title { return SearchDocument.precedes(a.title, b.title) }
    return SearchDocument.precedes(a.url, b.url)
  }

  /// How many groups of terms the merge sorts at once (one per core that is free): terms
  /// grouped by their first byte, so the groups in order are the terms in order.
  package static let partitionCount = 32

  /// The group of terms whose UTF-8 starts with `byte`: digits and below, other ASCII before
  /// `a`, each letter, then the rest of ASCII and two-byte scalars, U+0800–U+3FFF (kana),
  /// U+4000–U+9FFF (ideographs), and the rest.
  package static func partition(ofFirstByte byte: UInt8) -> Int {
    switch byte {
    case 0..<0x3A: 0
    case 0x3A..<0x61: 1
    case 0x61...0x7A: 2 + Int(byte - 0x61)
    case 0x7B..<0xE0: 28
    case 0xE0..<0xE4: 29
    case 0xE4..<0xEA: 30
    default: 31
    }
  }

  private static func language(
    _ folder: String, tag: String?, _ documents: [SearchDocument], _ table: TermTable
  ) -> Language {
    let ordered = documents.sorted(by: SearchIndex.ordered)
    let merged = PostingMerge(ordered, table: table)
    let (terms, postings, frequencies) = (merged.terms, merged.postings, merged.pageCounts)
    let total = ordered.reduce(0) { $0 + $1.length }
    var pageLanguages: [String: [Int]] = [:]
    for (number, page) in ordered.enumerated() where SearchIndex.folder(forLanguage: page.language) != folder
    {
      pageLanguages[page.language, default: []].append(number)
    }
    return Language(
      language: tag ?? ordered.first?.language ?? folder, folder: folder, pages: ordered,
      averageLength: ordered.isEmpty ? 0 : Int((Double(total) / Double(ordered.count)).rounded()),
      terms: terms, postingBytes: postings, documentFrequencies: frequencies,
      norms: ordered.map { UInt8(SearchIndex.norm(ofLength: $0.length)) },
      pageLanguages: pageLanguages, shards: SearchIndex.shards(terms, postings))
  }

  /// A posting but for its page number, read from `bytes` at `cursor`: its weighted frequency
  /// and its positions (stored as gaps).
  static func readPostingSuffix<Bytes: RandomAccessCollection<UInt8>>(
    _ bytes: Bytes, at cursor: inout Bytes.Index
  ) -> (frequency: Int, positions: [Int]) {
    let (frequency, count) = frequencyAndCount(Varint.read(bytes, at: &cursor))
    var positions: [Int] = []
    var last = 0
    for _ in 0..<count {
      last += Varint.read(bytes, at: &cursor)
      positions.append(last)
    }
    return (frequency, positions)
  }

  /// A posting's weighted frequency and position count from the one number that holds both:
  /// `frequency · (positionLimit + 1) + count` (one byte while the frequency is below 15).
  static func frequencyAndCount(_ value: Int) -> (frequency: Int, count: Int) {
    let (frequency, count) = value.quotientAndRemainder(dividingBy: SearchDocument.positionLimit + 1)
    return (frequency, count)
  }

  /// Cuts the terms into shards of about ``shardBytes`` each, where the terms themselves say:
  /// after term *t* when `FNV-1a(t) mod shardBytes` is below *t*'s encoded size (so a shard
  /// ends after about ``shardBytes`` on average), once the shard has ``minimumShardBytes``, and
  /// before a term that would take it past ``maximumShardBytes``. Content-defined, as backup
  /// tools cut files into chunks: an edit that adds or grows a few terms moves only the
  /// boundaries next to them, so `folio serve` rewrites only the shards that hold the edited
  /// page's terms, and names stay the same (a shard is named after its first term).
  private static func shards(_ terms: [String], _ postings: [ArraySlice<UInt8>]) -> [Shard] {
    var shards: [Shard] = []
    var start = 0
    var bytes = 0
    var names: Set<String> = []
    func close(_ end: Int) {
      let first = shards.isEmpty ? "" : terms[start]
      var name = SearchIndex.hexName(of: first)
      if !names.insert(name).inserted {
        name += "-\(shards.count)"
        names.insert(name)
      }
      shards.append(Shard(first: first, name: name, terms: start..<end))
      start = end
      bytes = 0
    }
    for index in terms.indices {
      let (termSize, postingSize) = (terms[index].utf8.count, postings[index].count)
      let size = Varint.count(termSize) + termSize + Varint.count(postingSize) + postingSize
      if bytes > 0, bytes + size > maximumShardBytes { close(index) }
      bytes += size
      if bytes >= minimumShardBytes, Int(fnv1a(terms[index]) % UInt32(shardBytes)) < size,
        index + 1 < terms.count
      {
        close(index + 1)
      }
    }
    if start < terms.count || shards.isEmpty { close(terms.count) }
    return shards
  }

  /// FNV-1a (32 bits) of `text`'s UTF-8.
  package static func fnv1a(_ text: String) -> UInt32 {
    var hash: UInt32 = 2_166_136_261
    for byte in text.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
    return hash
  }

  /// A shard's file name: its first term's ``fnv1a(_:)`` in 8 hexadecimal digits, which the
  /// script computes too (`meta.json` names a shard only when two first terms share a hash).
  static func hexName(of text: String) -> String {
    let digits = String(fnv1a(text), radix: 16)
    return String(repeating: "0", count: 8 - digits.count) + digits
  }
}
