extension YAMLValue: Decodable {
  /// Takes the node as it is from ``YAMLDecoder`` (keeping locations), or rebuilds it from any
  /// other decoder's scalars, keyed and unkeyed containers (without locations).
  public init(from decoder: any Decoder) throws {
    if let nodeDecoder = decoder as? NodeDecoder {
      self = nodeDecoder.node
    } else if let container = try? decoder.container(keyedBy: NodeKey.self) {
      let entries = try container.allKeys.map { key in
        YAMLMapping.Entry(
          key: YAMLValue(.string(key.stringValue)), value: try container.decode(YAMLValue.self, forKey: key))
      }
      self.init(.mapping(YAMLMapping(uniqueEntries: entries)))
    } else if var container = try? decoder.unkeyedContainer() {
      var items: [YAMLValue] = []
      while !container.isAtEnd {
        items.append(try container.decode(YAMLValue.self))
      }
      self.init(.sequence(items))
    } else {
      let container = try decoder.singleValueContainer()
      if container.decodeNil() {
        self.init(.null)
      } else if let flag = try? container.decode(Bool.self) {
        self.init(.bool(flag))
      } else if let number = try? container.decode(Int.self) {
        self.init(.int(number))
      } else if let number = try? container.decode(Double.self) {
        self.init(.double(number))
      } else {
        self.init(.string(try container.decode(String.self)))
      }
    }
  }
}
