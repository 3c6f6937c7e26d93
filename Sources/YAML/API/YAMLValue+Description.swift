extension YAMLValue: CustomStringConvertible {
  /// The value in one line of flow style, strings quoted: `{title: "Hi", tags: ["a", 2]}`.
  public var description: String {
    var text = ""
    // Pieces are written from a stack of nodes and literal punctuation, so depth costs no recursion.
    enum Piece {
      case node(YAMLValue)
      case literal(String)
    }
    var pending: [Piece] = [.node(self)]
    while let piece = pending.popLast() {
      switch piece {
      case .literal(let literal):
        text += literal
      case .node(let node):
        switch node.kind {
        case .null: text += "null"
        case .bool(let flag): text += "\(flag)"
        case .int(let number): text += "\(number)"
        case .double(let number): text += "\(number)"
        case .string(let string): text += string.debugDescription
        case .sequence(let items):
          text += "["
          pending.append(.literal("]"))
          for (position, item) in items.enumerated().reversed() {
            pending.append(.node(item))
            if position > 0 { pending.append(.literal(", ")) }
          }
        case .mapping(let mapping):
          text += "{"
          pending.append(.literal("}"))
          for (position, entry) in mapping.enumerated().reversed() {
            pending.append(.node(entry.value))
            pending.append(.literal(": "))
            pending.append(.node(entry.key))
            if position > 0 { pending.append(.literal(", ")) }
          }
        }
      }
    }
    return text
  }
}
