extension TemplateValue: Decodable {
  /// Decodes any JSON-like value: `null`, booleans, integers, other numbers, strings, arrays and
  /// objects. Strings decode as ``TemplateValue/string(_:)``, so data files never inject HTML.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Int.self) {
      // Tried before Double so that `85` prints as `85`, not `85.0`.
      self = .int(value)
    } else if let value = try? container.decode(Double.self) {
      self = .double(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([TemplateValue].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: TemplateValue].self))
    }
  }
}
