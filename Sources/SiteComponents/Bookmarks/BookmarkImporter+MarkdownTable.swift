import Diagnostics
import Foundation
import RichText

/// `<!-- bookmarks -->` over a Markdown table, the one source not read from a data file.
extension BookmarkImporter {
  /// The rows of the GFM table at `range` of `text` (from the file `path`) as bookmarks, each at
  /// its row: the first column is the title, the second the URL (a link's destination when the
  /// cell holds a link, else its text), the others extra columns under the header's names.
  static func markdownTable(in text: AttributedText, runs range: Range<Int>, path: String)
    -> ImportedBookmarks
  {
    var headers: [String] = []
    var rows: [Int: [Int: (text: String, link: String?)]] = [:]
    var rowOrder: [(identity: Int, location: SourceLocation)] = []
    for index in range {
      let run = text.runs[index]
      guard let intent = run.presentationIntent, case .tableCell(let column) = intent.innermost.kind else {
        continue
      }
      let row = intent.components[1]
      if row.kind == .tableHeaderRow {
        while headers.count <= column { headers.append("") }
        headers[column] += run.text
        continue
      }
      if rows[row.identity] == nil {
        rows[row.identity] = [:]
        // cmark-gfm gives the text in table cells no position; the cell and the row have one.
        let span = [run.sourceSpan, intent.innermost.sourceSpan, row.sourceSpan].first { $0 != .unknown }
        rowOrder.append((row.identity, (span ?? .unknown).start(in: path)))
      }
      var cell = rows[row.identity]?[column] ?? ("", nil)
      cell.text += run.kind == .softBreak ? " " : run.text
      if cell.link == nil, let link = run.link { cell.link = link.url }
      rows[row.identity, default: [:]][column] = cell
    }
    let entries = rowOrder.map { row -> (BookmarkTable.Bookmark, SourceLocation) in
      let cells = rows[row.identity] ?? [:]
      let title = cells[0]?.text ?? ""
      // The URL cell's link, else its text, else the title's link (`| [Swift](https://…) | |`).
      let candidates = [cells[1]?.link, cells[1]?.text, cells[0]?.link].compactMap { $0 }
      let url = candidates.map { $0.trimmingCharacters(in: .whitespaces) }.first { !$0.isEmpty } ?? ""
      let extra = (2..<max(2, headers.count)).map { cells[$0]?.text ?? "" }
      return (BookmarkTable.Bookmark(title: title, url: url, extra: extra), row.location)
    }
    return ImportedBookmarks(
      headers: headers.isEmpty ? ["Title", "URL"] : headers,
      groups: [ImportedBookmarks.Group(name: nil, entries: entries)])
  }
}
