/// Gives scalars their kinds by the YAML 1.2 core schema, honouring the explicit core tags.
///
/// Plain scalars are matched against the schema (so `yes`, `on` and `2024-01-05` stay strings);
/// quoted and block scalars are strings unless a tag says otherwise.
enum ScalarResolver {
  static let tagPrefix = "tag:yaml.org,2002:"

  static func resolve(_ text: String, isPlain: Bool, tag: String?) -> Result<YAMLValue.Kind, YAMLProblem> {
    guard let tag else {
      return isPlain ? resolvePlain(text) : .success(.string(text))
    }
    switch tag {
    case "!", tagPrefix + "str", tagPrefix + "timestamp":
      return .success(.string(text))
    case tagPrefix + "null":
      return nullValue(text).map { .success($0) } ?? mismatch(tag, text)
    case tagPrefix + "bool":
      return boolValue(text).map { .success($0) } ?? mismatch(tag, text)
    case tagPrefix + "int":
      if let result = intValue(text) { return result }
      return mismatch(tag, text)
    case tagPrefix + "float":
      if let kind = floatValue(text) { return .success(kind) }
      if case .success(.int(let value))? = intValue(text) { return .success(.double(Double(value))) }
      return mismatch(tag, text)
    default:
      return .failure(.unsupportedTag(tag: displayName(of: tag)))
    }
  }

  /// Whether a collection may carry `tag`.
  static func allowsCollection(tag: String?, mapping: Bool) -> Bool {
    guard let tag else { return true }
    return tag == "!" || tag == tagPrefix + (mapping ? "map" : "seq")
  }

  /// `!!int` for the core tags, the tag as written otherwise.
  static func displayName(of tag: String) -> String {
    tag.hasPrefix(tagPrefix) ? "!!" + tag.dropFirst(tagPrefix.count) : tag
  }

  private static func mismatch(_ tag: String, _ text: String) -> Result<YAMLValue.Kind, YAMLProblem> {
    .failure(.valueDoesNotMatchTag(tag: displayName(of: tag), text: text))
  }

  private static func resolvePlain(_ text: String) -> Result<YAMLValue.Kind, YAMLProblem> {
    // Every non-string form starts with one of these; most text is settled by the first byte.
    guard let first = text.utf8.first else { return .success(.null) }
    switch first {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."):
      if let result = intValue(text) { return result }
      if let kind = floatValue(text) { return .success(kind) }
    case UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "~"):
      if let kind = nullValue(text) { return .success(kind) }
    case UInt8(ascii: "t"), UInt8(ascii: "T"), UInt8(ascii: "f"), UInt8(ascii: "F"):
      if let kind = boolValue(text) { return .success(kind) }
    default:
      break
    }
    return .success(.string(text))
  }

  private static func nullValue(_ text: String) -> YAMLValue.Kind? {
    switch text {
    case "", "~", "null", "Null", "NULL": .null
    default: nil
    }
  }

  private static func boolValue(_ text: String) -> YAMLValue.Kind? {
    switch text {
    case "true", "True", "TRUE": .bool(true)
    case "false", "False", "FALSE": .bool(false)
    default: nil
    }
  }

  /// `nil` when `text` is not an integer; a failure when it is one that does not fit.
  private static func intValue(_ text: String) -> Result<YAMLValue.Kind, YAMLProblem>? {
    let utf8 = Array(text.utf8)
    func digits(from start: Int, _ isDigit: (UInt8) -> Bool) -> Bool {
      start < utf8.count && utf8[start...].allSatisfy(isDigit)
    }
    if utf8.count > 2 && utf8[0] == UInt8(ascii: "0")
      && (utf8[1] == UInt8(ascii: "x") || utf8[1] == UInt8(ascii: "o"))
    {
      let isHex = utf8[1] == UInt8(ascii: "x")
      guard digits(from: 2, isHex ? isHexDigit : isOctalDigit) else { return nil }
      guard let value = Int(text.dropFirst(2), radix: isHex ? 16 : 8) else {
        return .failure(.integerOutOfRange(text: text))
      }
      return .success(.int(value))
    }
    let start = utf8.first == UInt8(ascii: "-") || utf8.first == UInt8(ascii: "+") ? 1 : 0
    guard digits(from: start, isDecimalDigit) else { return nil }
    if let value = Int(text) { return .success(.int(value)) }
    // A decimal too long for 64 bits becomes a double, as JSON readers treat such numbers.
    return Double(text).map { .success(.double($0)) }
  }

  private static func floatValue(_ text: String) -> YAMLValue.Kind? {
    switch text {
    case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .double(.infinity)
    case "-.inf", "-.Inf", "-.INF": return .double(-.infinity)
    case ".nan", ".NaN", ".NAN": return .double(.nan)
    default: break
    }
    guard matchesFloatSyntax(Array(text.utf8)), let value = Double(text) else { return nil }
    return .double(value)
  }

  /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`, which Swift's `Double(_:)` is wider than
  /// (it also reads `inf`, `nan` and hexadecimal floats).
  private static func matchesFloatSyntax(_ utf8: [UInt8]) -> Bool {
    var position = 0
    func skipDigits() -> Int {
      let start = position
      while position < utf8.count && isDecimalDigit(utf8[position]) { position += 1 }
      return position - start
    }
    func skip(_ characters: String) -> Bool {
      guard position < utf8.count, characters.utf8.contains(utf8[position]) else { return false }
      position += 1
      return true
    }
    _ = skip("-+")
    let integerDigits = skipDigits()
    if skip(".") {
      guard skipDigits() > 0 || integerDigits > 0 else { return false }
    } else if integerDigits == 0 {
      return false
    }
    if skip("eE") {
      _ = skip("-+")
      guard skipDigits() > 0 else { return false }
    }
    return position == utf8.count
  }

  private static func isDecimalDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }

  private static func isOctalDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(byte)
  }

  private static func isHexDigit(_ byte: UInt8) -> Bool {
    isDecimalDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
  }
}
