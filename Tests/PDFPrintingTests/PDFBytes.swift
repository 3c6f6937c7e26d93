import Foundation

/// Searches in a PDF's raw bytes (Chromium's Skia writes its dictionaries uncompressed).
enum PDFBytes {
  /// How many times `text` occurs in `pdf`.
  static func occurrences(of text: String, in pdf: [UInt8]) -> Int {
    let needle = Array(text.utf8)
    guard pdf.count >= needle.count else { return 0 }
    return (0...(pdf.count - needle.count)).count {
      pdf[$0] == needle[0] && pdf[$0..<$0 + needle.count].elementsEqual(needle)
    }
  }

  /// The text strings that follow `key` (literal `(…)` or hex `<…>`), decoded: UTF-16BE with a
  /// byte-order mark, or Latin-1.
  static func textStrings(after key: String, in pdf: [UInt8]) -> [String] {
    let needle = Array(key.utf8)
    var strings: [String] = []
    var index = 0
    while index + needle.count < pdf.count {
      guard pdf[index..<index + needle.count].elementsEqual(needle) else {
        index += 1
        continue
      }
      index += needle.count
      var bytes: [UInt8] = []
      if pdf[index] == UInt8(ascii: "<") {
        var digits: [UInt8] = []
        index += 1
        while index < pdf.count, pdf[index] != UInt8(ascii: ">") {
          digits.append(pdf[index])
          index += 1
        }
        var pair = digits.makeIterator()
        while let high = pair.next(), let low = pair.next() {
          bytes.append(UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16) ?? 0)
        }
      } else if pdf[index] == UInt8(ascii: "(") {
        index += 1
        while index < pdf.count, pdf[index] != UInt8(ascii: ")") {
          if pdf[index] == UInt8(ascii: "\\"), index + 1 < pdf.count {
            index += 1
            if (0x30...0x37).contains(pdf[index]) {
              var value = 0
              var length = 0
              while length < 3, index < pdf.count, (0x30...0x37).contains(pdf[index]) {
                value = value * 8 + Int(pdf[index] - 0x30)
                index += 1
                length += 1
              }
              bytes.append(UInt8(truncatingIfNeeded: value))
              continue
            }
          }
          bytes.append(pdf[index])
          index += 1
        }
      }
      if bytes.starts(with: [0xFE, 0xFF]) {
        let units = stride(from: 2, to: bytes.count - 1, by: 2).map {
          UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1])
        }
        strings.append(String(decoding: units, as: UTF16.self))
      } else {
        strings.append(String(bytes.map { Character(Unicode.Scalar($0)) }))
      }
    }
    return strings
  }
}
