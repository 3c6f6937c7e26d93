/// The terms of a binary shard file (docs/CONTRACTS.md, "Search index"), read as the script
/// reads them: a term count, then per term its UTF-8 length and bytes, its postings' length and
/// bytes, every number a varint.
func shardTerms(_ bytes: [UInt8]) -> [String] {
  var cursor = 0
  func varint() -> Int {
    var (value, shift) = (0, 0)
    while cursor < bytes.count {
      let byte = bytes[cursor]
      cursor += 1
      value |= Int(byte & 0x7F) << shift
      if byte < 0x80 { break }
      shift += 7
    }
    return value
  }
  var terms: [String] = []
  for _ in 0..<varint() {
    let length = varint()
    terms.append(String(decoding: bytes[cursor..<min(cursor + length, bytes.count)], as: UTF8.self))
    cursor += length
    cursor += varint()
  }
  return terms
}
