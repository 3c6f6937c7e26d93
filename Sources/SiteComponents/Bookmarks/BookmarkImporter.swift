import Diagnostics
import Foundation
import HTMLRendering
import SiteContent
import YAML

/// Reads bookmark data files for `<!-- bookmarks src="…" -->`: YAML or JSON lists of
/// `{title, url, …}`, CSV with a header row, and the bookmarks HTML that Chrome, Firefox and
/// Safari export (Netscape format), whose folders become groups. Every bookmark keeps the
/// line it came from, so a bookmark that is left out is reported where it is written.
enum BookmarkImporter {
  /// Reads the file at `displayPath` (relative to the project folder, `Content/links.yaml`)
  /// through `files`; a file that does not exist is reported at `directive`, the comment that
  /// names it, and one that is not a regular file inside the site at the file.
  static func load(from files: SiteFiles, displayPath: String, directive: SourceLocation) throws
    -> ImportedBookmarks
  {
    guard let bytes = try files.readIfPresent(displayPath) else {
      throw ComponentProblem.bookmarksUnreadable(path: displayPath).error(at: directive)
    }
    let lower = displayPath.lowercased()
    if lower.hasSuffix(".html") || lower.hasSuffix(".htm") {
      let groups = netscape(decodeText(bytes), path: displayPath)
      // Firefox writes a bookmark's description as `<DD>` after it: a column when any has one.
      let described = groups.contains { $0.entries.contains { !$0.0.extra.isEmpty } }
      return ImportedBookmarks(
        headers: ["Title", "URL"] + (described ? ["Description"] : []), groups: groups)
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
    let entries = try items.map { item -> (BookmarkTable.Bookmark, SourceLocation) in
      guard let title = item["title"]?.string, let url = item["url"]?.string else {
        throw ComponentProblem.bookmarkWithoutTitleOrURL.error(at: item.location)
      }
      let bookmark = BookmarkTable.Bookmark(
        title: title, url: url,
        extra: extraKeys.map { item[$0].flatMap { try? $0.expectString("", in: "") } ?? "" })
      let location =
        item["url"]?.location ?? item.location ?? SourceLocation(path: displayPath, line: 1, column: 1)
      return (bookmark, location)
    }
    return ImportedBookmarks(
      headers: ["Title", "URL"] + extraKeys.map { $0.prefix(1).uppercased() + $0.dropFirst() },
      groups: [ImportedBookmarks.Group(name: nil, entries: entries)])
  }

  /// UTF-8, or Windows-1252/Latin-1 for old exports that are not UTF-8.
  static func decodeText(_ bytes: [UInt8]) -> String {
    var bytes = bytes
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
    if let text = String(validating: bytes, as: UTF8.self) { return text }
    return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
  }

  /// The Netscape bookmark format: `<DT><H3>Folder</H3><DL>…</DL>` and `<DT><A HREF=…>Title</A>`.
  static func netscape(_ html: String, path: String) -> [ImportedBookmarks.Group] {
    var groups: [ImportedBookmarks.Group] = []
    var folders: [String] = []
    var current: [(BookmarkTable.Bookmark, SourceLocation)] = []
    func flush() {
      if !current.isEmpty {
        groups.append(
          ImportedBookmarks.Group(
            name: folders.isEmpty ? nil : folders.joined(separator: " / "), entries: current))
        current = []
      }
    }
    var position = TextPosition(text: html)
    var rest = Substring(html)
    while let open = rest.firstIndex(of: "<") {
      rest = rest[open...]
      guard let close = rest.firstIndex(of: ">") else { break }
      let tag = rest[rest.index(after: rest.startIndex)..<close]
      let name = tag.prefix(while: { !$0.isWhitespace }).uppercased()
      let location = position.location(of: open, path: path)
      rest = rest[rest.index(after: close)...]
      switch name {
      case "H3":
        let end = rest.range(of: "</H3>", options: .caseInsensitive)?.lowerBound ?? rest.endIndex
        flush()
        folders.append(
          HTMLCharacterReferences.decode(String(rest[..<end])).trimmingCharacters(in: .whitespacesAndNewlines)
        )
        rest = rest[end...]
      case "/DL":
        flush()
        if !folders.isEmpty { folders.removeLast() }
      case "A":
        let end = rest.range(of: "</A>", options: .caseInsensitive)?.lowerBound ?? rest.endIndex
        let title = HTMLCharacterReferences.decode(String(rest[..<end])).trimmingCharacters(
          in: .whitespacesAndNewlines)
        if let url = attribute("HREF", in: String(tag)) {
          current.append((BookmarkTable.Bookmark(title: title.isEmpty ? url : title, url: url), location))
        }
        rest = rest[end...]
      case "DD":
        // The description of the bookmark just read: text up to the next tag.
        let end = rest.firstIndex(of: "<") ?? rest.endIndex
        let description = HTMLCharacterReferences.decode(String(rest[..<end])).trimmingCharacters(
          in: .whitespacesAndNewlines)
        if !description.isEmpty, !current.isEmpty { current[current.count - 1].0.extra = [description] }
        rest = rest[end...]
      default:
        break
      }
    }
    flush()
    // Every row has as many cells as the header: an empty description where there is none.
    if groups.contains(where: { $0.entries.contains { !$0.0.extra.isEmpty } }) {
      for group in groups.indices {
        for entry in groups[group].entries.indices where groups[group].entries[entry].0.extra.isEmpty {
          groups[group].entries[entry].0.extra = [""]
        }
      }
    }
    return groups
  }

  private static func attribute(_ name: String, in tag: String) -> String? {
    guard let range = tag.range(of: name + "=", options: .caseInsensitive) else { return nil }
    var value = tag[range.upperBound...]
    if let quote = value.first, quote == "\"" || quote == "'" {
      value = value.dropFirst()
      return HTMLCharacterReferences.decode(String(value.prefix(while: { $0 != quote })))
    }
    return HTMLCharacterReferences.decode(String(value.prefix(while: { !$0.isWhitespace })))
  }

  /// CSV (RFC 4180: `""` is a quote inside a quoted field, which may span lines) with a header
  /// row naming `title` and `url` (any case) and any other columns.
  static func csv(_ text: String, path: String) throws -> ImportedBookmarks {
    let rows = csvRows(text)
    guard let header = rows.first?.fields.map({ $0.trimmingCharacters(in: .whitespaces) }),
      let titleColumn = header.firstIndex(where: { $0.lowercased() == "title" }),
      let urlColumn = header.firstIndex(where: { $0.lowercased() == "url" })
    else {
      throw ComponentProblem.bookmarksCSVWithoutHeader.error(
        at: SourceLocation(path: path, line: 1, column: 1))
    }
    let extras = header.indices.filter { $0 != titleColumn && $0 != urlColumn }
    let entries = rows.dropFirst().filter { $0.fields.count > max(titleColumn, urlColumn) }.map { row in
      let fields = row.fields
      let bookmark = BookmarkTable.Bookmark(
        title: fields[titleColumn], url: fields[urlColumn].trimmingCharacters(in: .whitespaces),
        extra: extras.map { $0 < fields.count ? fields[$0] : "" })
      return (bookmark, SourceLocation(path: path, line: row.line, column: 1))
    }
    return ImportedBookmarks(
      headers: ["Title", "URL"] + extras.map { header[$0].prefix(1).uppercased() + header[$0].dropFirst() },
      groups: [ImportedBookmarks.Group(name: nil, entries: entries)])
  }

  /// The records of a CSV text with the line each starts on; blank lines are skipped.
  static func csvRows(_ text: String) -> [(line: Int, fields: [String])] {
    let scalars = Array(text.unicodeScalars)
    var rows: [(line: Int, fields: [String])] = []
    var fields: [String] = []
    var field = String.UnicodeScalarView()
    var inQuotes = false
    var line = 1
    var rowLine = 1
    func endRecord() {
      fields.append(String(field))
      if fields != [""] { rows.append((rowLine, fields)) }
      fields = []
      field = String.UnicodeScalarView()
    }
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      index += 1
      if inQuotes {
        if scalar == "\"" {
          if index < scalars.count, scalars[index] == "\"" {
            field.append("\"")
            index += 1
          } else {
            inQuotes = false
          }
        } else {
          if scalar == "\n" { line += 1 }
          field.append(scalar)
        }
        continue
      }
      switch scalar {
      case "\"" where field.isEmpty:
        inQuotes = true
      case ",":
        fields.append(String(field))
        field = String.UnicodeScalarView()
      case "\r" where index < scalars.count && scalars[index] == "\n":
        break
      case "\n", "\r":
        endRecord()
        line += 1
        rowLine = line
      default:
        field.append(scalar)
      }
    }
    if !field.isEmpty || !fields.isEmpty { endRecord() }
    return rows
  }
}

/// Turns string indices into line and UTF-8 column, moving forward only, so a whole file is
/// walked once however many locations are asked for.
private struct TextPosition {
  let text: String
  private var index: String.Index
  private var line = 1
  private var column = 1

  init(text: String) {
    self.text = text
    index = text.startIndex
  }

  mutating func location(of target: String.Index, path: String) -> SourceLocation {
    while index < target {
      let character = text[index]
      if character == "\n" || character == "\r\n" {
        line += 1
        column = 1
      } else {
        column += character.utf8.count
      }
      index = text.index(after: index)
    }
    return SourceLocation(path: path, line: line, column: column)
  }
}
