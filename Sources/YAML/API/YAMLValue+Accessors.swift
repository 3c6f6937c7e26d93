extension YAMLValue {
  /// The text of a string node, or `nil` for any other kind.
  public var string: String? {
    if case .string(let value) = kind { return value }
    return nil
  }

  /// The number of an integer node, or `nil` for any other kind.
  public var int: Int? {
    if case .int(let value) = kind { return value }
    return nil
  }

  /// The number of a floating-point or integer node, or `nil` for any other kind.
  public var double: Double? {
    switch kind {
    case .double(let value): return value
    case .int(let value): return Double(value)
    default: return nil
    }
  }

  /// The truth value of a boolean node, or `nil` for any other kind.
  public var bool: Bool? {
    if case .bool(let value) = kind { return value }
    return nil
  }

  /// Whether the node is `null` (including an empty value).
  public var isNull: Bool {
    if case .null = kind { return true }
    return false
  }

  /// The items of a sequence node, or `nil` for any other kind.
  public var array: [YAMLValue]? {
    if case .sequence(let values) = kind { return values }
    return nil
  }

  /// The pairs of a mapping node, or `nil` for any other kind.
  public var mapping: YAMLMapping? {
    if case .mapping(let mapping) = kind { return mapping }
    return nil
  }

  /// The value under the string key `key` when this node is a mapping that has it.
  public subscript(key: String) -> YAMLValue? {
    mapping?[key]
  }

  /// The item at `index` when this node is a sequence that long.
  public subscript(index: Int) -> YAMLValue? {
    guard let values = array, values.indices.contains(index) else { return nil }
    return values[index]
  }
}
