import Diagnostics

/// Turns template source into nodes: lexes it, pairs the tags, removes standalone lines, re-indents
/// block overrides, and builds the tree with an explicit stack.
struct Parser {
  private let source: [UInt8]
  private let path: String
  private var tokens: [Token] = []
  /// The indentation of each block's content, by the index of its opening tag.
  private var blockIndentation: [Int: String] = [:]

  /// Prepares to parse `source`; `path` names the template in error locations.
  init(source: String, path: String) {
    self.source = Array(source.utf8)
    self.path = path
  }

  /// The template's nodes; `delimiters` are the ones in effect at the start.
  mutating func parse(delimiters: Delimiters = .standard) throws(TemplateError) -> [Node] {
    var lexer = Lexer(source: source, path: path, delimiters: delimiters)
    tokens = try lexer.tokenize()
    let tree = try TokenTree(tokens: tokens, path: path)
    let lines = StandaloneLines(tokens: tokens, tree: tree, source: source)
    indentBlocks(tree: tree, lines: lines)
    return build(tree: tree, lines: lines)
  }

  // MARK: - Block indentation

  /// Records each block's indentation and strips an override's own indentation from its lines,
  /// in source order so that nested blocks measure their indentation relative to the outer one.
  private mutating func indentBlocks(tree: TokenTree, lines: StandaloneLines) {
    for index in tokens.indices where tokens[index].kind == .block {
      let indentation: [UInt8]
      if lines.isStandalone[index] {
        indentation = leadingWhitespace(ofLineStartingAfter: index)
      } else {
        indentation = leadingWhitespace(ofLineWith: index)
      }
      blockIndentation[index] = String(decoding: indentation, as: UTF8.self)
      let isOverride = tree.container[index].map { tokens[$0].kind == .parent } ?? false
      guard isOverride, !indentation.isEmpty, let closing = tree.partner[index] else { continue }
      for lineBreak in index + 1..<closing where tokens[lineBreak].kind == .newline {
        let next = lineBreak + 1
        guard next < closing, tokens[next].kind == .text else { continue }
        if source[tokens[next].range].starts(with: indentation) {
          tokens[next].range =
            tokens[next].range.lowerBound + indentation.count..<tokens[next].range.upperBound
        }
      }
    }
  }

  /// The whitespace that starts the line after the one holding token `index`.
  private func leadingWhitespace(ofLineStartingAfter index: Int) -> [UInt8] {
    guard let lineBreak = tokens[(index + 1)...].firstIndex(where: { $0.kind == .newline }) else { return [] }
    return leadingWhitespace(ofLineWith: lineBreak + 1)
  }

  /// The whitespace that starts the line holding token `index`.
  private func leadingWhitespace(ofLineWith index: Int) -> [UInt8] {
    var start = min(index, tokens.count)
    while start > 0 && tokens[start - 1].kind != .newline {
      start -= 1
    }
    guard start < tokens.count, tokens[start].kind == .text else { return [] }
    return Array(source[tokens[start].range].prefix(while: \.isWhitespace))
  }

  /// The whitespace between the start of the line and token `index`, or `nil` when anything else
  /// precedes the token on its line.
  private func whitespacePrefix(before index: Int) -> [UInt8]? {
    var start = index
    while start > 0 && tokens[start - 1].kind == .text {
      start -= 1
    }
    guard start == 0 || tokens[start - 1].kind == .newline else { return nil }
    var prefix: [UInt8] = []
    for token in tokens[start..<index] {
      let bytes = source[token.range]
      guard !bytes.contains(where: { !$0.isWhitespace }) else { return nil }
      prefix += bytes
    }
    return prefix
  }

  // MARK: - Tree building

  /// A container being filled: the top level, or an open section, block or parent.
  private struct Frame {
    let opening: Int?
    let kind: Token.Kind?
    var nodes: [Node] = []
    var pendingText: [UInt8] = []

