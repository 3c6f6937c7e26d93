import Diagnostics
import YAML

/// A Zenn book (`books/<slug>/` of a Zenn repository, mounted as `books/` by
/// `folio new site --from-zenn`): its `config.yaml` (`title`, `summary`, `topics`, `published`,
/// `price`, `chapters:`) is read as the front matter of the book's section page, which has no
/// file of its own, and the chapters are its pages: named by `chapters:` (`intro` is
/// `intro.md`), or numbered in their file names (`1.intro.md`, published at `intro/`) when
/// `chapters:` is not given, as Zenn orders them.
package enum ZennBook {
  /// Whether `path` (relative to `Content/`) is a Zenn book's settings: `books/<slug>/config.yaml`.
  package static func isConfig(_ path: String) -> Bool {
    let parts = path.split(separator: "/", omittingEmptySubsequences: false)
    return parts.count == 3 && parts[0] == "books" && !parts[1].isEmpty && parts[2] == "config.yaml"
  }

  /// The section page a book's `config.yaml` stands for: `books/<slug>/_index.md`.
  package static func indexPath(ofConfig path: String) -> String {
    String(path.dropLast("config.yaml".count)) + "_index.md"
  }

  /// The `config.yaml` a book's section page is read from.
  package static func configPath(ofIndex path: String) -> String {
    String(path.dropLast("_index.md".count)) + "config.yaml"
  }

  /// The names Zenn gives a book's cover, beside `config.yaml`.
  package static let coverNames = ["cover.png", "cover.jpg", "cover.jpeg", "cover.webp"]

  /// The number and name of a numbered chapter file (`3.setup.md` → 3, `setup`); nil for
  /// another name.
  package static func numberedChapter(_ fileName: Substring) -> (number: Int, name: String)? {
    guard fileName.hasSuffix(".md") else { return nil }
    let stem = fileName.dropLast(3)
    guard let dot = stem.firstIndex(of: "."), let number = Int(stem[..<dot]), number >= 0 else { return nil }
    let name = stem[stem.index(after: dot)...]
    guard !name.isEmpty, !name.contains(".") else { return nil }
    return (number, String(name))
  }

  /// The front matter of the book's section page from `config.yaml`'s bytes (read at `path`,
  /// so its findings point into it): its fields as they are (Zenn's `summary`, `topics` and
  /// `published` are fields Folio reads), `chapters:` as the sidebar's `nav:`, and
  /// `book: {description, cover}` that makes the section a book, with Zenn's cover when
  /// `cover` names one of ``coverNames`` beside it.
  package static func frontMatter(_ bytes: [UInt8], path: String, cover: String?) throws -> YAMLValue {
    let value = try YAMLParser().parse(bytes, path: path)
    guard let mapping = value.mapping else {
      throw value.mismatch("a mapping of the book's settings (title, summary, chapters)", "config.yaml")
    }
    let start = SourceLocation(path: path, line: 1, column: 1)
    var entries: [YAMLMapping.Entry] = []
    var book: [YAMLMapping.Entry] = []
    for entry in mapping.entries {
      switch entry.key.string {
      case "chapters":
        guard let chapters = entry.value.array else {
          throw entry.value.mismatch("a list of chapter names", "chapters")
        }
        // The book's own page first: the sidebar opens with the book, as Zenn's page does.
        let files =
          try [YAMLValue(.string("_index.md"), at: entry.value.location)]
          + chapters.map { chapter -> YAMLValue in
            guard let name = chapter.string ?? chapter.int.map(String.init) else {
              throw chapter.mismatch("a chapter's name", "chapters")
            }
            return YAMLValue(.string(name + ".md"), at: chapter.location)
          }
        entries.append(
          YAMLMapping.Entry(
            key: YAMLValue(.string("nav"), at: entry.key.location),
            value: YAMLValue(.sequence(files), at: entry.value.location)))
      case "summary":
        entries.append(entry)
        book.append(YAMLMapping.Entry(key: YAMLValue(.string("description")), value: entry.value))
      default:
        entries.append(entry)
      }
    }
    if let cover {
      book.append(YAMLMapping.Entry(key: YAMLValue(.string("cover")), value: YAMLValue(.string(cover))))
    }
    entries.append(
      YAMLMapping.Entry(
        key: YAMLValue(.string("book"), at: start),
        value: YAMLValue(.mapping(YAMLMapping(uniqueEntries: book)), at: start)))
    return YAMLValue(.mapping(YAMLMapping(uniqueEntries: entries)), at: value.location ?? start)
  }
}
