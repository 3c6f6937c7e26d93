/// A published page as the search index holds it: what results show (URL, title, date, the
/// text snippets are cut from) and each term's weighted frequency and positions.
///
/// Made from ``SearchText`` while the page is parsed (on every core), with its postings and
/// its page file already encoded, so the index step only merges. A class, so that the sort by
/// result order and the merge move one reference. Every page of the site is held until the
/// index step (and by `folio serve` between builds), so a page keeps two arrays of exactly
/// their size: its terms' records and its page file (about 3 KiB for a page of 1.2 KiB of
/// Markdown, where a dozen arrays with their reserved capacity took 11 KiB).
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
  /// How many tokens the page has (title, headings and body): BM25's document length.
  public let length: Int
  /// How many distinct terms the page has.
  package let termCount: Int
  /// Per term, in the order the page first has them (``TermRecords``): its number in
  /// ``SearchTermTable`` and its posting on this page but for the page number.
  package let termRecords: [UInt8]
  /// The page's entry in its file of the index (``SearchIndex/pageFile(url:title:date:excerpt:)``):
  /// URL, title, date and the text snippets are cut from (headings and body, one block a line,
  /// cut at ``excerptLimit`` bytes), made on the page's core.
  package let pageFile: [UInt8]

  /// Tokenises `text` for the page at `url`.
  public init(url: String, title: String, date: String?, language: String, text: SearchText) {
    self.url = url
    self.title = title
    self.date = date
    self.language = language
    // The tables and buffers a page is tokenised in are reused from page to page (one set per
    // core at a time): only what the page keeps is allocated for it.
    let made = DocumentScratch.withScratch { scratch in
      (scratch.tokenise(text), scratch.pageFile(url: url, title: title, date: date, text: text))
    }
    (length, termCount, termRecords) = made.0
    pageFile = made.1
  }

  /// A document from its parts, as ``init(portable:)`` rebuilds one.
  init(
    url: String, title: String, date: String?, language: String, length: Int, termCount: Int,
    termRecords: [UInt8], pageFile: [UInt8]
  ) {
    self.url = url
    self.title = title
    self.date = date
    self.language = language
    self.length = length
    self.termCount = termCount
    self.termRecords = termRecords
    self.pageFile = pageFile
  }

  /// The page's terms in UTF-8 byte order.
  public var terms: [Term] {
    var terms: [Term] = []
    let table = SearchTermTable.shared.snapshot()
    TermRecords.forEach(in: termRecords, count: termCount) { number, suffix in
      var cursor = suffix.startIndex
      let (frequency, positions) = SearchIndex.readPostingSuffix(suffix, at: &cursor)
      terms.append(
        Term(
          term: String(decoding: table.term(number), as: UTF8.self), weightedFrequency: frequency,
          positions: positions))
    }
    return terms.sorted { SearchDocument.precedes($0.term, $1.term) }
  }

  /// Whether `a` sorts before `b` by UTF-8 bytes (code point order: the index's and the
  /// script's order of terms).
  public static func precedes(_ a: String, _ b: String) -> Bool {
    // Through the strings' own UTF-8 buffers: the generic comparison of two UTF-8 views
    // cost a few dozen instructions a byte, and the index's sort of the pages asks it often.
    var (a, b) = (a, b)
    return a.withUTF8 { x in
      b.withUTF8 { y in
        let shared = min(x.count, y.count)
        var index = 0
        while index < shared {
          if x[index] != y[index] { return x[index] < y[index] }
          index += 1
        }
        return x.count < y.count
      }
    }
  }
}
