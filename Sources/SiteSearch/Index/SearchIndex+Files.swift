import Dispatch
import Synchronization

/// The index as files (docs/CONTRACTS.md, "Search index"), by path below the site's `search/`.
extension SearchIndex {
  /// The format's version, written into every `meta.json`; the script refuses others.
  public static let formatVersion = 2
  /// How many pages one file of `p/` holds: page *n* is entry *n* mod 4 of `p/<n / 4>.json`.
  /// A quarter of the files to write (10,000 small files were a fifth of the index's cost),
  /// for about three more pages' bytes a result fetched (a query's ten results are spread
  /// over the page order, so they seldom share a file).
  public static let pagesPerFile = 4

  /// Every file of every language: `<folder>/meta.json`, `<folder>/norms.bin`,
  /// `<folder>/t/<shard>.bin` and `<folder>/p/<page / pagesPerFile>.json`.
  public func files() -> [String: [UInt8]] {
    var files: [String: [UInt8]] = [:]
    for language in languages {
      let folder = language.folder + "/"
      files[folder + "meta.json"] = language.meta()
      files[folder + "norms.bin"] = language.norms
      // Shards are encoded on every core: a large site has hundreds.
      let encoded = Mutex<[Int: [UInt8]]>([:])
      DispatchQueue.concurrentPerform(iterations: language.shards.count) { number in
        let bytes = language.shardFile(number)
        encoded.withLock { $0[number] = bytes }
      }
      encoded.withLock { shards in
        for (number, shard) in language.shards.enumerated() {
          files[folder + "t/" + shard.name + ".bin"] = shards[number]
        }
      }
      for start in stride(from: 0, to: language.pages.count, by: SearchIndex.pagesPerFile) {
        let group = language.pages[start..<min(start + SearchIndex.pagesPerFile, language.pages.count)]
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        bytes.reserveCapacity(group.reduce(3) { $0 + $1.pageFile.count + 1 })
        for (offset, page) in group.enumerated() {
          if offset > 0 { bytes.append(UInt8(ascii: ",")) }
          bytes += page.pageFile
        }
        bytes += [UInt8(ascii: "]"), UInt8(ascii: "\n")]
        files[folder + "p/\(start / SearchIndex.pagesPerFile).json"] = bytes
      }
    }
    return files
  }

  /// Writes a page's entry in its file of `p/` into `json`: what a result shows and the text
  /// its snippet is cut from.
  static func writePageFile(
    url: String, title: String, date: String?, excerpt: UnsafeBufferPointer<UInt8>, into json: inout JSONBytes
  ) {
    json.raw("{\"url\":")
    json.string(url)
    json.raw(",\"title\":")
    json.string(title)
    if let date {
      json.raw(",\"date\":")
      json.string(String(date.prefix(10)))
    }
    json.raw(",\"text\":")
    json.string(utf8: excerpt)
    json.raw("}")
  }
}

extension SearchIndex.Language {
  /// `meta.json`: the format, the numbers BM25 needs, the shards' first terms, and the names
  /// of the shards whose first terms share a hash with an earlier one's.
  func meta() -> [UInt8] {
    var json = JSONBytes(reservingCapacity: shards.count * 32 + 256)
    json.raw("{\"format\":\"folio-search\",\"version\":")
    json.int(SearchIndex.formatVersion)
    json.raw(",\"language\":")
    json.string(language)
    json.raw(",\"pages\":")
    json.int(pages.count)
    json.raw(",\"averageLength\":")
    json.int(averageLength)
    json.raw(",\"titleWeight\":")
    json.int(SearchDocument.titleWeight)
    json.raw(",\"headingWeight\":")
    json.int(SearchDocument.headingWeight)
    json.raw(",\"positionLimit\":")
    json.int(SearchDocument.positionLimit)
    json.raw(",\"pagesPerFile\":")
    json.int(SearchIndex.pagesPerFile)
    json.raw(",\"shards\":[")
    for (index, shard) in shards.enumerated() {
      if index > 0 { json.comma() }
      json.string(shard.first)
    }
    json.raw("]")
    // Only when some page is in another language: the index of a site whose pages all share
    // its language keeps its bytes.
    if !pageLanguages.isEmpty {
      json.raw(",\"pageLanguages\":{")
      for (index, tag) in pageLanguages.keys.sorted(by: SearchDocument.precedes).enumerated() {
        if index > 0 { json.comma() }
        json.string(tag)
        json.raw(":[")
        for (position, page) in (pageLanguages[tag] ?? []).enumerated() {
          if position > 0 { json.comma() }
          json.int(page)
        }
        json.raw("]")
      }
      json.raw("}")
    }
    json.raw(",\"names\":{")
    var named = 0
    for (index, shard) in shards.enumerated() where shard.name != SearchIndex.hexName(of: shard.first) {
      if named > 0 { json.comma() }
      json.string(String(index))
      json.raw(":")
      json.string(shard.name)
      named += 1
    }
    json.raw("}}\n")
    return json.bytes
  }

  /// A shard's file, binary (every number a ``Varint``): the term count, then per term its UTF-8
  /// length, its UTF-8, its postings' length and its postings (page delta, weighted frequency
  /// and position count as one number, first position, position deltas…, per page).
  func shardFile(_ number: Int) -> [UInt8] {
    let range = shards[number].terms
    var bytes: [UInt8] = []
    bytes.reserveCapacity(range.reduce(8) { $0 + terms[$1].utf8.count + postingBytes[$1].count + 8 })
    Varint.append(range.count, to: &bytes)
    for index in range {
      Varint.append(terms[index].utf8.count, to: &bytes)
      bytes += terms[index].utf8
      Varint.append(postingBytes[index].count, to: &bytes)
      bytes += postingBytes[index]
    }
    return bytes
  }
}
