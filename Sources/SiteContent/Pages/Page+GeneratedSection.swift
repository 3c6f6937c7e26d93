import RichText

extension Page {
  /// The list page of a folder of pages that has no `_index.md`: a section as Hugo makes one
  /// for such a folder, so that the folder's URL answers and its pages have a section. Its title
  /// is the folder's name, first letter upper-cased (`getting-started` → `Getting started`); its
  /// source path is the folder's, ending `/`, which names no file.
  /// `translationKey` links it to the same folder's list in the other languages; `title`, when
  /// given, is what a documentation nav calls the folder.
  package static func generatedSection(
    folder: String, url: String, language: String?, translationKey: String?, title: String? = nil
  )
    -> Page
  {
    var fields =
      PageFields(
        sourcePath: "Content/" + folder + "/", kind: .section, folder: folder, url: url,
        title: title ?? generatedTitle(ofFolder: folder), date: nil, updated: nil, isDraft: false, terms: [:],
        summaryOverride: nil, layout: nil, language: language, weight: 0, aliases: [], params: [],
        text: AttributedText())
    fields.translationKey = translationKey
    return Page(fields)
  }

  /// Whether the page is a folder's generated list page
  /// (``generatedSection(folder:url:language:translationKey:title:)``).
  package var isGeneratedSection: Bool { fields.sourcePath.hasSuffix("/") }

  /// A folder's name as a title: its last part, `-` and `_` as spaces, the first letter
  /// upper-cased.
  package static func generatedTitle(ofFolder folder: String) -> String {
    let name = folder.split(separator: "/").last.map(String.init) ?? folder
    let words = name.map { $0 == "-" || $0 == "_" ? " " : $0 }
    let text = String(words).drop { $0 == " " }
    return text.prefix(1).uppercased() + text.dropFirst()
  }
}
