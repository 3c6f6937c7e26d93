/// A coding key the decoder makes up: a sequence position, or `super`.
struct NodeKey: CodingKey {
  var stringValue: String
  var intValue: Int?

  init(stringValue: String) {
    self.stringValue = stringValue
    intValue = nil
  }

  init(intValue: Int) {
    stringValue = "\(intValue)"
    self.intValue = intValue
  }

  static let superKey = NodeKey(stringValue: "super")
}

extension YAMLValue {
  /// The text a coding key must have to name this mapping key: a string's own text, or a number or
  /// boolean as written in canonical form, so `2024:` decodes into `[Int: T]` and `[String: T]` alike.
  var codingKeyText: String? {
    switch kind {
    case .string(let text): text
    case .int(let number): String(number)
    case .bool(let flag): String(flag)
    case .double(let number): String(number)
    case .null, .sequence, .mapping: nil
    }
  }
}
