// Literal conformances let callers and tests write contexts as Swift literals, the way they would
// write the equivalent JSON.

extension TemplateValue: ExpressibleByNilLiteral {
  /// Creates ``TemplateValue/null``.
  public init(nilLiteral: ()) {
    self = .null
  }
}

extension TemplateValue: ExpressibleByBooleanLiteral {
  /// Creates ``TemplateValue/bool(_:)``.
  public init(booleanLiteral value: Bool) {
    self = .bool(value)
  }
}

extension TemplateValue: ExpressibleByIntegerLiteral {
  /// Creates ``TemplateValue/int(_:)``.
  public init(integerLiteral value: Int) {
    self = .int(value)
  }
}

extension TemplateValue: ExpressibleByFloatLiteral {
  /// Creates ``TemplateValue/double(_:)``.
  public init(floatLiteral value: Double) {
    self = .double(value)
  }
}

extension TemplateValue: ExpressibleByStringLiteral {
  /// Creates ``TemplateValue/string(_:)``: text that `{{name}}` escapes.
  public init(stringLiteral value: String) {
    self = .string(value)
  }
}

extension TemplateValue: ExpressibleByArrayLiteral {
  /// Creates ``TemplateValue/array(_:)``.
  public init(arrayLiteral elements: TemplateValue...) {
    self = .array(elements)
  }
}

extension TemplateValue: ExpressibleByDictionaryLiteral {
  /// Creates ``TemplateValue/object(_:)``; a repeated key keeps its last value.
  public init(dictionaryLiteral elements: (String, TemplateValue)...) {
    self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
  }
}
