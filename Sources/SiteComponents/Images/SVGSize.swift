/// The size of an SVG file: its root `<svg>` element's `width` and `height` when both are in
/// pixels (a bare number or `px`), else the `viewBox`'s, its aspect kept with the one side given
/// in pixels.
///
/// Only the root element's start tag is read, up to ``readLimit`` bytes in: the XML
/// declaration, comments, processing instructions and the doctype before it are skipped.
enum SVGSize {
  /// How far into the file the root element's start tag may end.
  static let readLimit = 64 * 1024

  /// The size, or nil when the file has no `<svg>` root element with one in its first
  /// ``readLimit`` bytes.
  static func read(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
    guard let attributes = rootAttributes(bytes[..<min(bytes.count, readLimit)]) else { return nil }
    let width = attributes["width"].flatMap(pixels)
    let height = attributes["height"].flatMap(pixels)
    if let width, let height { return (rounded(width), rounded(height)) }
    guard let box = attributes["viewBox"].flatMap(viewBox) else { return nil }
    if let width { return (rounded(width), rounded(width * box.height / box.width)) }
    if let height { return (rounded(height * box.width / box.height), rounded(height)) }
    return (rounded(box.width), rounded(box.height))
  }

  /// The attributes of the root element's start tag when it is `<svg>`.
  private static func rootAttributes(_ bytes: ArraySlice<UInt8>) -> [String: String]? {
    var index = bytes.startIndex
    while index < bytes.endIndex {
      guard bytes[index] == UInt8(ascii: "<") else {
        index += 1
        continue
      }
      let rest = bytes[index...]
      if rest.starts(with: "<!--".utf8) {
        guard let end = find("-->", in: bytes, from: index + 4) else { return nil }
        index = end
      } else if rest.starts(with: "<?".utf8) {
        guard let end = find("?>", in: bytes, from: index + 2) else { return nil }
        index = end
      } else if rest.starts(with: "<!".utf8) {
        guard let end = bytes[index...].firstIndex(of: UInt8(ascii: ">")) else { return nil }
        index = end + 1
      } else if rest.starts(with: "<svg".utf8), index + 4 < bytes.endIndex,
        [UInt8(ascii: " "), 0x09, 0x0A, 0x0D, UInt8(ascii: ">"), UInt8(ascii: "/")].contains(bytes[index + 4])
      {
        return attributes(bytes, from: index + 4)
      } else {
        return nil  // another root element
      }
    }
    return nil
  }

  /// Where the first `pattern` after `start` ends.
  private static func find(_ pattern: String, in bytes: ArraySlice<UInt8>, from start: Int) -> Int? {
    let needle = Array(pattern.utf8)
    var index = start
    while index + needle.count <= bytes.endIndex {
      if bytes[index..<index + needle.count].elementsEqual(needle) { return index + needle.count }
      index += 1
    }
    return nil
  }

  /// The `name="value"` pairs of a start tag from `start` to its `>`; nil when it does not end.
  private static func attributes(_ bytes: ArraySlice<UInt8>, from start: Int) -> [String: String]? {
    var found: [String: String] = [:]
    var index = start
    func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
    while index < bytes.endIndex {
      let byte = bytes[index]
      if byte == UInt8(ascii: ">") { return found }
      if isSpace(byte) || byte == UInt8(ascii: "/") {
        index += 1
        continue
      }
      let nameStart = index
      while index < bytes.endIndex, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: "="),
        bytes[index] != UInt8(ascii: ">")
      {
        index += 1
      }
      let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
      while index < bytes.endIndex, isSpace(bytes[index]) { index += 1 }
      guard index < bytes.endIndex, bytes[index] == UInt8(ascii: "=") else { continue }
      index += 1
      while index < bytes.endIndex, isSpace(bytes[index]) { index += 1 }
      guard index < bytes.endIndex else { return nil }
      let quote = bytes[index]
      guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { return nil }
      guard let close = bytes[(index + 1)...].firstIndex(of: quote) else { return nil }
      found[name] = String(decoding: bytes[(index + 1)..<close], as: UTF8.self)
      index = close + 1
    }
    return nil
  }

  /// A length in pixels: a number, alone or followed by `px`; nil for other units and percents.
  private static func pixels(_ text: String) -> Double? {
    var number = text.trimmingSpaces()
    if number.hasSuffix("px") { number.removeLast(2) }
    guard let value = Double(number), value.isFinite, value > 0 else { return nil }
    return value
  }

  /// The width and height of a `viewBox` (`min-x min-y width height`, spaces or commas).
  private static func viewBox(_ text: String) -> (width: Double, height: Double)? {
    let parts = text.split { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" || $0 == "\r" }
    guard parts.count == 4, let width = Double(parts[2]), let height = Double(parts[3]),
      width.isFinite, height.isFinite, width > 0, height > 0
    else { return nil }
    return (width, height)
  }

  /// `value` to the nearest pixel, at least 1, and 0 (refused) past what Int holds.
  private static func rounded(_ value: Double) -> Int {
    guard value.isFinite, value < Double(ImageFileSize.largestSide) * 2 else { return 0 }
    return max(1, Int(value.rounded()))
  }
}

extension String {
  /// The text without the spaces, tabs and line ends around it.
  fileprivate func trimmingSpaces() -> String {
    let isSpace = { (c: Character) in c == " " || c == "\t" || c == "\n" || c == "\r" }
    return String(self.drop(while: isSpace).reversed().drop(while: isSpace).reversed())
  }
}
