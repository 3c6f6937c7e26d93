extension CMarkTreeWalker {
  /// The first word of a code block's info string (its language), split on ASCII white
  /// space as cmark-gfm's renderer splits it; nil when the string is empty.
  static func firstWord(of info: String) -> String? {
    let utf8 = info.utf8
    // cmark_isspace: tab, line feed, carriage return and space; not vertical tab or form feed.
    let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    guard let start = utf8.firstIndex(where: { !isSpace($0) }) else { return nil }
    let end = utf8[start...].firstIndex(where: isSpace) ?? utf8.endIndex
    return String(decoding: utf8[start..<end], as: UTF8.self)
  }
}
