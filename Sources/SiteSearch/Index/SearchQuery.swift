import Foundation

/// A query as the theme's script runs it (docs/CONTRACTS.md, "Search queries"), over an index
/// in memory: the reference the script is tested against, and what the benchmark uses to say
/// which files a query fetches.
public struct SearchQuery: Sendable {
  /// One term the pages must have.
  public struct Term: Hashable, Sendable {
    /// The normalised term, or the prefix of the terms it stands for.
    public var term: String
    /// Its position in the query's token stream.
    public var position: Int
    /// Whether it stands for every term it begins (the last word typed; a lone CJK character).
    public var isPrefix: Bool
    /// Whether it must come right after the previous term (bigrams of one CJK run).
    public var followsPrevious: Bool
  }

  /// One page found.
  public struct Result: Hashable, Sendable {
    /// The page's number in the index.
    public var page: Int
    /// Its BM25 score, rounded to millionths.
    public var score: Double
    /// Whether the query's terms stand on it in the query's order, side by side.
    public var isPhrase: Bool
  }

  /// BM25's term-frequency saturation.
  public static let k1 = 1.2
  /// BM25's length normalisation.
  public static let b = 0.75
  /// The most shards the prefix of the last word may fetch.
  public static let prefixShardLimit = 8

  /// The query's terms.
  public let terms: [Term]

  /// The terms of `text`: its tokens, without the last character of each CJK run of two or
  /// more (the bigrams already hold it); the last token a prefix when it is a word of two or
  /// more characters or a CJK character alone.
  public init(_ text: String) {
    let tokens = SearchTokenizer.tokens(in: text)
    var terms: [Term] = []
    for (index, token) in tokens.enumerated() {
      let previous = index > 0 ? tokens[index - 1] : nil
      let afterBigram = previous?.kind == .bigram && previous?.position == token.position - 1
      if token.kind == .single, afterBigram { continue }
      terms.append(
        Term(
          term: token.term, position: token.position, isPrefix: false,
          followsPrevious: token.kind == .bigram && afterBigram))
    }
    if let last = terms.last {
      let kind = tokens.last { $0.position == last.position }?.kind
      terms[terms.count - 1].isPrefix =
        (kind == .word && last.term.unicodeScalars.count >= 2) || kind == .single
    }
    self.terms = terms
  }

  /// The shards of `index` the query reads, by number, in order.
  public func shards(in index: SearchIndex.Language) -> [Int] {
    var numbers: Set<Int> = []
    for term in terms {
      let first = index.shard(holding: term.term)
      numbers.insert(first)
      guard term.isPrefix else { continue }
      var next = first + 1
      while next < index.shards.count, next - first < SearchQuery.prefixShardLimit,
        index.shards[next].first.hasPrefix(term.term)
      {
        numbers.insert(next)
        next += 1
      }
    }
    return numbers.sorted()
  }

  /// The pages that have every term: those in the index's language first, then phrases first,
  /// then by score, then in index order.
  public func results(in index: SearchIndex.Language) -> [Result] {
    guard !terms.isEmpty else { return [] }
    let readable = Set(shards(in: index).flatMap { index.shards[$0].terms })
    // Per term: page → (score, positions) (for a prefix, the best of the terms it begins).
    var matches: [[Int: (score: Double, positions: [Int])]] = []
    for term in terms {
      var found: [Int: (score: Double, positions: [Int])] = [:]
      var cursor =
        term.isPrefix ? index.lowerBound(term.term) : (index.termIndex(term.term) ?? index.terms.count)
      while cursor < index.terms.count, readable.contains(cursor) {
        let candidate = index.terms[cursor]
        guard term.isPrefix ? candidate.hasPrefix(term.term) : candidate == term.term else { break }
        let postings = index.postings(at: cursor)
        let idf = SearchQuery.idf(pages: index.pages.count, frequency: postings.count)
        for posting in postings {
          let score = idf * SearchQuery.saturation(posting, averageLength: index.averageLength)
          if let known = found[posting.page] {
            found[posting.page] = (max(known.score, score), known.positions + posting.positions)
          } else {
            found[posting.page] = (score, posting.positions)
          }
        }
        if !term.isPrefix { break }
        cursor += 1
      }
      matches.append(found)
    }
    var results: [Result] = []
    for (page, first) in matches[0] {
      var entries = [first]
      for other in matches.dropFirst() {
        guard let entry = other[page] else { break }
        entries.append(entry)
      }
      guard entries.count == terms.count, runsHold(entries) else { continue }
      let score = (entries.reduce(0) { $0 + $1.score } * 1_000_000).rounded() / 1_000_000
      results.append(Result(page: page, score: score, isPhrase: isPhrase(entries)))
    }
    // Pages in the index's language before those in others (a one-language site's index holds
    // both): the reader searched the site in its language.
    var otherLanguage = Set<Int>()
    for pages in index.pageLanguages.values { otherLanguage.formUnion(pages) }
    return results.sorted { a, b in
      let (aOther, bOther) = (otherLanguage.contains(a.page), otherLanguage.contains(b.page))
      if aOther != bOther { return bOther }
      if a.isPhrase != b.isPhrase { return a.isPhrase }
      if a.score != b.score { return a.score > b.score }
      return a.page < b.page
    }
  }

  /// `ln(1 + (N − df + 0.5) / (df + 0.5))`.
  static func idf(pages: Int, frequency: Int) -> Double {
    log(1 + (Double(pages - frequency) + 0.5) / (Double(frequency) + 0.5))
  }

  /// BM25's term part, the weighted frequency normalised by the page's length.
  static func saturation(_ posting: SearchIndex.Posting, averageLength: Int) -> Double {
    let length = pow(2, Double(posting.norm) / 4) - 1
    let normalised =
      Double(posting.weightedFrequency) / (1 - b + b * length / Double(max(1, averageLength)))
    return normalised * (k1 + 1) / (normalised + k1)
  }

  /// Whether the bigrams of each CJK run of the query stand side by side on the page, as far as
  /// the positions tell (a term without positions does not rule a page out).
  private func runsHold(_ entries: [(score: Double, positions: [Int])]) -> Bool {
    var start = 0
    while start < terms.count {
      var end = start + 1
      while end < terms.count, terms[end].followsPrevious { end += 1 }
      if end - start > 1, !standTogether(entries, start..<end) { return false }
      start = end
    }
    return true
  }

  /// Whether every query term is on the page at its query offset from the first (and all have
  /// positions).
  private func isPhrase(_ entries: [(score: Double, positions: [Int])]) -> Bool {
    terms.count > 1 && entries.allSatisfy { !$0.positions.isEmpty } && standTogether(entries, terms.indices)
  }

  private func standTogether(_ entries: [(score: Double, positions: [Int])], _ range: Range<Int>) -> Bool {
    let known = range.filter { !entries[$0].positions.isEmpty }
    guard let anchor = known.first, known.count > 1 else { return true }
    let sets = known.map { Set(entries[$0].positions) }
    return entries[anchor].positions.contains { start in
      zip(known, sets).allSatisfy { term, positions in
        positions.contains(start + terms[term].position - terms[anchor].position)
      }
    }
  }
}
