import Diagnostics

/// Reads the plainest YAML straight from its bytes into the tree that libyaml's events would
/// build, or gives up (nil) and leaves the text to the event path.
///
/// Nearly every page's front matter is a block mapping of one-line values: `title: "…"`,
/// `date: 2024-01-05`, `tags: ["a", "b"]` or a list of `- item` lines. For such a text libyaml's
/// set-up, its events and their conversion cost far more than the text itself; a 10,000-page
/// build spent a tenth of its time there. This reader accepts only that shape, and within it only
/// what reads one way in YAML:
///
/// - every line is `key: value` with the key at the first column, or an item of a block
///   sequence that a `key:` line opens; no blank lines, comments, tabs or carriage returns;
/// - keys are `[A-Za-z_][A-Za-z0-9_-]*` followed at once by `:`;
/// - values are a double-quoted string without `\`, a single-quoted string without `''`, a plain
///   scalar that starts with a letter, a digit or one of a few safe marks and holds no `#`, no
///   `: `, no trailing `:` and no trailing space, or a one-line flow sequence of such strings
///   and of plain words;
/// - characters are printable ASCII, or UTF-8 that libyaml reads as a printable character that
///   breaks no line (no U+0085, U+2028, U+2029, U+FEFF, U+FFFE or U+FFFF);
/// - no key repeats (the event path words that error).
///
/// Anything else, valid or not, returns nil. Kinds come from ``ScalarResolver`` and mappings
/// from ``MappingBuilder``, as on the event path; locations are counted in bytes here, which is
/// what ``SourceMapper`` turns libyaml's character counts into.
struct SimpleMappingReader {
  private let bytes: UnsafeBufferPointer<UInt8>
  private let path: String
  private let lineOffset: Int
  private var position = 0
  /// The 0-based line of `position` and the offset where that line starts.
  private var line = 0
  private var lineStart = 0

  /// The document in `bytes` if it has the shape described above, else nil.
  static func read(_ bytes: [UInt8], path: String, lineOffset: Int) -> YAMLValue? {
    bytes.withUnsafeBufferPointer { buffer in
      var reader = SimpleMappingReader(bytes: buffer, path: path, lineOffset: lineOffset)
      return reader.mapping()
    }
  }

  private init(bytes: UnsafeBufferPointer<UInt8>, path: String, lineOffset: Int) {
    self.bytes = bytes
    self.path = path
    self.lineOffset = lineOffset
  }

  private func location(_ offset: Int) -> SourceLocation {
    SourceLocation(path: path, line: line + 1 + lineOffset, column: offset - lineStart + 1)
  }

  private func byte(_ offset: Int) -> UInt8? {
    offset < bytes.count ? bytes[offset] : nil
  }

  // MARK: Lines

  private mutating func mapping() -> YAMLValue? {
    guard !bytes.isEmpty else { return nil }
    let start = location(0)
    var builder = MappingBuilder()
    while position < bytes.count {
      guard let key = key() else { return nil }
      let value: YAMLValue
      if byte(position) == 0x0A {
        // `key:` alone on its line: a block sequence must follow.
        guard nextLine(), let sequence = blockSequence() else { return nil }
        value = sequence
      } else {
        guard skipSpaces() > 0, let scalar = node(inFlow: false), endLine() else { return nil }
        value = scalar
      }
      do {
        try builder.add(key, isMergeKey: false)
        try builder.add(value, isMergeKey: false)
      } catch {
        return nil
      }
    }
    guard let mapping = try? builder.build() else { return nil }
    return YAMLValue(.mapping(mapping), at: start)
  }

  /// A key at the start of a line and its `:`.
  private mutating func key() -> YAMLValue? {
    let start = position
    guard let first = byte(position), Self.isKeyStart(first) else { return nil }
    position += 1
    while let next = byte(position), Self.isKeyStart(next) || Self.isDigit(next) || next == UInt8(ascii: "-")
    {
      position += 1
    }
    guard byte(position) == UInt8(ascii: ":"), position - start <= 128 else { return nil }
    let text = String(decoding: bytes[start..<position], as: UTF8.self)
    position += 1
    return scalar(text, isPlain: true, at: start)
  }

