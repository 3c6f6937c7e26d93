import Foundation

/// The site's search index: one per language, each an inverted index of its pages' terms cut
/// into shards by term, written as the files docs/CONTRACTS.md ("Search index") describes.
///
/// Deterministic: pages are numbered in result order (newest first, then title, then URL),
/// terms sorted by UTF-8 bytes, shards cut at the same terms for the same pages.
public struct SearchIndex: Sendable {
  /// About how many bytes of postings a shard holds before the next term starts a new one (one
  /// term larger than this has a shard of its own).
  public static let shardBytes = 24 * 1024

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
    /// Each term's postings, by page number.
    public var postings: [[Posting]]
    /// The shards, in term order.
    public var shards: [Shard]

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
  public init(documents: [SearchDocument], languages: [String] = []) {
    var byFolder: [String: [SearchDocument]] = [:]
    var tags: [String: String] = [:]
    for language in languages {
      byFolder[SearchIndex.folder(forLanguage: language), default: []] += []
      tags[SearchIndex.folder(forLanguage: language)] = language
    }
    for document in documents {
      byFolder[SearchIndex.folder(forLanguage: document.language), default: []].append(document)
    }
    self.languages = byFolder.keys.sorted().map { folder in
      SearchIndex.language(folder, tag: tags[folder], byFolder[folder]!)
    }
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

  private static func language(_ folder: String, tag: String?, _ documents: [SearchDocument]) -> Language {
    let ordered = documents.sorted(by: SearchIndex.ordered)
    var slots: [String: Int] = [:]
    var postings: [[Posting]] = []
    var terms: [String] = []
    var total = 0
    for (page, document) in ordered.enumerated() {
      total += document.length
      let norm = SearchIndex.norm(ofLength: document.length)
      for term in document.terms {
        let posting = Posting(
          page: page, weightedFrequency: term.weightedFrequency, norm: norm, positions: term.positions)
        if let slot = slots[term.term] {
          postings[slot].append(posting)
        } else {
          slots[term.term] = postings.count
          terms.append(term.term)
          postings.append([posting])
        }
      }
    }
    let order = terms.indices.sorted { SearchDocument.precedes(terms[$0], terms[$1]) }
    let sortedTerms = order.map { terms[$0] }
    let sortedPostings = order.map { postings[$0] }
    var pages = ordered
    for index in pages.indices { pages[index].terms = [] }
    return Language(
      language: tag ?? ordered.first?.language ?? folder, folder: folder, pages: pages,
      averageLength: ordered.isEmpty ? 0 : Int((Double(total) / Double(ordered.count)).rounded()),
      terms: sortedTerms, postings: sortedPostings,
      shards: SearchIndex.shards(sortedTerms, sortedPostings))
  }

  /// Cuts the terms into shards of about ``shardBytes`` of encoded postings each.
  private static func shards(_ terms: [String], _ postings: [[Posting]]) -> [Shard] {
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
      let size = terms[index].utf8.count + postings[index].reduce(8) { $0 + 8 + 3 * $1.positions.count }
      if bytes > 0, bytes + size > shardBytes { close(index) }
      bytes += size
    }
    if start < terms.count || shards.isEmpty { close(terms.count) }
    return shards
  }

  /// FNV-1a (64 bits) of `text`'s UTF-8, as 16 hexadecimal digits: a shard's file name that
  /// stays the same while its first term does.
  static func hexName(of text: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    let digits = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
