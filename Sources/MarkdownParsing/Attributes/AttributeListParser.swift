import RichText

/// Reads the parenthesised part of Apple's `^[text](key: value, other: 'x')`: the members of a
/// JSON5 object without its braces.
///
/// JSON5 as Foundation accepts it: identifier or quoted keys; single- or double-quoted strings
/// with JSON5 escapes; numbers with a sign, hex, `Infinity` and `NaN`; `true`, `false`, `null`;
/// arrays and objects; trailing commas; `//` and `/* */` comments. Smart punctuation may have
/// curled the quotes before we see them, so `‘ ’` and `“ ”` delimit strings too.
///
/// Values nest by recursion, so nesting is capped at ``maximumDepth``: hostile input cannot
/// grow the stack, and anything deeper is simply not an attribute list.
struct AttributeListParser {
  /// How deep arrays and objects may nest inside one attribute list.
  static let maximumDepth = 64

  // Not private: the string productions live in AttributeListParser+Strings.swift.
  let bytes: UnsafeBufferPointer<UInt8>
  let limit: Int
  var position: Int
  private var depth = 0

  private init(bytes: UnsafeBufferPointer<UInt8>, from start: Int, limit: Int) {
    self.bytes = bytes
    self.position = start
    self.limit = limit
  }

  /// Parses members from `start` up to a closing `)`, reading no further than `limit`.
  /// Returns the attributes and the index just past the `)`, or nil if the text there is not
  /// a non-empty attribute list followed by `)`.
  static func parseParenthesised(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, limit: Int
  ) -> (attributes: CustomAttributes, end: Int)? {
    var parser = AttributeListParser(bytes: bytes, from: start, limit: limit)
    guard let entries = parser.members(closedBy: UInt8(ascii: ")")) else { return nil }
    return (CustomAttributes(entries), parser.position)
  }

  /// Parses `source` as a whole attribute list with nothing after it.
  static func parseComplete(_ source: [UInt8]) -> CustomAttributes? {
    source.withUnsafeBufferPointer { buffer in
      var parser = AttributeListParser(bytes: buffer, from: 0, limit: buffer.count)
      return parser.members(closedBy: nil).map(CustomAttributes.init)
    }
  }

  // MARK: - Grammar

  /// `member (, member)* ,?` then `close` (or the end of the input when `close` is nil).
  /// An empty attribute list is not one, but an empty nested object `{}` is.
  private mutating func members(
    closedBy close: UInt8?, allowsEmpty: Bool = false
  ) -> [(key: String, value: AttributeValue)]? {
    var entries: [(key: String, value: AttributeValue)] = []
    while true {
      skipSpace()
      if isAtClose(close) {
        guard allowsEmpty || !entries.isEmpty else { return nil }
        if close != nil { position += 1 }
        return entries
      }
      guard let key = key() else { return nil }
      skipSpace()
      guard consume(UInt8(ascii: ":")) else { return nil }
      skipSpace()
      guard let value = value() else { return nil }
      entries.append((key, value))
      skipSpace()
      if consume(UInt8(ascii: ",")) { continue }
      guard isAtClose(close) else { return nil }
    }
  }

  private func isAtClose(_ close: UInt8?) -> Bool {
    guard let close else { return position >= limit }
    return position < limit && bytes[position] == close
  }

  private mutating func key() -> String? {
    if quoteFamily(at: position) != nil { return string() }
    return identifier()
  }

  private mutating func value() -> AttributeValue? {
    guard position < limit else { return nil }
    let byte = bytes[position]
    if quoteFamily(at: position) != nil { return string().map(AttributeValue.string) }
    switch byte {
    case UInt8(ascii: "["):
      return nested { $0.array() }
    case UInt8(ascii: "{"):
      return nested { parser in
        parser.position += 1
        return parser.members(closedBy: UInt8(ascii: "}"), allowsEmpty: true).map {
          .object(CustomAttributes($0))
        }
      }
    case UInt8(ascii: "t"):
      return consumeWord("true") ? .bool(true) : nil
    case UInt8(ascii: "f"):
      return consumeWord("false") ? .bool(false) : nil
    case UInt8(ascii: "n"):
      return consumeWord("null") ? .null : nil
    default:
      return number().map(AttributeValue.number)
    }
  }

  private mutating func nested(_ body: (inout AttributeListParser) -> AttributeValue?) -> AttributeValue? {
    guard depth < Self.maximumDepth else { return nil }
    depth += 1
    defer { depth -= 1 }
    return body(&self)
  }

  /// `[value (, value)* ,?]`; `[]` is an empty array.
  private mutating func array() -> AttributeValue? {
    position += 1
    var values: [AttributeValue] = []
    while true {
      skipSpace()
      if consume(UInt8(ascii: "]")) { return .array(values) }
      guard let value = value() else { return nil }
      values.append(value)
      skipSpace()
      if consume(UInt8(ascii: ",")) { continue }
      guard consume(UInt8(ascii: "]")) else { return nil }
      return .array(values)
    }
  }

  // MARK: - Numbers

