import Diagnostics
import SiteContent

/// A section that is a book (its `_index.md` says `book:`): its pages in sidebar order (weight,
/// then title, or its `nav:`) are the chapters, its folders the parts. `folio build` writes
/// beside the section's pages the whole book as one page for reading and printing
/// (`print/`), an EPUB 3 (`book.epub`) and, when asked, a PDF (`book.pdf`).
package struct Book: Sendable {
  /// One entry of the book in reading order: a chapter (a page) or a part (a group of the
  /// sidebar, without a page of its own).
  package struct Entry: Sendable {
    /// Its title, as the sidebar calls it.
    package var title: String
    /// The chapter's page; nil for a part.
    package var page: Page?
    /// How deep it sits: 0 for the book's own entries, 1 inside a part, and so on.
    package var depth: Int
    /// Its name in the print page's ids and the EPUB's file names: `c3` is the third chapter
    /// (`c3-intro` its heading `intro`, `chapter-003.xhtml` its file), `p1` the first part.
    package var anchor: String
  }

  /// The section page (`_index.md`).
  package var root: Page
  /// What `book:` says.
  package var settings: BookSettings
  /// Parts and chapters in reading order.
  package var entries: [Entry]

  /// The book's title: `book.title`, else the section's.
  package var title: String { settings.title ?? root.title }
  /// The chapters alone, in reading order.
  package var chapters: [Entry] { entries.filter { $0.page != nil } }
  /// The print page's site URL.
  package var printURL: String { root.url + "print/" }
  /// The EPUB's output path.
  package var epubPath: String { String(root.url.dropFirst()) + "book.epub" }
  /// The PDF's output path.
  package var pdfPath: String { String(root.url.dropFirst()) + "book.pdf" }
  /// The print page's output path.
  package var printPath: String { String(printURL.dropFirst()) + "index.html" }
  /// The output path of the print page's own stylesheet (its running header).
  package var printStylePath: String { String(printURL.dropFirst()) + "book.css" }

  /// The print page's own stylesheet: the book's title at the head of every printed page but
  /// the first, as a running header (a `@page` margin box; a stylesheet of its own because the
  /// pages' policy allows no inline style).
  package var printStyle: [UInt8] {
    var escaped = ""
    for scalar in title.unicodeScalars {
      switch scalar {
      case "\\", "\"": escaped += "\\" + String(scalar)
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        escaped += "\\" + String(scalar.value, radix: 16) + " "
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return Array(
      """
      /* The running header of this book's printed pages, written by Folio. */
      @page {
        @top-center {
          content: "\(escaped)";
          font-size: 8pt;
          color: #666;
        }
      }

      @page :first {
        @top-center {
          content: none;
        }
      }

      """.utf8)
  }
  /// Where `book:` is written, for the findings about the whole book.
  package var location: SourceLocation {
    settings.location ?? SourceLocation(path: root.sourcePath, line: 1, column: 1)
  }

  /// The book whose sidebar is `tree`, read by `settings`: the tree's entries flattened in
  /// order, a group without a page a part, each page once.
  /// `isEmpty` says whether a page has nothing to read (a Zenn book's section page, read from
  /// its config.yaml): the section's page opens the book only when it has.
  package init(tree: DocsNavigation.Tree, settings: BookSettings, isEmpty: (Page) -> Bool = { _ in false }) {
    root = tree.root
    self.settings = settings
    var entries: [Entry] = []
    var seen: Set<String> = []
    var (chapters, parts) = (0, 0)
    func add(_ items: [DocsNavigation.Item], depth: Int) {
      for item in items {
        if let page = item.page {
          // The section's own page opens the book; a generated list (a folder without
          // _index.md) holds nothing to read. A page read twice (a group's section page,
          // listed again) is one chapter.
          guard !page.isGeneratedSection, !(page === tree.root && isEmpty(page)),
            seen.insert(page.url).inserted
          else {
            add(item.children, depth: depth + 1)
            continue
          }
          chapters += 1
          entries.append(Entry(title: item.title, page: page, depth: depth, anchor: "c\(chapters)"))
          add(item.children, depth: depth + 1)
        } else if item.isGroup {
          parts += 1
          entries.append(Entry(title: item.title, page: nil, depth: depth, anchor: "p\(parts)"))
          add(item.children, depth: depth + 1)
        }
        // A link out of the site is no part of the book.
      }
    }
    add(tree.items, depth: 0)
    self.entries = entries
  }

  /// The EPUB file name of a chapter (`chapter-003.xhtml` for `c3`).
  package static func fileName(ofChapter anchor: String) -> String {
    let number = String(anchor.dropFirst())
    return "chapter-" + String(repeating: "0", count: max(0, 3 - number.count)) + number + ".xhtml"
  }
}
