/// GitHub's tag filter: raw HTML may not open or close `title`, `textarea`, `style`, `xmp`,
/// `iframe`, `noembed`, `noframes`, `script` or `plaintext`; such a tag's `<` becomes `&lt;`.
enum TagFilter {
  private static let disallowed: [[UInt8]] = [
    "title", "textarea", "style", "xmp", "iframe", "noembed", "noframes", "script", "plaintext",
  ].map { Array($0.utf8) }

  /// Whether `html` starts with a disallowed tag.
  static func isDisallowed(_ html: UnsafeBufferPointer<UInt8>) -> Bool {
    disallowed.contains { matches(html, tag: $0) }
  }

  /// Writes an HTML block, escaping the `<` of every disallowed tag in it.
  static func write(_ html: UnsafeBufferPointer<UInt8>, into writer: inout HTMLWriter) {
    var start = 0
    var index = 0
    while index < html.count {
      if html[index] == UInt8(ascii: "<"), isDisallowed(UnsafeBufferPointer(rebasing: html[index...])) {
        writer.raw(bytes: UnsafeBufferPointer(rebasing: html[start..<index]))
        writer.raw("&lt;")
        start = index + 1
      }
      index += 1
    }
    writer.raw(bytes: UnsafeBufferPointer(rebasing: html[start...]))
  }

  private static func matches(_ html: UnsafeBufferPointer<UInt8>, tag: [UInt8]) -> Bool {
    guard html.count >= 3, html[0] == UInt8(ascii: "<") else { return false }
    var index = 1
    if html[index] == UInt8(ascii: "/") { index += 1 }
    for expected in tag {
      guard index < html.count else { return false }
      var byte = html[index]
      if byte >= UInt8(ascii: "A"), byte <= UInt8(ascii: "Z") { byte += 32 }
      if byte != expected { return false }
      index += 1
    }
    guard index < html.count else { return false }
    let next = html[index]
    // After the name, what cmark-gfm's `cmark_isspace` calls a space (tab, line feed, carriage
    // return, space; not the vertical tab or form feed, which the fuzz test found), or `>`.
    if [0x09, 0x0A, 0x0D, 0x20, UInt8(ascii: ">")].contains(next) { return true }
    return next == UInt8(ascii: "/") && index + 1 < html.count && html[index + 1] == UInt8(ascii: ">")
  }
}
