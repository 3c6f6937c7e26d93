import Diagnostics

extension Node {
  /// An indented outline of `nodes`, one node per line, for tests and debugging:
  ///
  /// ```
  /// text "Hello, "
  /// variable name escaped @1:8
  /// section items @1:16
  ///   lineStart
  /// ```
  static func dump(_ nodes: [Node]) -> String {
    var lines: [String] = []
    for node in nodes {
      node.dump(into: &lines, indent: "")
    }
    return lines.joined(separator: "\n")
  }

  private func dump(into lines: inout [String], indent: String) {
    let deeper = indent + "  "
    func children(_ nodes: [Node]) {
      for node in nodes {
        node.dump(into: &lines, indent: deeper)
      }
    }
    switch self {
    case .text(let text):
      lines.append(indent + "text " + Self.quoted(String(decoding: text, as: UTF8.self)))
    case .lineStart:
      lines.append(indent + "lineStart")
    case .variable(let variable):
      let escaping = variable.isEscaped ? "escaped" : "unescaped"
      lines.append(indent + "variable \(variable.name) \(escaping) @\(Self.position(variable.location))")
    case .section(let section):
      lines.append(indent + "section \(section.name) @\(Self.position(section.location))")
      children(section.nodes)
    case .invertedSection(let section):
      lines.append(indent + "inverted \(section.name) @\(Self.position(section.location))")
      children(section.nodes)
    case .partial(let inclusion):
      lines.append(indent + "partial " + Self.describe(inclusion))
    case .parent(let inclusion):
      lines.append(indent + "parent " + Self.describe(inclusion))
      for name in inclusion.overrides.keys.sorted() {
        Node.block(inclusion.overrides[name]!).dump(into: &lines, indent: deeper)
      }
    case .block(let block):
      let standalone = block.isStandalone ? " standalone" : ""
      lines.append(
        indent + "block \(block.name) indent \(Self.quoted(block.indentation))\(standalone)"
          + " @\(Self.position(block.location))")
      children(block.nodes)
    }
  }

  private static func describe(_ inclusion: Inclusion) -> String {
    let indentation = inclusion.indentation.map { " indent \(quoted($0))" } ?? ""
    return "\(inclusion.target)\(indentation) @\(position(inclusion.location))"
  }

  private static func position(_ location: SourceLocation) -> String {
    "\(location.line):\(location.column)"
  }

  private static func quoted(_ text: String) -> String {
    var result = "\""
    for character in text.unicodeScalars {
      switch character {
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      default: result.unicodeScalars.append(character)
      }
    }
    return result + "\""
  }
}
