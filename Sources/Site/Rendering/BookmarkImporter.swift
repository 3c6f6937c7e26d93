import Diagnostics
import Foundation
import HTMLRendering
import YAML

/// Reads bookmark data files for `<!-- bookmarks src="…" -->`: YAML or JSON lists of
/// `{title, url, …}`, CSV with a header row, and the bookmarks HTML that Chrome, Firefox and
/// Safari export (Netscape format), whose folders become groups.
enum BookmarkImporter {
  static func load(path: String, displayPath: String) throws -> (
    headers: [String], groups: [BookmarkTable.Group]
  ) {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw DiagnosticError(
        .error(
          "cannot read bookmarks file '\(displayPath)'",
          at: SourceLocation(path: displayPath, line: 1, column: 1)))
    }
    let bytes = [UInt8](data)
    let lower = path.lowercased()
    if lower.hasSuffix(".html") || lower.hasSuffix(".htm") {
      return (["Title", "URL"], netscape(decodeText(bytes)))
    }
    if lower.hasSuffix(".csv") {
      return try csv(decodeText(bytes), path: displayPath)
    }
    let value = try YAMLParser().parse(bytes, path: displayPath)
    guard let items = value.array ?? value["bookmarks"]?.array else {
      throw value.mismatch("a list of bookmarks with title and url", "bookmarks")
    }
    var extraKeys: [String] = []
    for item in items {
      for (key, _) in item.stringEntries where key != "title" && key != "url" && !extraKeys.contains(key) {
        extraKeys.append(key)
      }
    }
    let bookmarks = try items.map { item -> BookmarkTable.Bookmark in
      guard let title = item["title"]?.string, let url = item["url"]?.string else {
        throw DiagnosticError(.error("a bookmark needs a 'title' and a 'url'", at: item.location))
      }
      return BookmarkTable.Bookmark(
        title: title, url: url,
        extra: extraKeys.map { item[$0].flatMap { try? $0.expectString("", in: "") } ?? "" })
    }
    return (
      ["Title", "URL"] + extraKeys.map { $0.prefix(1).uppercased() + $0.dropFirst() },
      [BookmarkTable.Group(name: nil, bookmarks: bookmarks)]
    )
  }

  /// UTF-8, or Windows-1252/Latin-1 for old exports that are not UTF-8.
  static func decodeText(_ bytes: [UInt8]) -> String {
    var bytes = bytes
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
    if let text = String(validating: bytes, as: UTF8.self) { return text }
    return String(bytes.map { Character(Unicode.Scalar($0)) })
  }

  /// The Netscape bookmark format: `<DT><H3>Folder</H3><DL>…</DL>` and `<DT><A HREF=…>Title</A>`.
  static func netscape(_ html: String) -> [BookmarkTable.Group] {
    var groups: [BookmarkTable.Group] = []
    var folders: [String] = []
    var current: [BookmarkTable.Bookmark] = []
    func flush() {
      if !current.isEmpty {
        groups.append(
          BookmarkTable.Group(
            name: folders.isEmpty ? nil : folders.joined(separator: " / "), bookmarks: current))
        current = []
      }
    }
    var rest = Substring(html)
    while let open = rest.firstIndex(of: "<") {
      rest = rest[open...]
      guard let close = rest.firstIndex(of: ">") else { break }
      let tag = rest[rest.index(after: rest.startIndex)..<close]
      let name = tag.prefix(while: { !$0.isWhitespace }).uppercased()
      rest = rest[rest.index(after: close)...]
      switch name {
      case "H3":
        let end = rest.range(of: "</H3>", options: .caseInsensitive)?.lowerBound ?? rest.endIndex
        flush()
        folders.append(unescape(String(rest[..<end])).trimmingCharacters(in: .whitespacesAndNewlines))
        rest = rest[end...]
      case "/DL":
        flush()
        if !folders.isEmpty { folders.removeLast() }
      case "A":
        let end = rest.range(of: "</A>", options: .caseInsensitive)?.lowerBound ?? rest.endIndex
        let title = unescape(String(rest[..<end])).trimmingCharacters(in: .whitespacesAndNewlines)
        if let url = attribute("HREF", in: String(tag)) {
          current.append(BookmarkTable.Bookmark(title: title.isEmpty ? url : title, url: url))
        }
        rest = rest[end...]
      default:
        break
      }
    }
    flush()
    return groups
  }

  private static func attribute(_ name: String, in tag: String) -> String? {
    guard let range = tag.range(of: name + "=", options: .caseInsensitive) else { return nil }
    var value = tag[range.upperBound...]
    if let quote = value.first, quote == "\"" || quote == "'" {
      value = value.dropFirst()
      return unescape(String(value.prefix(while: { $0 != quote })))
    }
    return unescape(String(value.prefix(while: { !$0.isWhitespace })))
  }

  private static func unescape(_ text: String) -> String {
    text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
      .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
      .replacingOccurrences(of: "&amp;", with: "&")
  }

  /// CSV with a header row naming `title` and `url` (any case) and any other columns.
  static func csv(_ text: String, path: String) throws -> (headers: [String], groups: [BookmarkTable.Group]) {
    var rows: [[String]] = []
    var row: [String] = []
    var field = ""
    var inQuotes = false
    var iterator = text.makeIterator()
    while let character = iterator.next() {
      if inQuotes {
        if character == "\"" {
          inQuotes = false
        } else {
          field.append(character)
        }
      } else if character == "\"" {
        if field.hasSuffix("\"") == false, !field.isEmpty { field.append("\"") }
        inQuotes = true
      } else if character == "," {
        row.append(field)
        field = ""
      } else if character == "\n" || character == "\r\n" {
        row.append(field)
        rows.append(row)
        row = []
        field = ""
      } else {
        field.append(character)
      }
    }
    if !field.isEmpty || !row.isEmpty {
      row.append(field)
      rows.append(row)
    }
    guard let header = rows.first?.map({ $0.trimmingCharacters(in: .whitespaces) }),
      let titleColumn = header.firstIndex(where: { $0.lowercased() == "title" }),
      let urlColumn = header.firstIndex(where: { $0.lowercased() == "url" })
    else {
      throw DiagnosticError(
        .error(
          "a bookmarks CSV needs a header row with 'title' and 'url' columns",
          at: SourceLocation(path: path, line: 1, column: 1)))
    }
    let extras = header.indices.filter { $0 != titleColumn && $0 != urlColumn }
    let bookmarks = rows.dropFirst().filter { $0.count > max(titleColumn, urlColumn) }.map { fields in
      BookmarkTable.Bookmark(
        title: fields[titleColumn], url: fields[urlColumn],
        extra: extras.map { $0 < fields.count ? fields[$0] : "" })
    }
    return (
      ["Title", "URL"] + extras.map { header[$0] }, [BookmarkTable.Group(name: nil, bookmarks: bookmarks)]
    )
  }
}
