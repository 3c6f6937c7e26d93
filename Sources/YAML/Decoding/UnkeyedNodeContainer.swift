/// Reads a sequence item by item for a `Decodable` type.
struct UnkeyedNodeContainer: UnkeyedDecodingContainer {
  let decoder: NodeDecoder
  let items: [YAMLValue]
  private(set) var currentIndex = 0

  init(decoder: NodeDecoder, items: [YAMLValue]) {
    self.decoder = decoder
    self.items = items
  }

  var codingPath: [any CodingKey] { decoder.codingPath }
  var count: Int? { items.count }
  var isAtEnd: Bool { currentIndex >= items.count }

  private mutating func next() throws -> NodeDecoder {
    guard !isAtEnd else {
      throw DecodingProblem.tooFewItems(count: items.count).error(
        at: decoder.node.location, codingPath: codingPath)
    }
    defer { currentIndex += 1 }
    return decoder.child(items[currentIndex], key: NodeKey(intValue: currentIndex))
  }

  mutating func decodeNil() throws -> Bool {
    guard !isAtEnd else {
      throw DecodingProblem.tooFewItems(count: items.count).error(
        at: decoder.node.location, codingPath: codingPath)
    }
    guard items[currentIndex].isNull else { return false }
    currentIndex += 1
    return true
  }

  mutating func decode(_ type: Bool.Type) throws -> Bool { try next().decodeBool() }
  mutating func decode(_ type: String.Type) throws -> String { try next().decodeString() }
  mutating func decode(_ type: Double.Type) throws -> Double { try next().decodeFloat(type) }
  mutating func decode(_ type: Float.Type) throws -> Float { try next().decodeFloat(type) }
  mutating func decode(_ type: Int.Type) throws -> Int { try next().decodeInteger(type) }
  mutating func decode(_ type: Int8.Type) throws -> Int8 { try next().decodeInteger(type) }
  mutating func decode(_ type: Int16.Type) throws -> Int16 { try next().decodeInteger(type) }
  mutating func decode(_ type: Int32.Type) throws -> Int32 { try next().decodeInteger(type) }
  mutating func decode(_ type: Int64.Type) throws -> Int64 { try next().decodeInteger(type) }
  mutating func decode(_ type: UInt.Type) throws -> UInt { try next().decodeInteger(type) }
  mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next().decodeInteger(type) }
  mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next().decodeInteger(type) }
  mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next().decodeInteger(type) }
  mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next().decodeInteger(type) }

  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try next().decode(type)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    try next().container(keyedBy: type)
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try next().unkeyedContainer()
  }

  mutating func superDecoder() throws -> any Decoder {
    try next()
  }
}
