/// A ``SearchDocument`` in a form that outlives the process that made it, for the build cache:
/// each term by its text instead of its number in this process's ``SearchTermTable``. A cached
/// build makes the document again from it without tokenising the page.
package struct PortableSearchDocument: Sendable, Equatable {
  /// The page's site URL (with the base path).
  package var url: String
  /// The title results show.
  package var title: String
  /// The page's date, if any.
  package var date: String?
  /// The page's language tag.
  package var language: String
  /// How many tokens the page has.
  package var length: Int
  /// How many distinct terms the page has.
  package var termCount: Int
  /// Per term, in the document's order: the term's UTF-8 length and bytes, then its posting's
  /// length and bytes (``TermRecords`` with the term's text for its number).
  package var records: [UInt8]
  /// The page's entry in its file of the index.
  package var pageFile: [UInt8]

  /// A document's portable form.
  package init(
    url: String, title: String, date: String?, language: String, length: Int, termCount: Int,
    records: [UInt8],
    pageFile: [UInt8]
  ) {
    self.url = url
    self.title = title
    self.date = date
    self.language = language
    self.length = length
    self.termCount = termCount
    self.records = records
    self.pageFile = pageFile
  }

  /// The portable form of `document`.
  package init(_ document: SearchDocument) {
    let table = SearchTermTable.shared.snapshot()
    var records: [UInt8] = []
    records.reserveCapacity(document.termRecords.count * 3)
    TermRecords.forEach(in: document.termRecords, count: document.termCount) { number, suffix in
      let term = table.term(number)
      Varint.append(term.count, to: &records)
      records += term
      Varint.append(suffix.count, to: &records)
      records += suffix
    }
    self.init(
      url: document.url, title: document.title, date: document.date, language: document.language,
      length: document.length, termCount: document.termCount, records: records, pageFile: document.pageFile)
  }

  /// The document again, its terms numbered in this process's table; nil when ``records``
  /// does not hold ``termCount`` well-formed records (a damaged cache entry).
  package var document: SearchDocument? {
    var terms = TermTable(capacity: termCount)
    var postings: [ArraySlice<UInt8>] = []
    postings.reserveCapacity(termCount)
    var cursor = 0
    func readRun() -> ArraySlice<UInt8>? {
      guard cursor < records.count, let length = Varint.readChecked(records, at: &cursor),
        length <= records.count - cursor
      else { return nil }
      defer { cursor += length }
      return records[cursor..<cursor + length]
    }
    for _ in 0..<termCount {
      guard let term = readRun(), !term.isEmpty, let posting = readRun(),
        PortableSearchDocument.isPosting(Array(posting))
      else { return nil }
      let added = term.withUnsafeBufferPointer { term in terms.intern(term, hash: TermTable.hash(term)) }
      guard added.isNew else { return nil }
      postings.append(posting)
    }
    guard cursor == records.count else { return nil }
    var numbers: [Int32] = []
    var scratch: [UInt64] = []
    SearchTermTable.shared.intern(terms, into: &numbers, scratch: &scratch)
    var termRecords: [UInt8] = []
    termRecords.reserveCapacity(records.count)
    for (number, posting) in zip(numbers, postings) {
      Varint.append(Int(number), to: &termRecords)
      Varint.append(posting.count, to: &termRecords)
      termRecords += posting
    }
    return SearchDocument(
      url: url, title: title, date: date, language: language, length: length, termCount: termCount,
      termRecords: termRecords, pageFile: pageFile)
  }

  /// Whether `posting` is one the merge can read: a frequency and count, then at most
  /// ``SearchDocument/positionLimit`` positions, and nothing after them.
  private static func isPosting(_ posting: [UInt8]) -> Bool {
    guard posting.count < 128 else { return false }
    var cursor = 0
    guard let frequencyAndCount = Varint.readChecked(posting, at: &cursor) else { return false }
    let count = frequencyAndCount % (SearchDocument.positionLimit + 1)
    for _ in 0..<count {
      guard Varint.readChecked(posting, at: &cursor) != nil else { return false }
    }
    return cursor == posting.count
  }
}
