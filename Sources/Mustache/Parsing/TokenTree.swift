import Diagnostics

/// How a template's tags nest: which container each token is in, and which tags pair up.
///
/// Computed with an explicit stack, so deeply nested source cannot exhaust the call stack.
struct TokenTree {
  /// The deepest nesting of sections, blocks and parents the parser accepts. Rendering recurses
  /// once per level, so this bounds its stack use together with ``RenderLimits/includeDepth``.
  static let maximumNesting = RenderLimits.sectionNesting

  /// For each token, the index of the opening tag of its innermost container, or `nil` at the top
  /// level. A closing tag belongs to the same container as its opening tag.
  let container: [Int?]
  /// For each opening tag, the index of its closing tag, and for each closing tag, its opening tag.
  let partner: [Int?]

  /// Pairs the tags of `tokens`; `path` names the template in errors.
  init(tokens: [Token], path: String) throws(TemplateError) {
    var container = [Int?](repeating: nil, count: tokens.count)
    var partner = [Int?](repeating: nil, count: tokens.count)
    var open: [Int] = []
    for (index, token) in tokens.enumerated() {
      container[index] = open.last
      if token.kind.opensContainer {
        guard open.count < Self.maximumNesting else {
          throw TemplateError(
            location: Self.location(of: token, path), reason: .nestingTooDeep(limit: Self.maximumNesting))
        }
        open.append(index)
      } else if token.kind == .close {
        guard let opening = open.popLast() else {
          throw TemplateError(
            location: Self.location(of: token, path), reason: .unexpectedClose(name: token.name))
        }
        guard tokens[opening].name == token.name else {
          throw TemplateError(
            location: Self.location(of: token, path),
            reason: .mismatchedClose(
              expected: tokens[opening].name, found: token.name,
              openedAt: Self.location(of: tokens[opening], path)))
        }
        partner[opening] = index
        partner[index] = opening
        container[index] = container[opening]
      }
    }
    if let unclosed = open.last {
      let token = tokens[unclosed]
      throw TemplateError(
        location: Self.location(of: token, path),
        reason: .unclosedSection(kind: Self.noun(for: token.kind), name: token.name))
    }
    self.container = container
    self.partner = partner
  }

  /// Where `token` starts.
  static func location(of token: Token, _ path: String) -> SourceLocation {
    SourceLocation(path: path, line: token.line, column: token.column)
  }

  private static func noun(for kind: Token.Kind) -> String {
    switch kind {
    case .invertedSection: "inverted section"
    case .parent: "parent"
    case .block: "block"
    default: "section"
    }
  }
}
