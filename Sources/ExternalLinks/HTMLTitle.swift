import Foundation
import SiteComponents

/// The title a page gives itself, read from the first bytes of its HTML for a link card: its
/// `og:title` (the title it asks to be shown with when shared), else its `<title>`; character
/// references decoded, white space collapsed, at most ``maximumLength`` characters.
///
/// The markup is found in the bytes (tag names and quotes are ASCII in every encoding read
/// here) and only the title's bytes are decoded, in the page's charset: the `charset` of its
/// Content-Type, else a `<meta charset>` (or `http-equiv`) among those bytes, else UTF-8.
/// UTF-8, Shift_JIS (with its names `Windows-31J`, `cp932`, `sjis`), ISO-8859-1 and
/// Windows-1252 are read; any other charset is read as UTF-8, invalid bytes as U+FFFD.
enum HTMLTitle {
  /// The longest title kept, in characters; a longer one ends with `…`.
  static let maximumLength = 200

  /// The title in `html`, or nil when it has none (or an empty one).
  static func find(in html: [UInt8], contentType: String?) -> String? {
    let bytes = (ogTitle(in: html) ?? element("title", in: html)) ?? []
    guard !bytes.isEmpty else { return nil }
    let charset = charsetName(contentType.map { Array($0.utf8) } ?? []) ?? metaCharset(in: html)
    let decoded = HTMLCharacterReferences.decode(decode(bytes, charset: charset))
    let words = decoded.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    guard !words.isEmpty else { return nil }
    return words.count > maximumLength ? String(words.prefix(maximumLength - 1)) + "…" : words
  }

  private static func decode(_ bytes: [UInt8], charset: String?) -> String {
    switch charset?.lowercased() {
    case "shift_jis", "shift-jis", "sjis", "windows-31j", "cp932", "ms932", "x-sjis":
      String(bytes: bytes, encoding: .shiftJIS) ?? String(decoding: bytes, as: UTF8.self)
    case "iso-8859-1", "latin1", "iso8859-1": String(bytes: bytes, encoding: .isoLatin1) ?? ""
    case "windows-1252", "cp1252": String(bytes: bytes, encoding: .windowsCP1252) ?? ""
    default: String(decoding: bytes, as: UTF8.self)
    }
  }

  /// The bytes between `<name…>` and `</name`, ASCII case ignored.
  private static func element(_ name: String, in html: [UInt8]) -> [UInt8]? {
    var from = 0
    while let open = find("<" + name, in: html, from: from) {
      let after = open + name.count + 1
      guard after < html.count else { return nil }
      if html[after] == UInt8(ascii: ">") || isSpace(html[after]) {
        guard let close = html[after...].firstIndex(of: UInt8(ascii: ">")),
          let end = find("</" + name, in: html, from: close + 1)
        else { return nil }
        return Array(html[(close + 1)..<end])
      }
      from = after
    }
    return nil
  }

  /// The `content` of `<meta property="og:title" content="…">` (or `name=`).
  private static func ogTitle(in html: [UInt8]) -> [UInt8]? {
    for tag in metaTags(in: html) {
      let attributes = self.attributes(tag)
      let key = attributes["property"] ?? attributes["name"]
      if let key, String(decoding: key, as: UTF8.self).lowercased() == "og:title" {
        return attributes["content"]
      }
    }
    return nil
  }

  /// The charset a `<meta charset>` or `<meta http-equiv="Content-Type" content="…">` names.
  private static func metaCharset(in html: [UInt8]) -> String? {
    for tag in metaTags(in: html) {
      let attributes = self.attributes(tag)
      if let charset = attributes["charset"] { return String(decoding: charset, as: UTF8.self) }
      if let content = attributes["content"], let charset = charsetName(content) { return charset }
    }
    return nil
  }

  /// The value of `charset=` in a Content-Type.
  private static func charsetName(_ value: [UInt8]) -> String? {
    guard let start = find("charset=", in: value, from: 0) else { return nil }
    let rest = value[(start + 8)...].drop { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "'") }
    let name = rest.prefix { byte in
      !isSpace(byte) && byte != UInt8(ascii: ";") && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "'")
    }
    return name.isEmpty ? nil : String(decoding: name, as: UTF8.self)
  }

  /// The insides of every `<meta …>` tag.
  private static func metaTags(in html: [UInt8]) -> [ArraySlice<UInt8>] {
    var tags: [ArraySlice<UInt8>] = []
    var from = 0
    while let open = find("<meta", in: html, from: from) {
      guard let close = html[(open + 5)...].firstIndex(of: UInt8(ascii: ">")) else { break }
      tags.append(html[(open + 5)..<close])
      from = close + 1
    }
    return tags
  }

  /// A tag's attributes by lower-case name, with their raw values (quoted or not).
  private static func attributes(_ tag: ArraySlice<UInt8>) -> [String: [UInt8]] {
    var result: [String: [UInt8]] = [:]
    var index = tag.startIndex
    func skipSpaces() { while index < tag.endIndex, isSpace(tag[index]) { index += 1 } }
    while index < tag.endIndex {
      skipSpaces()
      let nameStart = index
      while index < tag.endIndex, !isSpace(tag[index]), tag[index] != UInt8(ascii: "="),
        tag[index] != UInt8(ascii: "/")
      {
        index += 1
      }
      let name = String(decoding: tag[nameStart..<index], as: UTF8.self).lowercased()
      skipSpaces()
      guard index < tag.endIndex, tag[index] == UInt8(ascii: "=") else {
        if index == nameStart { index += 1 }
        continue
      }
      index += 1
      skipSpaces()
      var value: ArraySlice<UInt8> = []
      if index < tag.endIndex, tag[index] == UInt8(ascii: "\"") || tag[index] == UInt8(ascii: "'") {
        let quote = tag[index]
        let end = tag[(index + 1)...].firstIndex(of: quote) ?? tag.endIndex
        value = tag[(index + 1)..<end]
        index = min(end + 1, tag.endIndex)
      } else {
        let start = index
        while index < tag.endIndex, !isSpace(tag[index]) { index += 1 }
        value = tag[start..<index]
      }
      if !name.isEmpty, result[name] == nil { result[name] = Array(value) }
    }
    return result
  }

  /// The first place at or after `from` where `needle` (ASCII, lower case) is, case ignored.
  private static func find(_ needle: String, in array: [UInt8], from: Int) -> Int? {
    let pattern = Array(needle.utf8)
    guard pattern.count <= array.count else { return nil }
    var position = max(0, from)
    while position + pattern.count <= array.count {
      var matched = true
      for offset in pattern.indices where lower(array[position + offset]) != pattern[offset] {
        matched = false
        break
      }
      if matched { return position }
      position += 1
    }
    return nil
  }

  private static func lower(_ byte: UInt8) -> UInt8 {
    (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
  }
}
