/// The key-value pairs of a YAML mapping, in the order they were written, with keys found by content.
///
/// Keys are any ``YAMLValue`` (most often strings) and are unique: the parser reports a repeated key
/// as an error. Two mappings are equal when they hold the same pairs, in any order.
public struct YAMLMapping: Sendable, Hashable, RandomAccessCollection {
  /// One key and its value.
  public struct Entry: Sendable, Hashable {
    /// The key, with the location where it was written.
    public var key: YAMLValue
    /// The value.
    public var value: YAMLValue

    /// Creates a pair.
    public init(key: YAMLValue, value: YAMLValue) {
      self.key = key
      self.value = value
    }
  }

  /// The pairs in the order they were written.
  public private(set) var entries: [Entry]
  /// Each key's position, for a mapping of more than ``keysFoundInOrder`` pairs; nil for a
  /// smaller one, whose keys are found by comparing them in order.
  private var positions: [YAMLValue: Int]?

  /// How many pairs a mapping's keys are looked for one by one: a page's front matter has about
  /// five, and hashing each key into a table cost more than comparing it with the others.
  static let keysFoundInOrder = 8

  /// Creates an empty mapping.
  public init() {
    entries = []
    positions = nil
  }

  /// Creates a mapping from pairs whose keys must all differ.
  public init(uniqueEntries entries: [Entry]) {
    self.entries = entries
    guard entries.count > Self.keysFoundInOrder else {
      for (position, entry) in entries.enumerated() {
        precondition(
          !entries[..<position].contains { $0.key == entry.key },
          "YAMLMapping(uniqueEntries:) got the key \(entry.key.kind) twice")
      }
      positions = nil
      return
    }
    var positions: [YAMLValue: Int] = [:]
    positions.reserveCapacity(entries.count)
    for (position, entry) in entries.enumerated() {
      let previous = positions.updateValue(position, forKey: entry.key)
      precondition(previous == nil, "YAMLMapping(uniqueEntries:) got the key \(entry.key.kind) twice")
    }
    self.positions = positions
  }

  /// Wraps pairs whose key positions the parser has already worked out (nil for a mapping of
  /// at most ``keysFoundInOrder`` pairs).
  init(entries: [Entry], positions: [YAMLValue: Int]?) {
    self.entries = entries
    self.positions = positions
  }

  /// The position of the first pair.
  public var startIndex: Int { entries.startIndex }
  /// The position after the last pair.
  public var endIndex: Int { entries.endIndex }
  /// The pair at `position`.
  public subscript(position: Int) -> Entry { entries[position] }

  /// The keys in the order they were written.
  public var keys: [YAMLValue] { entries.map(\.key) }

  /// The pair whose key equals `key`, which also tells where the key was written.
  public func entry(forKey key: YAMLValue) -> Entry? {
    Self.position(of: key, in: entries, table: positions).map { entries[$0] }
  }

  /// Where the pair with `key` is among `entries`: looked up in `table` when there is one
  /// (a mapping of more than ``keysFoundInOrder`` pairs), else found by comparing in order.
  static func position(of key: YAMLValue, in entries: [Entry], table: [YAMLValue: Int]?) -> Int? {
    guard let table else { return entries.firstIndex { $0.key == key } }
    return table[key]
  }

  /// The value of the pair whose key equals `key`.
  public func value(forKey key: YAMLValue) -> YAMLValue? {
    entry(forKey: key)?.value
  }

  /// The value stored under the string key `key`.
  public subscript(key: String) -> YAMLValue? {
    value(forKey: YAMLValue(.string(key)))
  }

  /// Whether both mappings hold the same pairs, in any order.
  public static func == (lhs: YAMLMapping, rhs: YAMLMapping) -> Bool {
    guard lhs.entries.count == rhs.entries.count else { return false }
    return lhs.entries.allSatisfy { rhs.value(forKey: $0.key) == $0.value }
  }

  /// Hashes the pairs without regard to their order, consistently with `==`.
  public func hash(into hasher: inout Hasher) {
    var combined = 0
    for entry in entries {
      combined &+= entry.hashValue
    }
    hasher.combine(entries.count)
    hasher.combine(combined)
  }
}
