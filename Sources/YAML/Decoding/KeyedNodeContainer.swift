/// Reads a mapping for a `Decodable` type: keys are matched by their text, in the order written.
struct KeyedNodeContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let decoder: NodeDecoder
  let mapping: YAMLMapping
  /// Where each key text is in `mapping`; the first pair wins if two keys share a text (`1` and `"1"`).
  private let positions: [String: Int]

  init(decoder: NodeDecoder, mapping: YAMLMapping) {
    self.decoder = decoder
    self.mapping = mapping
    var positions: [String: Int] = [:]
    for (position, entry) in mapping.enumerated() {
      if let text = entry.key.codingKeyText, positions[text] == nil {
        positions[text] = position
      }
    }
    self.positions = positions
  }

  var codingPath: [any CodingKey] { decoder.codingPath }

  var allKeys: [Key] {
    mapping.enumerated().compactMap { position, entry in
      guard let text = entry.key.codingKeyText, positions[text] == position else { return nil }
      return Key(stringValue: text)
    }
  }

  func contains(_ key: Key) -> Bool {
    positions[key.stringValue] != nil
  }

  private func child(_ key: Key) throws -> NodeDecoder {
    guard let position = positions[key.stringValue] else {
      throw DecodingProblem.missingKey(key.stringValue).error(
        at: decoder.node.location, codingPath: codingPath)
    }
    return decoder.child(mapping[position].value, key: key)
  }

  func decodeNil(forKey key: Key) throws -> Bool {
    try child(key).node.isNull
  }

  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try child(key).decodeBool() }
  func decode(_ type: String.Type, forKey key: Key) throws -> String { try child(key).decodeString() }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try child(key).decodeFloat(type) }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try child(key).decodeFloat(type) }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try child(key).decodeInteger(type) }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try child(key).decodeInteger(type) }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try child(key).decodeInteger(type) }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try child(key).decodeInteger(type) }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try child(key).decodeInteger(type) }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try child(key).decodeInteger(type) }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try child(key).decodeInteger(type) }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try child(key).decodeInteger(type) }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try child(key).decodeInteger(type) }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try child(key).decodeInteger(type) }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try child(key).decode(type)
  }

  func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    try child(key).container(keyedBy: type)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try child(key).unkeyedContainer()
  }

  func superDecoder() throws -> any Decoder {
    superDecoder(NodeKey.superKey)
  }

  func superDecoder(forKey key: Key) throws -> any Decoder {
    superDecoder(key)
  }

  /// A decoder for `key`'s value, or for `null` when the key is absent, as `JSONDecoder` does.
  private func superDecoder(_ key: any CodingKey) -> any Decoder {
    let value =
      positions[key.stringValue].map { mapping[$0].value } ?? YAMLValue(.null, at: decoder.node.location)
    return decoder.child(value, key: key)
  }
}
