/// Hugo's permalink patterns in Folio's terms (`urls.permalinks`).
enum HugoPermalink {
  /// Hugo's tokens that Folio fills, by Hugo's name.
  private static let tokens: [String: String] = [
    "year": "year", "month": "month", "day": "day", "slug": "slug", "title": "title", "filename": "filename",
    "slugorfilename": "slugorfilename", "contentbasename": "filename",
    "slugorcontentbasename": "slugorfilename",
    "section": "section", "sections": "sections",
  ]

  /// `pattern` as Folio writes it (a folder path), or nil when it uses a token Folio does not
  /// fill (`:monthname`, `:weekday`, a Go date layout).
  static func folioPattern(_ pattern: String) -> String? {
    var result = ""
    var index = pattern.startIndex
    while index < pattern.endIndex {
      guard pattern[index] == ":" else {
        result.append(pattern[index])
        index = pattern.index(after: index)
        continue
      }
      let start = pattern.index(after: index)
      let end =
        pattern[start...].firstIndex { !($0.isASCII && ($0.isLetter || $0 == "_")) } ?? pattern.endIndex
      guard let token = tokens[pattern[start..<end].lowercased()] else { return nil }
      result += ":" + token
      index = end
    }
    if !result.hasPrefix("/") { result = "/" + result }
    if !result.hasSuffix("/") && !result.hasSuffix(".html") { result += "/" }
    return result
  }
}
