/// A published page as the search index holds it: what results show (URL, title, date, the
/// text snippets are cut from) and each term's weighted frequency and positions.
///
/// Made from ``SearchText`` while the page is rendered (on every core), so the index step only
/// merges.
public struct SearchDocument: Hashable, Sendable {
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
  public static let excerptLimit = 16 * 1024

  /// The page's site URL (with the base path).
  public var url: String
  /// The title results show.
  public var title: String
  /// The page's date (`YYYY-MM-DD` or RFC 3339), if any: newer pages win ties.
  public var date: String?
  /// The page's language tag.
  public var language: String
  /// Headings and body text, one block a line, cut at ``excerptLimit`` bytes.
  public var excerpt: String
  /// The page's terms in UTF-8 byte order.
  public var terms: [Term]
  /// How many tokens the page has (title, headings and body): BM25's document length.
  public var length: Int

  /// Tokenises `text` for the page at `url`.
  public init(url: String, title: String, date: String?, language: String, text: SearchText) {
    self.url = url
    self.title = title
    self.date = date
    self.language = language
    var tokens: [SearchToken] = []
    tokens.reserveCapacity(256)
    var weights: [Int] = []
    // A gap of one position between fields and blocks, so that no phrase spans two.
    var next = SearchTokenizer.appendTokens(of: text.title, from: 0, to: &tokens) + 1
    weights += repeatElement(SearchDocument.titleWeight, count: tokens.count)
    var excerpt = ""
    for block in text.blocks {
      next = SearchTokenizer.appendTokens(of: block.text, from: next, to: &tokens) + 1
      weights += repeatElement(block.isHeading ? SearchDocument.headingWeight : 1, count: tokens.count - weights.count)
      if excerpt.utf8.count < SearchDocument.excerptLimit {
        if !excerpt.isEmpty { excerpt += "\n" }
        excerpt += block.text
      }
    }
    self.excerpt = SearchDocument.cut(excerpt, toBytes: SearchDocument.excerptLimit)
    length = tokens.count
    // One slot per distinct term: a dictionary lookup per token, then plain array writes.
    var slots: [String: Int] = [:]
    slots.reserveCapacity(tokens.count / 2)
    var entries: [(term: String, weighted: Int, count: Int, positions: [Int])] = []
    for (token, weight) in zip(tokens, weights) {
      let slot: Int
      if let known = slots[token.term] {
        slot = known
      } else {
        slot = entries.count
        slots[token.term] = slot
        entries.append((token.term, 0, 0, []))
      }
      entries[slot].weighted += weight
      entries[slot].count += 1
      if entries[slot].count <= SearchDocument.positionLimit { entries[slot].positions.append(token.position) }
    }
    terms = entries.map { entry in
      Term(
        term: entry.term, weightedFrequency: entry.weighted,
        positions: entry.count <= SearchDocument.positionLimit ? entry.positions : [])
    }.sorted { SearchDocument.precedes($0.term, $1.term) }
  }

  /// Whether `a` sorts before `b` by UTF-8 bytes (code point order: the index's and the
  /// script's order of terms).
  public static func precedes(_ a: String, _ b: String) -> Bool {
    a.utf8.lexicographicallyPrecedes(b.utf8)
  }

  /// `text` cut to at most `limit` UTF-8 bytes, at a character boundary.
  static func cut(_ text: String, toBytes limit: Int) -> String {
    guard text.utf8.count > limit else { return text }
    let bytes = Array(text.utf8)
    var end = limit
    while end > 0, bytes[end] & 0xC0 == 0x80 { end -= 1 }
    return String(decoding: bytes[..<end], as: UTF8.self)
  }
}
