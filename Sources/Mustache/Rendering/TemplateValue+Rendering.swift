extension TemplateValue {
  /// Whether a section shows its content for this value (and an inverted section hides it).
  ///
  /// As in JavaScript, whose truthiness the spec borrows: `null`, `false`, zero, the empty string
  /// and the empty list are falsey; everything else, including an empty object, is truthy.
  var isTruthy: Bool {
    switch self {
    case .null: false
    case .bool(let value): value
    case .int(let value): value != 0
    case .double(let value): value != 0 && !value.isNaN
    case .string(let text), .safeHTML(let text): !text.isEmpty
    case .array(let elements): !elements.isEmpty
    case .object, .record, .lambda: true
    }
  }

  /// The text a variable tag shows before escaping, or `nil` for values that show nothing.
  ///
  /// Lists show their elements separated by commas, as JavaScript prints arrays.
  var text: String? {
    switch self {
    case .null, .object, .record, .lambda: nil
    case .bool(let value): value ? "true" : "false"
    case .int(let value): String(value)
    case .double(let value): Self.format(value)
    case .string(let text), .safeHTML(let text): text
    case .array(let elements): elements.map { $0.text ?? "" }.joined(separator: ",")
    }
  }

  /// `2.0` as `2` and `1.21` as `1.21`: whole numbers print without a fractional part, others in
  /// the shortest form that reads back as the same number.
  static func format(_ value: Double) -> String {
    if value.isFinite && value.rounded() == value && abs(value) < 1e15 {
      return String(Int64(value))
    }
    return value.description
  }
}
