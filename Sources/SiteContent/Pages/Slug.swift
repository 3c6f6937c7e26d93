/// The one rule that turns words a writer typed into a name for a URL or an element id: heading
/// ids (``HeadingAnchors``) and the URLs of taxonomy terms (`/tags/swift/`) both use it.
///
/// It is GitHub's rule for heading anchors, kept in every script (日本語の見出し stays Japanese):
/// letters are lower-cased; letters, digits, `-` and `_` of any script are kept, and so are
/// characters with a nonspacing mark (a combining accent, a Devanagari vowel sign); each space
/// becomes `-` (two spaces, two dashes; nothing is trimmed); everything else (punctuation,
/// symbols, emoji, tabs and other spaces) is dropped. The result may be empty and is not unique:
/// each caller picks its own fallback and its own way to tell two apart.
package enum Slug {
  /// The slug of `text`: `Hello, World!` → `hello-world`, `C++ & Swift` → `c--swift`.
  package static func of(_ text: String) -> String {
    if let ascii = asciiSlug(text) { return ascii }
    var slug = ""
    for character in text.lowercased() {
      if character == " " {
        slug.append("-")
      } else if character == "-" || character == "_" || character.isLetter || character.isNumber {
        slug.append(character)
      } else if character.unicodeScalars.contains(where: { $0.properties.generalCategory == .nonspacingMark })
      {
        slug.append(character)
      }
    }
    return slug
  }

  /// ``of(_:)`` for ASCII text, byte by byte (the common case: no Unicode properties to look
  /// up); `nil` when the text has other characters.
  private static func asciiSlug(_ text: String) -> String? {
    var slug: [UInt8] = []
    slug.reserveCapacity(text.utf8.count)
    for byte in text.utf8 {
      switch byte {
      case 0x80...: return nil
      case UInt8(ascii: " "): slug.append(UInt8(ascii: "-"))
      case UInt8(ascii: "A")...UInt8(ascii: "Z"): slug.append(byte + 0x20)
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"),
        UInt8(ascii: "_"):
        slug.append(byte)
      default: break
      }
    }
    return String(decoding: slug, as: UTF8.self)
  }
}
