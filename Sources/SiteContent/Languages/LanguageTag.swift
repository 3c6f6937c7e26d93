/// BCP 47 language tags as Folio reads them: in folio.yaml's `languages`, in `lang` front
/// matter, and before `.md` in a translation's file name (`about.ja.md`).
///
/// A tag is ASCII, so both functions read UTF-8 bytes: the file name of every Markdown file is
/// asked (twice) on a multilingual site, and reading it by `Character` cost more than placing
/// the page did.
package enum LanguageTag {
  /// Whether `text` has the shape of a BCP 47 tag: a primary subtag of 2–3 letters (or 4–8,
  /// registered ones), then subtags of 1–8 letters and digits joined by `-` (`en`, `ja-JP`,
  /// `zh-Hant-TW`, `pt-BR`). The shape is checked, not the registry: an unknown but
  /// well-formed tag is the writer's choice.
  package static func isWellFormed(_ text: String) -> Bool {
    var copy = text
    return copy.withUTF8 { isWellFormed($0[...]) }
  }

  /// ``isWellFormed(_:)`` over a tag's bytes.
  private static func isWellFormed(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
    var length = 0
    var isPrimary = true
    for byte in bytes {
      if byte == UInt8(ascii: "-") {
        guard isPrimary ? (2...8).contains(length) : (1...8).contains(length) else { return false }
        (length, isPrimary) = (0, false)
        continue
      }
      let isLetter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
      let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
      guard isLetter || (isDigit && !isPrimary) else { return false }
      length += 1
    }
    return isPrimary ? (2...8).contains(length) : (1...8).contains(length)
  }

  /// The language written before `.md` in a file name (`about.ja.md` → `ja`,
  /// `posts/trip/index.pt-BR.md` → `pt-BR`), when the part after the stem's last dot has a
  /// tag's shape of 2–3 letters first (`v1.2.md` and `notes.draft.md` have none:
  /// `2` is no tag and `draft` starts with five letters).
  package static func suffix(ofMarkdownFile relativePath: String) -> String? {
    var path = relativePath
    return path.withUTF8 { bytes -> String? in
      // The last component that is not empty (`a/b.ja.md`, and `a/b.ja.md/` as well).
      var end = bytes.endIndex
      while end > bytes.startIndex, bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
      var start = end
      while start > bytes.startIndex, bytes[start - 1] != UInt8(ascii: "/") { start -= 1 }
      let name = bytes[start..<end]
      guard name.count > 3, name.suffix(3).elementsEqual(".md".utf8) else { return nil }
      let stem = name.dropLast(3)
      guard let dot = stem.lastIndex(of: UInt8(ascii: ".")), dot != stem.startIndex else { return nil }
      let tag = stem[(dot + 1)...]
      let primary = tag.prefix { $0 != UInt8(ascii: "-") }
      guard (2...3).contains(primary.count), isWellFormed(tag) else { return nil }
      return String(decoding: tag, as: UTF8.self)
    }
  }

  /// `relativePath` without its language suffix: `about.ja.md` → `about.md`.
  package static func removingSuffix(_ tag: String, from relativePath: String) -> String {
    String(relativePath.dropLast(tag.utf8.count + 4)) + ".md"
  }
}
