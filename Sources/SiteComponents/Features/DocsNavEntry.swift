import Diagnostics
import SiteContent
import YAML

/// One entry of a documentation section's `nav:` (in its `_index.md` front matter, or in
/// folio.yaml's `docs:`), written as MkDocs writes its `nav`: a page's file (`cli.md`), a page
/// with its own title (`{The command line: cli.md}`), a group (`{Guides: [a.md, b.md]}`) or a
/// link out (`{GitHub: https://github.com/…}`). Files are relative to the section's folder.
package indirect enum DocsNavEntry: Sendable, Equatable {
  /// A page of the section, by its file, with the title the nav gives it, if any.
  case page(file: String, title: String?, location: SourceLocation?)
  /// A group of entries under a title.
  case group(title: String, entries: [DocsNavEntry], location: SourceLocation?)
  /// A link to a URL outside the site.
  case link(title: String, url: String, location: SourceLocation?)

  /// The entries of the list `value` (`nav:`), or an error at the first entry that is none of
  /// the forms above.
  package static func entries(of value: YAMLValue, key: String = "nav") throws -> [DocsNavEntry] {
    guard let items = value.array else { throw DocsNavProblem.notAList.error(at: value.location, key: key) }
    return try items.map { try entry($0, key: key) }
  }

  private static func entry(_ value: YAMLValue, key: String) throws -> DocsNavEntry {
    if let file = value.string { return .page(file: file, title: nil, location: value.location) }
    let members = value.stringEntries
    guard members.count == 1, let (title, target) = members.first else {
      throw DocsNavProblem.notAnEntry.error(at: value.location, key: key)
    }
    if let file = target.string {
      if file.hasPrefix("http://") || file.hasPrefix("https://") {
        return .link(title: title, url: file, location: value.location)
      }
      return .page(file: file, title: title, location: value.location)
    }
    guard target.array != nil else { throw DocsNavProblem.notAnEntry.error(at: target.location, key: key) }
    return .group(title: title, entries: try entries(of: target, key: key), location: value.location)
  }

  /// Where the entry is written.
  package var location: SourceLocation? {
    switch self {
    case .page(_, _, let location), .group(_, _, let location), .link(_, _, let location): location
    }
  }
}
