/// BCP 47 language tags as Folio reads them: in folio.yaml's `languages`, in `lang` front
/// matter, and before `.md` in a translation's file name (`about.ja.md`).
package enum LanguageTag {
  /// Whether `text` has the shape of a BCP 47 tag: a primary subtag of 2–3 letters (or 4–8,
  /// registered ones), then subtags of 1–8 letters and digits joined by `-` (`en`, `ja-JP`,
  /// `zh-Hant-TW`, `pt-BR`). The shape is checked, not the registry: an unknown but
  /// well-formed tag is the writer's choice.
  package static func isWellFormed(_ text: String) -> Bool {
    let subtags = text.split(separator: "-", omittingEmptySubsequences: false)
    guard let primary = subtags.first, (2...8).contains(primary.count),
      primary.allSatisfy({ $0.isASCII && $0.isLetter })
    else { return false }
    return subtags.dropFirst().allSatisfy { subtag in
      (1...8).contains(subtag.count) && subtag.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }
  }

  /// The language written before `.md` in a file name (`about.ja.md` → `ja`,
  /// `posts/trip/index.pt-BR.md` → `pt-BR`), when the part after the stem's last dot has a
  /// tag's shape of 2–3 letters first (`v1.2.md` and `notes.draft.md` have none:
  /// `2` is no tag and `draft` starts with five letters).
  package static func suffix(ofMarkdownFile relativePath: String) -> String? {
    let name = relativePath.split(separator: "/").last ?? ""
    guard name.hasSuffix(".md") else { return nil }
    let stem = name.dropLast(3)
    guard let dot = stem.lastIndex(of: "."), dot != stem.startIndex else { return nil }
    let tag = String(stem[stem.index(after: dot)...])
    let primary = tag.split(separator: "-", omittingEmptySubsequences: false).first ?? ""
    guard (2...3).contains(primary.count), isWellFormed(tag) else { return nil }
    return tag
  }

  /// `relativePath` without its language suffix: `about.ja.md` → `about.md`.
  package static func removingSuffix(_ tag: String, from relativePath: String) -> String {
    String(relativePath.dropLast(tag.utf8.count + 4)) + ".md"
  }
}
