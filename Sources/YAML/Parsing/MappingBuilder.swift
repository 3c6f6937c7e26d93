import Diagnostics

/// Collects one mapping's keys and values as their events arrive, refusing repeated keys and
/// applying `<<` merge keys when the mapping ends.
struct MappingBuilder {
  private var entries: [YAMLMapping.Entry] = []
  /// The keys' positions once the mapping has more than ``YAMLMapping/keysFoundInOrder`` keys;
  /// before, a repeated key is found by comparing it with the others.
  private var positions: [YAMLValue: Int]? = nil
  private var pendingKey: YAMLValue?
  private var pendingKeyIsMerge = false
  private var merge: (position: Int, source: YAMLValue)?
  private var mergeKey: YAMLValue?

  /// Adds the next node, which is a key or the value of the key before it.
  mutating func add(_ node: YAMLValue, isMergeKey: Bool) throws {
    guard let key = pendingKey else {
      if isMergeKey {
        if let mergeKey {
          throw YAMLProblem.duplicateKey(key: "'<<'", first: mergeKey.location).error(at: node.location)
        }
        mergeKey = node
      } else if let first = YAMLMapping.position(of: node, in: entries, table: positions) {
        throw YAMLProblem.duplicateKey(key: Self.describe(node), first: entries[first].key.location)
          .error(at: node.location)
      } else if positions != nil {
        positions?[node] = entries.count
      } else if entries.count == YAMLMapping.keysFoundInOrder {
        // The key that makes the mapping large: from here on keys are found by their hash.
        var table: [YAMLValue: Int] = [:]
        for (position, entry) in entries.enumerated() { table[entry.key] = position }
        table[node] = entries.count
        positions = table
      }
      pendingKey = node
      pendingKeyIsMerge = isMergeKey
      return
    }
    pendingKey = nil
    if pendingKeyIsMerge {
      merge = (entries.count, node)
    } else {
      entries.append(YAMLMapping.Entry(key: key, value: node))
    }
  }

  /// The finished mapping: explicit keys win over merged ones, and earlier merge sources win over
  /// later ones; merged pairs take the place of the `<<` key.
  func build() throws -> YAMLMapping {
    guard let merge else { return YAMLMapping(entries: entries, positions: positions) }
    let sources: [YAMLValue]
    switch merge.source.kind {
    case .mapping: sources = [merge.source]
    case .sequence(let values): sources = values
    default: throw YAMLProblem.invalidMerge.error(at: merge.source.location)
    }
    var seen = Set(entries.map(\.key))
    var merged: [YAMLMapping.Entry] = []
    for source in sources {
      guard let mapping = source.mapping else { throw YAMLProblem.invalidMerge.error(at: source.location) }
      for entry in mapping where seen.insert(entry.key).inserted {
        merged.append(entry)
      }
    }
    var all = entries
    all.insert(contentsOf: merged, at: merge.position)
    return YAMLMapping(uniqueEntries: all)
  }

  private static func describe(_ key: YAMLValue) -> String {
    switch key.kind {
    case .string(let text): "'\(text)'"
    case .int(let value): "\(value)"
    case .double(let value): "\(value)"
    case .bool(let value): "\(value)"
    case .null: "null"
    case .sequence: "(a sequence)"
    case .mapping: "(a mapping)"
    }
  }
}