  /// A JSON5 number: `[+-]` then `Infinity`, `NaN`, `0x` hex digits, or a decimal with
  /// optional leading or trailing point and exponent (no leading zeros, as in JSON).
  private mutating func number() -> Double? {
    var sign = 1.0
    if consume(UInt8(ascii: "+")) {
    } else if consume(UInt8(ascii: "-")) {
      sign = -1
    }
    if consumeWord("Infinity") { return sign * .infinity }
    if consumeWord("NaN") { return .nan }
    if position + 1 < limit, bytes[position] == UInt8(ascii: "0"),
      bytes[position + 1] | 0x20 == UInt8(ascii: "x")
    {
      position += 2
      var value = 0.0
      var digits = 0
      while position < limit, let digit = hexValue(bytes[position]) {
        value = value * 16 + Double(digit)
        digits += 1
        position += 1
      }
      return digits > 0 ? sign * value : nil
    }
    let integerStart = position
    skipDigits()
    let integer = text(from: integerStart)
    if integer.count > 1, integer.first == "0" { return nil }
    var fraction = ""
    if consume(UInt8(ascii: ".")) {
      let fractionStart = position
      skipDigits()
      fraction = text(from: fractionStart)
    }
    guard !integer.isEmpty || !fraction.isEmpty else { return nil }
    var exponent = "0"
    if position < limit, bytes[position] | 0x20 == UInt8(ascii: "e") {
      position += 1
      let exponentStart = position
      if position < limit, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
        position += 1
      }
      let digitsStart = position
      skipDigits()
      guard position > digitsStart else { return nil }
      exponent = text(from: exponentStart)
    }
    let canonical = "\(integer.isEmpty ? "0" : integer).\(fraction.isEmpty ? "0" : fraction)e\(exponent)"
    return Double(canonical).map { sign * $0 }
  }

  private mutating func skipDigits() {
    while position < limit, bytes[position] >= UInt8(ascii: "0"), bytes[position] <= UInt8(ascii: "9") {
      position += 1
    }
  }

  private func text(from start: Int) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
  }

  // MARK: - Identifiers

  /// A JSON5 identifier key: ECMAScript identifier characters, `$`, `_` and `\uXXXX` escapes.
  private mutating func identifier() -> String? {
    var result = ""
    while position < limit {
      var scalar: Unicode.Scalar
      if bytes[position] == UInt8(ascii: "\\") {
        guard position + 1 < limit, bytes[position + 1] == UInt8(ascii: "u") else { return nil }
        position += 2
        guard let escaped = hexNumber(digits: 4).flatMap(Unicode.Scalar.init) else { return nil }
        scalar = escaped
        guard isIdentifier(scalar, first: result.isEmpty) else { return nil }
      } else {
        guard let (decoded, length) = self.scalar(at: position), isIdentifier(decoded, first: result.isEmpty)
        else { break }
        scalar = decoded
        position += length
      }
      result.unicodeScalars.append(scalar)
    }
    return result.isEmpty ? nil : result
  }

  private func isIdentifier(_ scalar: Unicode.Scalar, first: Bool) -> Bool {
    if scalar == "$" || scalar == "_" { return true }
    if first { return scalar.properties.isIDStart }
    // U+200C and U+200D (zero-width non-joiner and joiner) are allowed inside identifiers.
    return scalar.properties.isIDContinue || scalar.value == 0x200C || scalar.value == 0x200D
  }

  // MARK: - Space and comments

  /// Skips JSON5 white space, line endings and comments.
  private mutating func skipSpace() {
    while position < limit {
      let byte = bytes[position]
      switch byte {
      case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20:
        position += 1
      case UInt8(ascii: "/"):
        guard skipComment() else { return }
      case 0x80...:
        guard let (scalar, length) = scalar(at: position),
          scalar.value == 0xFEFF || scalar.value == 0x2028 || scalar.value == 0x2029
            || scalar.properties.generalCategory == .spaceSeparator
        else { return }
        position += length
      default:
        return
      }
    }
  }

  private mutating func skipComment() -> Bool {
    guard position + 1 < limit else { return false }
    switch bytes[position + 1] {
    case UInt8(ascii: "/"):
      position += 2
      while position < limit, bytes[position] != 0x0A, bytes[position] != 0x0D { position += 1 }
      return true
    case UInt8(ascii: "*"):
      var index = position + 2
      while index + 1 < limit {
        if bytes[index] == UInt8(ascii: "*"), bytes[index + 1] == UInt8(ascii: "/") {
          position = index + 2
          return true
        }
        index += 1
      }
      return false
    default:
      return false
    }
  }

  // MARK: - Bytes

  private mutating func consume(_ byte: UInt8) -> Bool {
    guard position < limit, bytes[position] == byte else { return false }
    position += 1
    return true
  }

  private mutating func consumeWord(_ word: StaticString) -> Bool {
    let count = word.utf8CodeUnitCount
    guard position + count <= limit else { return false }
    for offset in 0..<count where bytes[position + offset] != word.utf8Start[offset] { return false }
    position += count
    return true
  }

  /// The scalar that starts at `index` and its length in bytes, or nil for invalid UTF-8.
  func scalar(at index: Int) -> (Unicode.Scalar, Int)? {
    let end = min(limit, index + 4)
    var iterator = UnsafeBufferPointer(rebasing: bytes[index..<end]).makeIterator()
    var decoder = UTF8()
    guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return nil }
    return (scalar, UTF8.width(scalar))
  }

  func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

  func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