  /// Items of a block sequence, each `- value` on a line of its own at one indentation, up to
  /// the next line at the first column that is not an item (the next key), or the end.
  private mutating func blockSequence() -> YAMLValue? {
    let indent = countSpaces(from: position)
    guard byte(position + indent) == UInt8(ascii: "-") else { return nil }
    let start = location(position + indent)
    var items: [YAMLValue] = []
    while position < bytes.count {
      let spaces = countSpaces(from: position)
      guard byte(position + spaces) == UInt8(ascii: "-") else {
        // The mapping's next key, or something this reader leaves to libyaml.
        guard spaces == 0 else { return nil }
        break
      }
      guard spaces == indent else { return nil }
      position += spaces + 1
      // A flow sequence in an item would be a third level.
      guard skipSpaces() > 0, byte(position) != UInt8(ascii: "["), let item = node(inFlow: false), endLine()
      else { return nil }
      items.append(item)
    }
    return YAMLValue(.sequence(items), at: start)
  }

  // MARK: Nodes

  /// A quoted or plain scalar, or (outside a flow) a one-line flow sequence.
  private mutating func node(inFlow: Bool) -> YAMLValue? {
    switch byte(position) {
    case UInt8(ascii: "\""): return quoted(UInt8(ascii: "\""))
    case UInt8(ascii: "'"): return quoted(UInt8(ascii: "'"))
    case UInt8(ascii: "[") where !inFlow: return flowSequence()
    default: return inFlow ? plainWord() : plain()
    }
  }

  private mutating func quoted(_ quote: UInt8) -> YAMLValue? {
    let start = position
    position += 1
    let contents = position
    while let next = byte(position), next != quote {
      // A backslash is an escape in double quotes; a tab or a line break inside leaves the
      // one-line shape.
      if next == UInt8(ascii: "\\") && quote == UInt8(ascii: "\"") { return nil }
      guard skipCharacter() else { return nil }
    }
    guard position < bytes.count else { return nil }
    let text = String(decoding: bytes[contents..<position], as: UTF8.self)
    position += 1
    // `''` inside single quotes is an escaped quote.
    if quote == UInt8(ascii: "'"), byte(position) == quote { return nil }
    return scalar(text, isPlain: false, at: start)
  }

  /// A plain scalar in block context, to the end of its line.
  private mutating func plain() -> YAMLValue? {
    let start = position
    guard let first = byte(position), Self.canStartPlain(first, next: byte(position + 1)) else { return nil }
    while let next = byte(position), next != 0x0A {
      switch next {
      case UInt8(ascii: "#"): return nil
      case UInt8(ascii: ":"):
        // `: ` or a final `:` would start a mapping value.
        guard let after = byte(position + 1), after != 0x20, after != 0x0A else { return nil }
        position += 1
      default:
        guard skipCharacter() else { return nil }
      }
    }
    guard bytes[position - 1] != 0x20 else { return nil }
    return scalar(String(decoding: bytes[start..<position], as: UTF8.self), isPlain: true, at: start)
  }

  /// A plain item of a flow sequence: letters, digits, `_`, `-`, `.`, `/` and `+`, starting with
  /// a letter, a digit or `_`.
  private mutating func plainWord() -> YAMLValue? {
    let start = position
    guard let first = byte(position), Self.isKeyStart(first) || Self.isDigit(first) else { return nil }
    position += 1
    while let next = byte(position),
      Self.isKeyStart(next) || Self.isDigit(next) || next == UInt8(ascii: "-") || next == UInt8(ascii: ".")
        || next == UInt8(ascii: "/") || next == UInt8(ascii: "+")
    {
      position += 1
    }
    return scalar(String(decoding: bytes[start..<position], as: UTF8.self), isPlain: true, at: start)
  }

