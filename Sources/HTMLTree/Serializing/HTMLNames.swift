/// The element sets HTML serialisation and parsing treat specially, and which names HTML output
/// may write so that they parse back as the same tag or attribute.
enum HTMLNames {
  /// Elements that have no end tag and no children.
  static let voidElements: HTMLNameSet = [
    "area", "base", "basefont", "bgsound", "br", "col", "embed", "frame", "hr", "img", "input", "keygen",
    "link", "meta", "param", "source", "track", "wbr",
  ]

  /// Elements whose text HTML parses without markup or character references.
  static let rawTextElements: HTMLNameSet = [
    "script", "style", "xmp", "iframe", "noembed", "noframes", "plaintext",
  ]

  /// Elements after whose start tag HTML parsing drops one newline.
  static let newlineDroppingElements: HTMLNameSet = ["pre", "textarea", "listing"]

  /// Whether `name` is ASCII lowercase letters, digits, `-` and `_`, starting with a letter: a
  /// name of HTML and of XML alike, known without a look at each Unicode scalar.
  static func isPlainName(_ name: String) -> Bool {
    var bytes = name.utf8.makeIterator()
    guard let first = bytes.next(), first >= UInt8(ascii: "a"), first <= UInt8(ascii: "z") else {
      return false
    }
    while let byte = bytes.next() {
      let plain =
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
        || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
        || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
      if !plain { return false }
    }
    return true
  }

  /// A tag name that parses back as one: an ASCII letter, then nothing that ends a tag name.
  static func isTagName(_ name: String) -> Bool {
    guard let first = name.utf8.first, isASCIILetter(first) else { return false }
    return !name.utf8.contains(where: endsName)
  }

  /// An attribute name that parses back as one.
  static func isAttributeName(_ name: String) -> Bool {
    !name.isEmpty
      && !name.utf8.contains {
        endsName($0) || $0 == UInt8(ascii: "=") || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "'")
      }
  }

  /// Whether `bytes` at `index` hold `</` and `name` (ASCII case-insensitively) and then a byte
  /// that ends a tag name, or the end: an end tag that would close the raw-text element.
  static func startsEndTag(of name: String, in bytes: [UInt8], at index: Int) -> Bool {
    let name = Array(name.utf8)
    guard index + 2 + name.count <= bytes.count, bytes[index + 1] == UInt8(ascii: "/") else { return false }
    for (offset, letter) in name.enumerated() where lowercased(bytes[index + 2 + offset]) != letter {
      return false
    }
    let after = index + 2 + name.count
    return after == bytes.count || endsName(bytes[after])
  }

  static func isASCIILetter(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
  }

  static func lowercased(_ byte: UInt8) -> UInt8 {
    (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
  }

  /// Whitespace, `/`, `>`, `<`, NUL and the other C0 controls, which end or break a name.
  private static func endsName(_ byte: UInt8) -> Bool {
    byte <= 0x20 || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "<")
      || byte == 0x7F
  }
}