    mutating func flushText() {
      if !pendingText.isEmpty {
        // Through `String` so that invalid UTF-8 is repaired as before; kept as bytes, which
        // the renderer copies in one piece (a short text from a `String` was copied by hand).
        nodes.append(.text(Array(String(decoding: pendingText, as: UTF8.self).utf8)))
        pendingText.removeAll(keepingCapacity: true)
      }
    }

    /// Adds a node; a parent's body keeps only its blocks, since the rest never renders.
    mutating func append(_ node: Node) {
      if kind == .parent {
        if case .block = node {
          nodes.append(node)
        }
        return
      }
      flushText()
      nodes.append(node)
    }

    mutating func appendText(_ bytes: ArraySlice<UInt8>) {
      if kind != .parent {
        pendingText += bytes
      }
    }
  }

  private func build(tree: TokenTree, lines: StandaloneLines) -> [Node] {
    var stack = [Frame(opening: nil, kind: nil)]
    for (index, token) in tokens.enumerated() where !lines.isRemoved[index] {
      if startsIndentedLine(index, lines: lines) {
        stack[stack.count - 1].append(.lineStart)
      }
      switch token.kind {
      case .text, .newline:
        stack[stack.count - 1].appendText(source[token.range])
      case .variable, .unescapedVariable:
        let variable = Variable(
          name: NamePath(Substring(token.name)), isEscaped: token.kind == .variable,
          location: location(of: token))
        stack[stack.count - 1].append(.variable(variable))
      case .partial:
        let indentation = lines.isStandalone[index] ? whitespacePrefix(before: index) : nil
        let partial = Inclusion(
          target: target(named: token.name),
          indentation: indentation.map { String(decoding: $0, as: UTF8.self) },
          overrides: [:], location: location(of: token))
        stack[stack.count - 1].append(.partial(partial))
      case .section, .invertedSection, .block, .parent:
        stack.append(Frame(opening: index, kind: token.kind))
      case .close:
        var frame = stack.removeLast()
        frame.flushText()
        stack[stack.count - 1].append(node(closing: frame, at: index, lines: lines))
      case .comment, .delimiters:
        break
      }
    }
    stack[0].flushText()
    return stack[0].nodes
  }

  /// Whether an indentation marker goes before token `index`: it starts a line that is neither
  /// empty nor removed as standalone.
  private func startsIndentedLine(_ index: Int, lines: StandaloneLines) -> Bool {
    guard index == 0 || tokens[index - 1].kind == .newline else { return false }
    return tokens[index].kind != .newline && !lines.lineHasStandaloneTag[lines.lineOfToken[index]]
  }

  private func node(closing frame: Frame, at closing: Int, lines: StandaloneLines) -> Node {
    guard let opening = frame.opening else { preconditionFailure("the top level is never closed") }
    let token = tokens[opening]
    switch token.kind {
    case .section, .invertedSection:
      let raw = source[token.range.upperBound..<tokens[closing].range.lowerBound]
      let section = Section(
        name: NamePath(Substring(token.name)), nodes: frame.nodes,
        rawText: String(decoding: raw, as: UTF8.self),
        delimiters: token.delimiters, location: location(of: token))
      return token.kind == .section ? .section(section) : .invertedSection(section)
    case .block:
      return .block(
        Block(
          name: token.name, nodes: frame.nodes, indentation: blockIndentation[opening] ?? "",
          isStandalone: lines.isStandalone[opening], location: location(of: token)))
    default:
      var overrides: [String: Block] = [:]
      for case .block(let block) in frame.nodes {
        overrides[block.name] = block
      }
      let indentation = lines.isStandalone[opening] ? whitespacePrefix(before: opening) : nil
      return .parent(
        Inclusion(
          target: target(named: token.name),
          indentation: indentation.map { String(decoding: $0, as: UTF8.self) },
          overrides: overrides, location: location(of: token)))
    }
  }

  private func target(named name: String) -> Inclusion.Target {
    name.first == "*" ? .dynamic(NamePath(name.dropFirst())) : .name(name)
  }

  private func location(of token: Token) -> SourceLocation {
    SourceLocation(path: path, line: token.line, column: token.column)
  }
}
