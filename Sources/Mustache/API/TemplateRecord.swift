/// An object whose member names are hashed once, when it is made: for data a renderer looks up
/// on every page, such as a site generator's page object.
///
/// A ``TemplateValue/object(_:)`` is a `Dictionary`, whose look-up hashes the name again with
/// the dictionary's own seed every time a tag names a member; a record compares a hash of the
/// name made once for the tag when the template was parsed. Both render the same; a record's
/// members keep the order they were given in, and a name given twice is found at its first.
///
/// ```swift
/// let keys = TemplateRecord.Keys(["title", "url"])
/// let page = TemplateValue.record(TemplateRecord(keys: keys, values: ["Home", "/"]))
/// ```
public struct TemplateRecord: Sendable {
  /// Member names with their hashes, made once and shared by every record of that shape.
  public struct Keys: Sendable {
    let names: [String]
    let hashes: [UInt64]

    /// The names `names`, each hashed once here.
    public init(_ names: [String]) {
      self.names = names
      hashes = names.map(TemplateRecord.hash)
    }

    /// How many names there are.
    public var count: Int { names.count }
  }

  struct Entry: Sendable {
    var hash: UInt64
    var name: String
    var value: TemplateValue
  }

  var entries: ContiguousArray<Entry>

  /// A record with `values[i]` under `keys`' name `i`; `values` has one value per name.
  public init(keys: Keys, values: [TemplateValue]) {
    precondition(keys.count == values.count, "a record needs one value per key")
    self.init(keys: keys) { values[$0] }
  }

  /// A record with `value(i)` under `keys`' name `i`.
  public init(keys: Keys, _ value: (Int) -> TemplateValue) {
    entries = ContiguousArray()
    entries.reserveCapacity(keys.count)
    for index in 0..<keys.count {
      entries.append(Entry(hash: keys.hashes[index], name: keys.names[index], value: value(index)))
    }
  }

  /// This record with `value` under `name`: in place of the member of that name, or added last.
  public func setting(_ name: String, to value: TemplateValue) -> TemplateRecord {
    var copy = self
    let hash = TemplateRecord.hash(name)
    if let index = copy.entries.firstIndex(where: { $0.hash == hash && $0.name == name }) {
      copy.entries[index].value = value
    } else {
      copy.entries.append(Entry(hash: hash, name: name, value: value))
    }
    return copy
  }

  /// A record of `members`, in their order, each name hashed here.
  public init(_ members: [(name: String, value: TemplateValue)]) {
    entries = ContiguousArray(
      members.map { Entry(hash: TemplateRecord.hash($0.name), name: $0.name, value: $0.value) })
  }

  init(entries: ContiguousArray<Entry>) {
    self.entries = entries
  }

  /// The members' names, in their order.
  public var names: [String] { entries.map(\.name) }

  /// Calls `body` with each member's name and value, in their order, without copying them into
  /// an array first (a digest of every page's data visits every member).
  public func forEachMember(_ body: (String, TemplateValue) throws -> Void) rethrows {
    for entry in entries { try body(entry.name, entry.value) }
  }

  /// The value of the member `name`, if there is one.
  public subscript(name: String) -> TemplateValue? {
    value(named: name, hash: TemplateRecord.hash(name))
  }

  /// The value of the member `name`, whose ``hash(_:)`` is `hash`.
  @inline(__always)
  func value(named name: String, hash: UInt64) -> TemplateValue? {
    entries.withUnsafeBufferPointer { entries in
      // Fields compared in place: copying an entry out would retain its name and value.
      for index in entries.indices where entries[index].hash == hash && entries[index].name == name {
        return entries[index].value
      }
      return nil
    }
  }

  /// A name's hash: FNV-1a over its UTF-8 bytes, the same on every run and every machine.
  static func hash(_ name: String) -> UInt64 {
    var name = name
    return name.withUTF8 { bytes in
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325
      for byte in bytes {
        hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
      }
      return hash
    }
  }
}
