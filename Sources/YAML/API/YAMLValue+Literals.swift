// Literals build values in code (defaults, tests); such values have no location.

extension YAMLValue: ExpressibleByNilLiteral {
  /// Creates `null`.
  public init(nilLiteral: ()) {
    self.init(.null)
  }
}

extension YAMLValue: ExpressibleByBooleanLiteral {
  /// Creates a boolean.
  public init(booleanLiteral value: Bool) {
    self.init(.bool(value))
  }
}

extension YAMLValue: ExpressibleByIntegerLiteral {
  /// Creates an integer.
  public init(integerLiteral value: Int) {
    self.init(.int(value))
  }
}

extension YAMLValue: ExpressibleByFloatLiteral {
  /// Creates a floating-point number.
  public init(floatLiteral value: Double) {
    self.init(.double(value))
  }
}

extension YAMLValue: ExpressibleByStringLiteral {
  /// Creates a string.
  public init(stringLiteral value: String) {
    self.init(.string(value))
  }
}

extension YAMLValue: ExpressibleByArrayLiteral {
  /// Creates a sequence.
  public init(arrayLiteral elements: YAMLValue...) {
    self.init(.sequence(elements))
  }
}

extension YAMLValue: ExpressibleByDictionaryLiteral {
  /// Creates a mapping that keeps the literal's key order; the keys must differ.
  public init(dictionaryLiteral elements: (YAMLValue, YAMLValue)...) {
    self.init(.mapping(YAMLMapping(uniqueEntries: elements.map { YAMLMapping.Entry(key: $0, value: $1) })))
  }
}
