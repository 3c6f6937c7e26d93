import Diagnostics
import HTMLRendering

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

  /// The table to render, without bookmarks that have no URL or whose URL could run code
  /// (`javascript:` …, also behind the controls and tabs a browser drops); each one left out
  /// adds a warning.
  func table(id: String, storageKey: String, caption: String?, warnings: inout [Diagnostic]) -> BookmarkTable
  {
    let safe = groups.map { group in
      BookmarkTable.Group(
        name: group.name,
        bookmarks: group.entries.compactMap { entry in
          let bookmark = entry.bookmark
          if bookmark.url.isEmpty {
            warnings.append(
              .warning("bookmark '\(bookmark.title)' has no URL and was left out", at: entry.location))
            return nil
          }
          if URLSafety.isDangerousInHref(bookmark.url) {
            warnings.append(
              .warning("bookmark '\(bookmark.title)' has an unsafe URL and was left out", at: entry.location))
            return nil
          }
          return bookmark
        })
    }
    return BookmarkTable(id: id, storageKey: storageKey, headers: headers, groups: safe, caption: caption)
  }
}
