/// Finds the tags that stand alone on their lines, and the whitespace and line breaks that
/// disappear with them, as the spec requires of sections, comments, partials and the like.
///
/// A tag stands alone when nothing but whitespace shares its line. Inheritance adds one twist:
/// text and tags directly inside a parent tag's body produce no output, so they do not count. This
/// is what makes `{{<parent}}{{$block}}` on one line, or `{{<parent}}{{/parent}}`, standalone.
struct StandaloneLines {
  /// Whether each token is a tag that stands alone on its line.
  private(set) var isStandalone: [Bool]
  /// Whether each token is whitespace or a line break removed with a standalone tag.
  private(set) var isRemoved: [Bool]
  /// The 0-based line of each token, counting line-break tokens.
  private(set) var lineOfToken: [Int]
  /// Whether each line holds a standalone tag, and so produces no output of its own.
  private(set) var lineHasStandaloneTag: [Bool]

  private let tokens: [Token]
  private let tree: TokenTree
  private let source: [UInt8]

  /// Analyses `tokens`, whose tags pair up as `tree` says.
  init(tokens: [Token], tree: TokenTree, source: [UInt8]) {
    self.tokens = tokens
    self.tree = tree
    self.source = source
    isStandalone = Array(repeating: false, count: tokens.count)
    isRemoved = Array(repeating: false, count: tokens.count)
    lineOfToken = Array(repeating: 0, count: tokens.count)
    var line = 0
    for (index, token) in tokens.enumerated() {
      lineOfToken[index] = line
      if token.kind == .newline {
        line += 1
      }
    }
    lineHasStandaloneTag = Array(repeating: false, count: line + 1)
    for index in tokens.indices where tokens[index].kind.canStandAlone {
      if isAloneBackward(index) && isAloneForward(index) {
        markStandalone(index)
      }
    }
  }

  /// Whether a text token holds only spaces and tabs.
  func isBlank(_ token: Token) -> Bool {
    token.kind == .text && !source[token.range].contains(where: { !$0.isWhitespace })
  }

  private mutating func markStandalone(_ index: Int) {
    isStandalone[index] = true
    lineHasStandaloneTag[lineOfToken[index]] = true
    var before = index - 1
    while before >= 0 && tokens[before].kind != .newline {
      if isBlank(tokens[before]) {
        isRemoved[before] = true
      }
      before -= 1
    }
    var after = index + 1
    while after < tokens.count {
      if isBlank(tokens[after]) {
        isRemoved[after] = true
      } else if tokens[after].kind == .newline {
        isRemoved[after] = true
        break
      }
      after += 1
    }
  }

  /// The parent tag whose body directly holds the container `index`, if that container is one.
  private func parentBody(_ container: Int?) -> Int? {
    guard let container, tokens[container].kind == .parent else { return nil }
    return container
  }

  private func isAloneBackward(_ index: Int) -> Bool {
    // Scanning back from a parent's closing tag starts inside that parent's body.
    var scope: Int?
    if tokens[index].kind == .close, let opening = tree.partner[index], tokens[opening].kind == .parent {
      scope = opening
    } else {
      scope = parentBody(tree.container[index])
    }
    var current = index - 1
    while current >= 0 {
      if tokens[current].kind == .newline {
        return true
      }
      if let body = scope {
        if current == body {
          scope = parentBody(tree.container[current])
          current -= 1
          continue
        }
        if tree.container[current] == body {
          current -= 1
          continue
        }
      }
      guard isBlank(tokens[current]) else { return false }
      current -= 1
    }
    return true
  }

  private func isAloneForward(_ index: Int) -> Bool {
    // Scanning forward from a parent's opening tag starts inside that parent's body.
    var scope = tokens[index].kind == .parent ? index : parentBody(tree.container[index])
    var current = index + 1
    while current < tokens.count {
      if tokens[current].kind == .newline {
        return true
      }
      if let body = scope {
        if current == tree.partner[body] {
          scope = parentBody(tree.container[current])
          current += 1
          continue
        }
        if tree.container[current] == body {
          current += 1
          continue
        }
      }
      guard isBlank(tokens[current]) else { return false }
      current += 1
    }
    return true
  }
}
