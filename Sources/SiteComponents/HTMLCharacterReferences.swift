/// HTML character references, decoded where Folio reads HTML it did not write: browsers'
/// bookmark exports, ids in pages' HTML for the anchor check, and the titles `folio check
/// --external` reads for link cards.
package enum HTMLCharacterReferences {
  /// `text` with the character references browsers write decoded: `&amp;`, `&lt;`, `&gt;`,
  /// `&quot;`, `&apos;`, `&nbsp;`, `&Tab;`, `&NewLine;`, `&colon;` and numeric ones (`&#39;`, `&#x2019;`); others stay as written.
  package static func decode(_ text: String) -> String {
    // `&` and the name or number with its `;`: `&#x10FFFF;` and `&NewLine;` fit.
    let longestReference = 12
    guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
    var result = ""
    var rest = Substring(text)
    while let ampersand = rest.firstIndex(of: "&") {
      result += rest[..<ampersand]
      rest = rest[ampersand...]
      guard let semicolon = rest.prefix(longestReference).firstIndex(of: ";") else {
        result += "&"
        rest = rest.dropFirst()
        continue
      }
      let name = rest[rest.index(after: rest.startIndex)..<semicolon]
      if let decoded = reference(name) {
        result += decoded
        rest = rest[rest.index(after: semicolon)...]
      } else {
        result += "&"
        rest = rest.dropFirst()
      }
    }
    return result + rest
  }

  private static func reference(_ name: Substring) -> String? {
    switch name {
    case "amp": return "&"
    case "lt": return "<"
    case "gt": return ">"
    case "quot": return "\""
    case "apos": return "'"
    case "nbsp": return "\u{A0}"
    // Browsers decode these too, and each can hide a scheme (`java&Tab;script&colon;`).
    case "Tab": return "\t"
    case "NewLine": return "\n"
    case "colon": return ":"
    default:
      guard name.first == "#" else { return nil }
      let digits = name.dropFirst()
      let value =
        digits.first == "x" || digits.first == "X"
        ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
      return value.flatMap(Unicode.Scalar.init).map { String(Character($0)) }
    }
  }
}
