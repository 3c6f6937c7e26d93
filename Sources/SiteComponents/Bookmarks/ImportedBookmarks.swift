import Diagnostics
import HTMLRendering
import SiteContent

/// Bookmarks read from a Markdown table or a data file, each with where it was written, so that
/// a bookmark left out is reported at its own line rather than at the directive.
struct ImportedBookmarks {
  /// One folder of bookmarks; `name` is nil for an ungrouped table.
  struct Group {
    var name: String?
    var entries: [(bookmark: BookmarkTable.Bookmark, location: SourceLocation)] = []
  }

  /// Column headings: title, URL, then the extra columns.
  var headers: [String]
  /// The folders in reading order.
  var groups: [Group]

  /// The bookmarks' http and https URLs, each at the bookmark's place.
  var externalLinks: [ExternalLink] {
    groups.flatMap(\.entries).compactMap { entry in
      ExternalLink.checkedURL(entry.bookmark.url).map {
        ExternalLink(url: $0, isImage: false, location: entry.location)
      }
    }
  }

  /// The table to render, without bookmarks whose URL `policy` refuses (none, or one that could
  /// run code, `javascript:` …); each one left out adds a warning at its own line. The others
  /// keep their URLs as the browser reads them.
  func table(
    id: String, storageKey: String, caption: String?, policy: URLPolicy, warnings: inout [Diagnostic]
  ) -> BookmarkTable {
    let safe = groups.map { group in
      BookmarkTable.Group(
        name: group.name,
        bookmarks: group.entries.compactMap { entry in
          var bookmark = entry.bookmark
          switch policy.check(bookmark.url) {
          case .allowed(let url):
            bookmark.url = url
            return bookmark
          case .refused(let reason):
            warnings.append(
              DroppedURL(.bookmark(title: bookmark.title), reason: reason, at: entry.location).diagnostic)
            return nil
          }
        })
    }
    return BookmarkTable(id: id, storageKey: storageKey, headers: headers, groups: safe, caption: caption)
  }
}
