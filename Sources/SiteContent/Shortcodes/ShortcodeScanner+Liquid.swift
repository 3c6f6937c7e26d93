// Liquid's tags and outputs, and the search for a tag's end they share.
extension ShortcodeScanner {
  /// The bytes from `start` up to `close`, or nil when a new tag opens first or the limit passes.
  mutating func insideUntil(_ close: String, from start: Int) -> (inside: Range<Int>, end: Int)? {
    let limit = min(bytes.count, start + ShortcodeScanner.maximumTagBytes)
    var index = start
    while index < limit {
      steps += 1
      if starts(close, at: index) { return (start..<index, index + close.utf8.count) }
      if opensTag(at: index) { return nil }
      index += 1
    }
    return nil
  }

  /// `{% name args %}` (and `{%- … -%}`).
  mutating func readLiquidTag(at start: Int) -> ShortcodeTag? {
    guard let (inside, end) = insideUntil("%}", from: start + 2) else { return nil }
    var text = String(decoding: bytes[inside], as: UTF8.self)
    if text.hasPrefix("-") { text.removeFirst() }
    if text.hasSuffix("-") { text.removeLast() }
    let words = ShortcodeScanner.words(text.withoutOuterSpaces)
    guard let name = words.first else { return nil }
    var tag = ShortcodeTag(form: .liquidTag, range: start..<end, name: name, inside: text.withoutOuterSpaces)
    tag.arguments = words.dropFirst().map { ShortcodeTag.Argument(name: nil, value: $0) }
    return tag
  }

  /// `{{ expression }}` (and `{{- … -}}`).
  mutating func readLiquidOutput(at start: Int) -> ShortcodeTag? {
    guard let (inside, end) = insideUntil("}}", from: start + 2) else { return nil }
    var text = String(decoding: bytes[inside], as: UTF8.self)
    if text.hasPrefix("-") { text.removeFirst() }
    if text.hasSuffix("-") { text.removeLast() }
    let expression = text.withoutOuterSpaces
    guard !expression.isEmpty else { return nil }
    return ShortcodeTag(form: .liquidOutput, range: start..<end, name: expression, inside: expression)
  }

  /// Words split at spaces, a quoted word kept whole without its quotes.
  static func words(_ text: String) -> [String] {
    var words: [String] = []
    var current = ""
    var quote: Character? = nil
    var inWord = false
    for character in text {
      if let open = quote {
        if character == open { quote = nil } else { current.append(character) }
      } else if character == "\"" || character == "'" {
        quote = character
        inWord = true
      } else if character.isWhitespace {
        if inWord { words.append(current) }
        current = ""
        inWord = false
      } else {
        current.append(character)
        inWord = true
      }
    }
    if inWord { words.append(current) }
    return words
  }
}
