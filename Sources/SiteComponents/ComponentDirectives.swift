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
    var text = Substring(html).trimmingCharacters(in: " \t\r\n")
    guard text.hasPrefix("<!--"), text.hasSuffix("-->") else { return nil }
    text = text.dropFirst(4).dropLast(3)
    guard !text.contains("-->") else { return nil }
    let scalars = Array(text.trimmingCharacters(in: " \t\r\n").unicodeScalars)
    var index = 0
    var words: [(String, String?)] = []
    func skipSpace() { while index < scalars.count, scalars[index].properties.isWhitespace { index += 1 } }
    skipSpace()
    while index < scalars.count {
      var key = ""
      while index < scalars.count, !scalars[index].properties.isWhitespace, scalars[index] != "=" {
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
          while index < scalars.count, !scalars[index].properties.isWhitespace {
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