  /// `[item, item]` on one line; items are quoted strings or plain words.
  private mutating func flowSequence() -> YAMLValue? {
    let start = location(position)
    position += 1
    _ = skipSpaces()
    var items: [YAMLValue] = []
    if byte(position) == UInt8(ascii: "]") {
      position += 1
      return YAMLValue(.sequence(items), at: start)
    }
    while true {
      guard let item = node(inFlow: true) else { return nil }
      items.append(item)
      _ = skipSpaces()
      switch byte(position) {
      case UInt8(ascii: ","):
        position += 1
        _ = skipSpaces()
      case UInt8(ascii: "]"):
        position += 1
        return YAMLValue(.sequence(items), at: start)
      default:
        return nil
      }
    }
  }

  private func scalar(_ text: String, isPlain: Bool, at offset: Int) -> YAMLValue? {
    guard case .success(let kind) = ScalarResolver.resolve(text, isPlain: isPlain, tag: nil) else {
      return nil
    }
    return YAMLValue(kind, at: location(offset))
  }

  // MARK: Bytes

  /// Spaces, then the end of the line (or of the text); moves to the next line.
  private mutating func endLine() -> Bool {
    _ = skipSpaces()
    guard position == bytes.count || byte(position) == 0x0A else { return false }
    if position < bytes.count { _ = nextLine() }
    return true
  }

  /// Steps over the line break at `position`.
  private mutating func nextLine() -> Bool {
    position += 1
    line += 1
    lineStart = position
    return position < bytes.count
  }

  private mutating func skipSpaces() -> Int {
    let spaces = countSpaces(from: position)
    position += spaces
    return spaces
  }

  private func countSpaces(from offset: Int) -> Int {
    var end = offset
    while byte(end) == 0x20 { end += 1 }
    return end - offset
  }

  /// Steps over one printable character that breaks no line, in ASCII or valid UTF-8; false
  /// for anything else (control characters, tabs, line breaks, invalid or unusual UTF-8).
  private mutating func skipCharacter() -> Bool {
    let first = bytes[position]
    if first >= 0x20 && first < 0x7F {
      position += 1
      return true
    }
    let length: Int
    var scalar: UInt32
    switch first {
    case 0xC2...0xDF: (length, scalar) = (2, UInt32(first & 0x1F))
    case 0xE0...0xEF: (length, scalar) = (3, UInt32(first & 0x0F))
    case 0xF0...0xF4: (length, scalar) = (4, UInt32(first & 0x07))
    default: return false
    }
    guard position + length <= bytes.count else { return false }
    for offset in 1..<length {
      let continuation = bytes[position + offset]
      guard continuation & 0xC0 == 0x80 else { return false }
      scalar = scalar << 6 | UInt32(continuation & 0x3F)
    }
    let shortest: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
    guard scalar >= shortest, scalar >= 0xA0, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar),
      scalar != 0x2028, scalar != 0x2029, scalar != 0xFEFF, scalar != 0xFFFE, scalar != 0xFFFF
    else { return false }
    position += length
    return true
  }

  private static func isKeyStart(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || byte == UInt8(ascii: "_")
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }

  /// Whether a block plain scalar may start with `byte`: letters, digits, non-ASCII, a few marks
  /// that mean nothing at the start of a value, and `-` or `.` before a digit or a letter (`-1`,
  /// `.5`, `-.inf`).
  private static func canStartPlain(_ byte: UInt8, next: UInt8?) -> Bool {
    if isKeyStart(byte) || isDigit(byte) || byte >= 0x80 { return true }
    switch byte {
    case UInt8(ascii: "/"), UInt8(ascii: "("), UInt8(ascii: "~"), UInt8(ascii: "+"), UInt8(ascii: "$"):
      return true
    case UInt8(ascii: "-"), UInt8(ascii: "."):
      guard let next else { return false }
      return isKeyStart(next) || isDigit(next) || next == UInt8(ascii: ".")
    default:
      return false
    }
  }
}
