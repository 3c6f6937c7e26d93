/// Adds the live-reload script and overlay stylesheet to HTML pages as they are served.
///
/// The tags go before `</head>` when the page has one, else right after the `<body…>` tag, else
/// after a leading `<!DOCTYPE…>` (never before it, which would switch browsers to quirks mode),
/// else at the very start. The page on disk or in the store is never changed.
enum LiveReloadInjector {
  /// The markup that is injected.
  static let markup =
    #"<link rel="stylesheet" href="/_folio/overlay.css">"#
    + #"<script src="/_folio/livereload.js" defer></script>"#

  /// A short, stable name for this markup, appended to entity tags of injected pages so that a
  /// change to the markup in a new Folio version also changes the tags.
  static let variant = "lr" + String(EntityTag.hex(EntityTag.hash(markup.utf8)).prefix(8))

  /// `html` with the markup inserted.
  static func inject(into html: [UInt8]) -> [UInt8] {
    let offset = insertionOffset(in: html)
    var result: [UInt8] = []
    result.reserveCapacity(html.count + markup.utf8.count)
    result.append(contentsOf: html[..<offset])
    result.append(contentsOf: markup.utf8)
    result.append(contentsOf: html[offset...])
    return result
  }

  /// Where the markup goes in `html`.
  static func insertionOffset(in html: [UInt8]) -> Int {
    if let head = find("</head", in: html, from: 0) { return head }
    var searchFrom = 0
    while let body = find("<body", in: html, from: searchFrom) {
      let next = body + 5
      // `<body>` or `<body class=…>`, but not `<bodyguard>`.
      if next < html.count, isTagNameEnd(html[next]) {
        return html[next...].firstIndex(of: UInt8(ascii: ">")).map { $0 + 1 } ?? html.count
      }
      searchFrom = next
    }
    var start = 0
    if html.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
    while start < html.count, isSpace(html[start]) { start += 1 }
    if let doctype = find("<!doctype", in: html, from: start), doctype == start,
      let end = html[doctype...].firstIndex(of: UInt8(ascii: ">"))
    {
      return end + 1
    }
    return 0
  }

  /// The first offset of `needle` (ASCII, lowercase) in `haystack`, ignoring ASCII case.
  private static func find(_ needle: String, in haystack: [UInt8], from start: Int) -> Int? {
    let needle = Array(needle.utf8)
    guard haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
    var index = start
    while index <= haystack.count - needle.count {
      var matched = true
      for offset in 0..<needle.count where lowercased(haystack[index + offset]) != needle[offset] {
        matched = false
        break
      }
      if matched { return index }
      index += 1
    }
    return nil
  }

  private static func lowercased(_ byte: UInt8) -> UInt8 {
    (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
  }

  private static func isTagNameEnd(_ byte: UInt8) -> Bool {
    isSpace(byte) || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/")
  }
}
