/// A small checker for tests: every element opened in an HTML fragment is closed in order.
/// Not a validator; it catches what cutting HTML can break (an open `<div>` left behind).
enum HTMLBalance {
  private static let voidElements: Set<String> = [
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr",
  ]

  /// The problems found, empty for a balanced fragment.
  static func problems(in html: String) -> [String] {
    var open: [String] = []
    var problems: [String] = []
    var rest = Substring(html)
    while let start = rest.firstIndex(of: "<") {
      rest = rest[start...]
      if rest.hasPrefix("<!--") {
        guard let end = rest.range(of: "-->") else { return problems + ["unclosed comment"] }
        rest = rest[end.upperBound...]
        continue
      }
      guard let end = rest.firstIndex(of: ">") else { return problems + ["unclosed tag"] }
      let tag = rest[rest.index(after: rest.startIndex)..<end]
      rest = rest[rest.index(after: end)...]
      if tag.hasPrefix("!") { continue }
      let isClosing = tag.hasPrefix("/")
      let name = tag.drop(while: { $0 == "/" }).prefix(while: { $0.isLetter || $0.isNumber }).lowercased()
      if voidElements.contains(name) || tag.hasSuffix("/") { continue }
      if isClosing {
        if open.last == name {
          open.removeLast()
        } else {
          problems.append("</\(name)> closes <\(open.last ?? "nothing")>")
        }
      } else {
        open.append(name)
      }
    }
    return problems + open.map { "<\($0)> is never closed" }
  }
}
