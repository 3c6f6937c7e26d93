/// Custom attributes from Apple's extended attribute syntax, `^[text](key: value, other: 'x')`:
/// an ordered list of keys with JSON5-style values.
///
/// ```swift
/// let text = MarkdownParser(options: MarkdownOptions(extendedAttributes: true))
///   .parse("^[hi](lang: 'ja', rating: 4.5)")
/// let attributes = text.runs[0].customAttributes
/// attributes["lang"]       // .string("ja")
/// attributes.description   // "lang: 'ja', rating: 4.5"
/// ```
public struct CustomAttributes: Hashable, Sendable, CustomStringConvertible {
  /// The attributes in the order they were written.
  public var entries: [(key: String, value: AttributeValue)] {
    get { storage }
    set { storage = newValue }
  }
  private var storage: [(key: String, value: AttributeValue)]

  /// Creates attributes from ordered entries.
  public init(_ entries: [(key: String, value: AttributeValue)]) {
    self.storage = entries
  }

  /// The value for `key`, the last one written when a key repeats.
  public subscript(key: String) -> AttributeValue? {
    storage.last { $0.key == key }?.value
  }

  /// Compares keys and values in order.
  public static func == (lhs: CustomAttributes, rhs: CustomAttributes) -> Bool {
    lhs.storage.count == rhs.storage.count
      && zip(lhs.storage, rhs.storage).allSatisfy { $0.key == $1.key && $0.value == $1.value }
  }

  /// Hashes keys and values in order.
  public func hash(into hasher: inout Hasher) {
    for (key, value) in storage {
      hasher.combine(key)
      hasher.combine(value)
    }
  }

  /// `key: value, …` in JSON5 notation.
  public var description: String {
    storage.map { "\(AttributeValue.key($0.key)): \($0.value)" }.joined(separator: ", ")
  }
}

/// A JSON5-style value in an extended attribute.
public indirect enum AttributeValue: Hashable, Sendable, CustomStringConvertible {
  /// `'text'` or `"text"`.
  case string(String)
  /// A number (JSON5 numbers: integers, decimals, hex, Infinity, NaN).
  case number(Double)
  /// `true` or `false`.
  case bool(Bool)
  /// `null`.
  case null
  /// `[a, b]`.
  case array([AttributeValue])
  /// `{key: value}`.
  case object(CustomAttributes)

  /// The value as text for HTML attributes: strings as they are, numbers without a useless
  /// `.0`, booleans as `true`/`false`, and JSON-like text for the rest.
  public var text: String {
    switch self {
    case .string(let string): return string
    case .number(let number):
      // JSON5 spells the special values out; Swift would print `inf` and `nan`.
      if number.isNaN { return "NaN" }
      if number.isInfinite { return number < 0 ? "-Infinity" : "Infinity" }
      if number.rounded() == number, abs(number) < 1e15 { return String(Int64(number)) }
      return String(number)
    case .bool(let bool): return bool ? "true" : "false"
    case .null: return "null"
    case .array, .object: return description
    }
  }

  /// The value in JSON5 notation.
  public var description: String {
    switch self {
    case .string(let string): Self.quoted(string)
    case .number, .bool, .null: text
    case .array(let values): "[\(values.map(\.description).joined(separator: ", "))]"
    case .object(let attributes): "{\(attributes)}"
    }
  }

  /// `string` as a single-quoted JSON5 string, escaped so that it reads back unchanged.
  static func quoted(_ string: String) -> String {
    var result = "'"
    for scalar in string.unicodeScalars {
      switch scalar {
      case "'": result += "\\'"
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029:
        let hex = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "'"
  }

  /// A key as written in JSON5: bare when it is an identifier, quoted otherwise.
  static func key(_ key: String) -> String {
    let isIdentifier =
      !key.isEmpty
      && key.unicodeScalars.enumerated().allSatisfy { offset, scalar in
        scalar == "$" || scalar == "_"
          || (offset == 0 ? scalar.properties.isIDStart : scalar.properties.isIDContinue)
      }
    return isIdentifier ? key : quoted(key)
  }
}
