import Diagnostics
import HTMLRendering
import RichText

/// Reads the HTML-comment markers writers put in Markdown (`<!--more-->`, `<!-- list … -->`,
/// `<!-- readmore … -->`, `<!-- /readmore -->`, `<!-- bookmarks … -->`) and turns them into
/// render decorations. GitHub hides these comments, so pages still read well there.
struct ComponentDirectives {
  /// A marker's name and `key=value` attributes (values quoted or bare; bare words are flags).
  struct Marker {
    var name: String
    var attributes: [String: String]
    /// Why the attributes could not be read, when they could not.
    var problem: String? = nil
  }

  /// The directive names Folio reads; other comments are ordinary comments.
  static let names: Set<String> = ["more", "list", "readmore", "/readmore", "bookmarks"]

  /// Parses `<!-- name a=1 b="x y" flag -->`; nil when the block is not a single comment.
  static func marker(in html: String) -> Marker? {
    // A marker holds `<!--`; most HTML blocks do not, and are let go after a byte search instead
    // of being trimmed and compared character by character.
    guard Self.holdsCommentStart(html) else { return nil }
    var text = Substring(html).trimmingCharacters(in: " \t\r\n")
    guard text.hasPrefix("<!--"), text.hasSuffix("-->") else { return nil }
    text = text.dropFirst(4).dropLast(3)
    guard !text.contains("-->") else { return nil }
    let scalars = Array(text.trimmingCharacters(in: " \t\r\n").unicodeScalars)
    var index = 0
    var words: [(String, String?)] = []
    // Unicode's White_Space, answered for ASCII without the property tables (U+0009–U+000D and
    // the space are the ASCII ones).
    func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
      scalar.isASCII ? scalar == " " || (0x09...0x0D).contains(scalar.value) : scalar.properties.isWhitespace
    }
    func skipSpace() { while index < scalars.count, isWhitespace(scalars[index]) { index += 1 } }
    skipSpace()
    while index < scalars.count {
      var key = ""
      while index < scalars.count, !isWhitespace(scalars[index]), scalars[index] != "=" {
        key.unicodeScalars.append(scalars[index])
        index += 1
      }
      var value: String? = nil
      if index < scalars.count, scalars[index] == "=" {
        index += 1
        var parsed = ""
        if index < scalars.count, scalars[index] == "\"" || scalars[index] == "'" {
          let quote = scalars[index]
          index += 1
          while index < scalars.count, scalars[index] != quote {
            parsed.unicodeScalars.append(scalars[index])
            index += 1
          }
          guard index < scalars.count else {
            let name = words.first?.0 ?? key
            return Marker(name: name, attributes: [:], problem: "unterminated quote")
          }
          index += 1
        } else {
          while index < scalars.count, !isWhitespace(scalars[index]) {
            parsed.unicodeScalars.append(scalars[index])
            index += 1
          }
        }
        value = parsed
      }
      words.append((key, value))
      skipSpace()
    }
    guard let first = words.first, first.1 == nil else { return nil }
    var attributes: [String: String] = [:]
    for (key, value) in words.dropFirst() { attributes[key] = value ?? "" }
    return Marker(name: first.0, attributes: attributes)
  }
}

extension ComponentDirectives {
  /// Whether `html` holds `<!--` anywhere: every marker does.
  fileprivate static func holdsCommentStart(_ html: String) -> Bool {
    var bytes = html.utf8.makeIterator()
    // The bytes of `<!--` matched so far.
    var matched = 0
    while let byte = bytes.next() {
      switch (matched, byte) {
      case (_, UInt8(ascii: "<")): matched = 1
      case (1, UInt8(ascii: "!")), (2, UInt8(ascii: "-")): matched += 1
      case (3, UInt8(ascii: "-")): return true
      default: matched = 0
      }
    }
    return false
  }
}

extension Substring {
  fileprivate func trimmingCharacters(in set: String) -> Substring {
    var text = self
    // Compare scalars: "\r\n" in `set` is one Character and would hide "\n".
    let scalars = Set(set.unicodeScalars)
    while let first = text.unicodeScalars.first, scalars.contains(first) { text = text.dropFirst() }
    while let last = text.unicodeScalars.last, scalars.contains(last) { text = text.dropLast() }
    return text
  }
}
