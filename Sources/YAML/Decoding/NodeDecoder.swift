/// The `Decoder` for one node; containers make a new one for each child with the longer path.
struct NodeDecoder: Decoder {
  let node: YAMLValue
  let codingPath: [any CodingKey]
  let userInfo: [CodingUserInfoKey: Any]

  func child(_ node: YAMLValue, key: any CodingKey) -> NodeDecoder {
    NodeDecoder(node: node, codingPath: codingPath + [key], userInfo: userInfo)
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard let mapping = node.mapping else { throw mismatch("a mapping") }
    return KeyedDecodingContainer(KeyedNodeContainer<Key>(decoder: self, mapping: mapping))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard let items = node.array else { throw mismatch("a sequence") }
    return UnkeyedNodeContainer(decoder: self, items: items)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    SingleValueNodeContainer(decoder: self)
  }

  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    if let value = node as? T, T.self == YAMLValue.self {
      return value
    }
    return try T(from: self)
  }

  func decodeBool() throws -> Bool {
    guard let value = node.bool else { throw mismatch("a boolean") }
    return value
  }

  func decodeString() throws -> String {
    guard let value = node.string else { throw mismatch("a string") }
    return value
  }

  func decodeInteger<Integer: FixedWidthInteger>(_ type: Integer.Type) throws -> Integer {
    switch node.kind {
    case .int(let value):
      guard let converted = Integer(exactly: value) else { throw outOfRange(type) }
      return converted
    case .double(let value) where value.rounded() == value:
      guard let converted = Integer(exactly: value) else { throw outOfRange(type) }
      return converted
    default:
      throw mismatch("an integer")
    }
  }

  func decodeFloat<Float: BinaryFloatingPoint>(_ type: Float.Type) throws -> Float {
    guard let value = node.double else { throw mismatch("a number") }
    let converted = Float(value)
    if converted.isInfinite && value.isFinite { throw outOfRange(type) }
    return converted
  }

  func mismatch(_ expected: String) -> Error {
    DecodingProblem.typeMismatch(expected: expected, found: node).error(
      at: node.location, codingPath: codingPath)
  }

  private func outOfRange(_ type: Any.Type) -> Error {
    DecodingProblem.outOfRange(found: node, type: "\(type)").error(at: node.location, codingPath: codingPath)
  }
}
