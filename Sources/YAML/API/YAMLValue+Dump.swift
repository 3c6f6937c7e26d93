extension YAMLValue {
  /// The tree as indented text, one node per line with its `@line:column`, for tests and debugging.
  ///
  /// ```
  /// mapping @1:1
  ///   key string "tags" @1:1
  ///   value sequence @1:7
  ///     int 1 @1:8
  /// ```
  public func dump() -> String {
    var lines: [String] = []
    // An explicit stack keeps deep trees from growing the call stack.
    var pending: [(node: YAMLValue, depth: Int, label: String)] = [(self, 0, "")]
    while let (node, depth, label) = pending.popLast() {
      var line = String(repeating: "  ", count: depth) + label + node.kindSummary
      if let location = node.location {
        line += " @\(location.line):\(location.column)"
      }
      lines.append(line)
      switch node.kind {
      case .sequence(let values):
        for value in values.reversed() {
          pending.append((value, depth + 1, ""))
        }
      case .mapping(let mapping):
        for entry in mapping.entries.reversed() {
          pending.append((entry.value, depth + 1, "value "))
          pending.append((entry.key, depth + 1, "key "))
        }
      default:
        break
      }
    }
    return lines.joined(separator: "\n")
  }

  private var kindSummary: String {
    switch kind {
    case .null: "null"
    case .bool(let value): "bool \(value)"
    case .int(let value): "int \(value)"
    case .double(let value): "double \(value)"
    case .string(let value): "string \(value.debugDescription)"
    case .sequence: "sequence"
    case .mapping: "mapping"
    }
  }
}
