/// Chromium's PDF made the same for the same page: the clock it writes replaced, in place and
/// with the same number of bytes, so that the cross-reference offsets stay right.
///
/// Chromium 156 (Skia's PDF back end) writes the time of printing as `/CreationDate` and
/// `/ModDate` in the document information, in the child's zone (UTC: ``PDFPrinter`` sets `TZ`),
/// and no `/ID` and no XMP packet unless asked for PDF/A. A `/ID` is still replaced, should a
/// later version write one, by a digest of the rest of the file.
///
/// It also names each element of the tagged PDF's structure tree after its DOM node
/// (`/ID (node00000278)`), whose number counts every node the browser made before the page's:
/// two of six prints of the sample site's book made one node more and had every name one
/// higher. The names are renumbered by rank (``renumberingStructureNames(_:)``).
enum PDFStamp {
  /// `pdf` with its dates set to `date`, its structure names renumbered and its identifier (if
  /// any) made from its other bytes.
  static func stamped(_ pdf: [UInt8], date: PDFDate) -> [UInt8] {
    var bytes = renumberingStructureNames(pdf)
    let digits = Array(date.digits.utf8)
    for key in ["/CreationDate (D:", "/ModDate (D:"] {
      for start in occurrences(of: Array(key.utf8), in: bytes) {
        let from = start + key.utf8.count
        guard from + 14 <= bytes.count, bytes[from..<from + 14].allSatisfy(isDigit) else { continue }
        bytes.replaceSubrange(from..<from + 14, with: digits)
      }
    }
    let identifiers = identifierDigits(in: bytes)
    guard !identifiers.isEmpty else { return bytes }
    // The digest is taken with the identifier's digits zeroed, so it does not depend on them.
    for range in identifiers {
      bytes.replaceSubrange(range, with: repeatElement(UInt8(ascii: "0"), count: range.count))
    }
    var seed = digest(bytes, seed: 0xcbf2_9ce4_8422_2325)
    for range in identifiers {
      var hex: [UInt8] = []
      while hex.count < range.count {
        seed = digest(bytes, seed: seed)
        hex += Array(String(seed, radix: 16, uppercase: true).utf8).paddedTo(16)
      }
      bytes.replaceSubrange(range, with: hex.prefix(range.count))
    }
    return bytes
  }

  /// `pdf` with each structure element name `(nodeNNN)` numbered by its rank among the names,
  /// in their order, with as many digits: the same elements get the same names whatever
  /// number the browser started from, and the name tree's keys keep their order. The `k`-th
  /// smallest of distinct numbers is at least `k`, so the rank always fits its digits, and
  /// every offset in the file stays right.
  static func renumberingStructureNames(_ pdf: [UInt8]) -> [UInt8] {
    let prefix = Array("(node".utf8)
    var names: [(digits: Range<Int>, number: Int)] = []
    for start in occurrences(of: prefix, in: pdf) {
      let from = start + prefix.count
      var end = from
      while end < pdf.count, end - from < 18, isDigit(pdf[end]) { end += 1 }
      guard end > from, end < pdf.count, pdf[end] == UInt8(ascii: ")") else { continue }
      let number = pdf[from..<end].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
      names.append((from..<end, number))
    }
    guard !names.isEmpty else { return pdf }
    var rank: [Int: Int] = [:]
    for (position, number) in Set(names.map(\.number)).sorted().enumerated() { rank[number] = position + 1 }
    var bytes = pdf
    for (digits, number) in names {
      let renumbered = Array(String(rank[number]!).utf8).paddedTo(digits.count)
      bytes.replaceSubrange(digits, with: renumbered)
    }
    return bytes
  }

  /// The ranges of the hex digits in the trailer's `/ID [<…> <…>]`.
  static func identifierDigits(in bytes: [UInt8]) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    for start in occurrences(of: Array("/ID".utf8), in: bytes) {
      var index = start + 3
      while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
      guard index < bytes.count, bytes[index] == UInt8(ascii: "[") else { continue }
      index += 1
      while index < bytes.count, bytes[index] != UInt8(ascii: "]") {
        if bytes[index] == UInt8(ascii: "<") {
          let from = index + 1
          var end = from
          while end < bytes.count, isHexDigit(bytes[end]) { end += 1 }
          guard end < bytes.count, bytes[end] == UInt8(ascii: ">") else { break }
          ranges.append(from..<end)
          index = end
        }
        index += 1
      }
    }
    return ranges
  }

  /// FNV-1a (64 bits) of `bytes` from `seed`: only for bytes that change with the content, not a
  /// security measure.
  private static func digest(_ bytes: [UInt8], seed: UInt64) -> UInt64 {
    var hash = seed
    for byte in bytes {
      hash ^= UInt64(byte)
      hash &*= 0x100_0000_01b3
    }
    return hash
  }

  private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

  private static func isHexDigit(_ byte: UInt8) -> Bool {
    isDigit(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
  }

  /// Where `needle` starts in `haystack`, without overlaps.
  static func occurrences(of needle: [UInt8], in haystack: [UInt8]) -> [Int] {
    guard !needle.isEmpty, haystack.count >= needle.count else { return [] }
    var found: [Int] = []
    var index = 0
    let last = haystack.count - needle.count
    while index <= last {
      if haystack[index] == needle[0], haystack[index..<index + needle.count].elementsEqual(needle) {
        found.append(index)
        index += needle.count
      } else {
        index += 1
      }
    }
    return found
  }
}

extension Array where Element == UInt8 {
  /// Hex digits with leading zeros up to `width`.
  fileprivate func paddedTo(_ width: Int) -> [UInt8] {
    Array(repeating: UInt8(ascii: "0"), count: Swift.max(0, width - count)) + self
  }
}
