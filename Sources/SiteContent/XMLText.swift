import Diagnostics

/// Escapes text for XML feeds and sitemaps (`&`, `<`, `>`, `"`, `'`) and leaves out the
/// characters XML 1.0 forbids anywhere (C0 controls other than tab, newline and carriage
/// return, U+FFFE and U+FFFF): one of them makes the whole feed ill-formed, and feed readers
/// then show nothing.
package enum XMLText {
  /// `text` escaped for XML, without the characters XML 1.0 forbids.
  package static func escape(_ text: String) -> String {
    // Most URLs and titles need nothing: check the bytes before building a new string. A
    // switch, not a set: every URL of every sitemap and feed comes through here, and hashing
    // each byte showed in multilingual builds (a sitemap with alternates escapes each URL
    // several times).
    guard text.utf8.contains(where: needsEscaping) else { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      case _ where isForbidden(scalar): continue
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// Appends `text` escaped as ``escape(_:)`` escapes it, without making a string when it
  /// needs nothing: the sitemap writes every URL of the site, several times on a multilingual one.
  package static func append(_ text: Substring, to bytes: inout [UInt8]) {
    // Through the contiguous bytes: a substring's UTF-8 view scanned and appended element by
    // element cost more than the escaping it saves.
    var text = text
    let clean = text.withUTF8 { utf8 in
      guard !utf8.contains(where: needsEscaping) else { return false }
      bytes.append(contentsOf: utf8)
      return true
    }
    if !clean { bytes += escape(String(text)).utf8 }
  }

  /// Whether `byte` may be part of something ``escape(_:)`` changes: one of the five escaped
  /// characters, a forbidden C0 control, or 0xBF, the last byte of U+FFFE and U+FFFF (EF BF BE
  /// and EF BF BF in UTF-8; the scalar loop then decides).
  private static func needsEscaping(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"), 0xBF:
      true
    case 0x09, 0x0A, 0x0D: false
    case 0x00..<0x20: true
    default: false
    }
  }

  /// Whether XML 1.0 forbids `scalar` (its `Char` production leaves it out).
  static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09, 0x0A, 0x0D: false
    case 0x00...0x1F, 0xFFFE, 0xFFFF: true
    default: false
    }
  }

  /// A warning when `text`, the `field` of what `location` names, holds characters that
  /// ``escape(_:)`` leaves out of `feeds`; nil when it holds none.
  package static func droppedCharacters(
    in text: String, field: String, feeds: [String], at location: SourceLocation
  )
    -> Diagnostic?
  {
    var found: [Unicode.Scalar] = []
    for scalar in text.unicodeScalars where isForbidden(scalar) && !found.contains(scalar) {
      found.append(scalar)
    }
    guard !found.isEmpty, !feeds.isEmpty else { return nil }
    let names = found.map { scalar in
      let hex = String(scalar.value, radix: 16, uppercase: true)
      return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
    let (them, leave) = (found.count == 1 ? "it" : "them", feeds.count == 1 ? "leaves" : "leave")
    let listed =
      names.count == 1
      ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
    return .warning(
      "the \(field) holds \(listed), which XML 1.0 forbids; "
        + "\(feeds.joined(separator: " and ")) \(leave) \(them) out",
      at: location)
  }
}
