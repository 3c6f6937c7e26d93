import HTMLRendering

/// A bookmark table: titles linking to their URLs, the URL shown readably, optional extra
/// columns and folder groups. JavaScript adds selection, reordering, sorting and filtering.
public struct BookmarkTable: Hashable, Sendable {
  /// One bookmark.
  public struct Bookmark: Hashable, Sendable {
    /// The link text.
    public var title: String
    /// The absolute URL (already checked safe).
    public var url: String
    /// Values of the extra columns, as text.
    public var extra: [String]

    /// Creates a bookmark.
    public init(title: String, url: String, extra: [String] = []) {
      self.title = title
      self.url = url
      self.extra = extra
    }
  }

  /// A folder of bookmarks; `name` is nil for an ungrouped table.
  public struct Group: Hashable, Sendable {
    /// The folder's name.
    public var name: String?
    /// Its bookmarks.
    public var bookmarks: [Bookmark]

    /// Creates a group.
    public init(name: String?, bookmarks: [Bookmark]) {
      self.name = name
      self.bookmarks = bookmarks
    }
  }

  /// Page-unique id.
  public var id: String
  /// The key under which the browser keeps a custom order (page URL + id).
  public var storageKey: String
  /// Column headings: title, URL, then the extra columns.
  public var headers: [String]
  /// The bookmarks, in folders when imported from a browser export.
  public var groups: [Group]
  /// An optional caption.
  public var caption: String?

  /// Creates a table.
  public init(id: String, storageKey: String, headers: [String], groups: [Group], caption: String? = nil) {
    self.id = id
    self.storageKey = storageKey
    self.headers = headers
    self.groups = groups
    self.caption = caption
  }

  /// The URL as people read it: without the scheme, `www.` kept, trailing slash dropped.
  public static func readable(_ url: String) -> String {
    // An ASCII URL (nearly all) is cut by bytes: each character is one byte there, so this is
    // what the comparisons of characters below give, without them.
    var bytes = url
    let cut: String? = bytes.withUTF8 { all in
      guard !all.contains(where: { $0 >= 0x80 }) else { return nil }
      var start = 0
      for scheme: StaticString in ["https://", "http://"] {
        let prefix = UnsafeBufferPointer(start: scheme.utf8Start, count: scheme.utf8CodeUnitCount)
        if all.count - start >= prefix.count, all[start..<(start + prefix.count)].elementsEqual(prefix) {
          start += prefix.count
        }
      }
      var end = all.count
      if end > start, all[end - 1] == UInt8(ascii: "/") { end -= 1 }
      return String(decoding: UnsafeBufferPointer(rebasing: all[start..<end]), as: UTF8.self)
    }
    if let cut { return cut }
    var text = Substring(url)
    for scheme in ["https://", "http://"] where text.hasPrefix(scheme) { text = text.dropFirst(scheme.count) }
    if text.hasSuffix("/") { text = text.dropLast() }
    return String(text)
  }

  func render(into writer: inout HTMLWriter) {
    writer.newlineIfNeeded()
    writer.raw("<figure class=\"folio-bookmarks\" id=\"")
    writer.text(id)
    writer.raw("\" data-bookmarks-key=\"")
    writer.text(storageKey)
    writer.raw("\">\n")
    if let caption {
      writer.raw("<figcaption>")
      writer.text(caption)
      writer.raw("</figcaption>\n")
    }
    writer.raw("<table class=\"folio-bookmarks-table\">\n<thead><tr>")
    for header in headers {
      writer.raw("<th scope=\"col\">")
      writer.text(header)
      writer.raw("</th>")
    }
    writer.raw("</tr></thead>\n")
    for group in groups {
      if let name = group.name {
        writer.raw("<tbody data-group=\"")
        writer.text(name)
        writer.raw("\">\n<tr class=\"folio-bookmarks-group\"><th scope=\"rowgroup\" colspan=\"")
        writer.number(headers.count)
        writer.raw("\">")
        writer.text(name)
        writer.raw("</th></tr>\n")
      } else {
        writer.raw("<tbody>\n")
      }
      for bookmark in group.bookmarks {
        writer.raw("<tr data-url=\"")
        writer.text(bookmark.url)
        writer.raw("\"><td><a href=\"")
        writer.text(bookmark.url)
        writer.raw("\">")
        writer.text(bookmark.title)
        writer.raw("</a></td><td class=\"folio-url\">")
        writer.text(BookmarkTable.readable(bookmark.url))
        writer.raw("</td>")
        for column in 0..<max(0, headers.count - 2) {
          writer.raw("<td>")
          writer.text(column < bookmark.extra.count ? bookmark.extra[column] : "")
          writer.raw("</td>")
        }
        writer.raw("</tr>\n")
      }
      writer.raw("</tbody>\n")
    }
    writer.raw("</table>\n</figure>\n")
  }
}
